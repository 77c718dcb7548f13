package treediff

import (
	"bytes"
	"path"
	"sort"
)

// MaxScore is a similarity of identical content; Renames pairs files
// whose similarity is at least MinScore, half of it, as git does by
// default (-M50%).
const (
	MaxScore = 60000
	MinScore = MaxScore / 2
)

// basenameScore is the similarity at which two files with the same base
// name, each the only one of that name among the files left on its side,
// are paired before any other pair is weighed (git's basename-guided
// detection: halfway between MinScore and MaxScore).
const basenameScore = MinScore + (MaxScore-MinScore)/2

// MaxPairs bounds the pairs of removed and added files whose similarity
// is computed (git's rename limit of 1000 files on each side, squared):
// past it only exact renames are found.
const MaxPairs = 1000 * 1000

// candidatesPerFile is how many of its best sources each added file keeps
// for the final assignment, as git keeps.
const candidatesPerFile = 4

// chunkMax is the longest chunk content is cut into for the similarity
// (a line, or this many bytes of a longer one).
const chunkMax = 64

// binarySniff is how many leading bytes are looked at for a NUL, which
// makes content binary (its CRs then count).
const binarySniff = 8000

// Renames pairs files removed from a tree (removed: path to content)
// with files added to it (added), as git's rename detection does without
// copies: first the added files whose content equals a removed file's
// (one of the same base name preferred, then the first path), then the
// files of the same base name that are the only ones of that name left on
// each side and at least 75% similar, then the remaining pairs at least
// MinScore similar, best first (same base name first among equals, then
// by path), each file used once. Empty files are never paired. It
// returns, for each added file paired, the removed file it comes from.
func Renames(removed, added map[string][]byte) map[string]string {
	out := map[string]string{}
	src, dst := nonEmpty(removed), nonEmpty(added)
	src, dst = exactRenames(src, dst, removed, added, out)
	src, dst = basenameRenames(src, dst, removed, added, out)
	if len(src)*len(dst) > MaxPairs {
		return out
	}
	similarRenames(src, dst, removed, added, out)
	return out
}

// nonEmpty lists the paths of files with content, sorted.
func nonEmpty(files map[string][]byte) []string {
	var out []string
	for p, b := range files {
		if len(b) > 0 {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// exactRenames pairs the files of dst with a file of src of the same
// content, and returns the files of each side left unpaired.
func exactRenames(src, dst []string, removed, added map[string][]byte, out map[string]string) (restSrc, restDst []string) {
	byContent := map[string][]string{}
	for _, s := range src {
		byContent[string(removed[s])] = append(byContent[string(removed[s])], s)
	}
	used := map[string]bool{}
	for _, d := range dst {
		best := ""
		for _, s := range byContent[string(added[d])] {
			if used[s] {
				continue
			}
			if best == "" || sameBase(s, d) && !sameBase(best, d) {
				best = s
			}
		}
		if best == "" {
			restDst = append(restDst, d)
			continue
		}
		used[best] = true
		out[d] = best
	}
	return unused(src, used), restDst
}

// basenameRenames pairs the files whose base name is unique among src
// and among dst, and the same on both sides, when they are at least
// basenameScore similar.
func basenameRenames(src, dst []string, removed, added map[string][]byte, out map[string]string) (restSrc, restDst []string) {
	srcByBase, dstByBase := uniqueBases(src), uniqueBases(dst)
	used := map[string]bool{}
	for _, d := range dst {
		s, ok := srcByBase[path.Base(d)]
		if ok && dstByBase[path.Base(d)] == d && Similarity(removed[s], added[d]) >= basenameScore {
			used[s] = true
			out[d] = s
			continue
		}
		restDst = append(restDst, d)
	}
	return unused(src, used), restDst
}

// uniqueBases maps each base name held by one path of paths to it.
func uniqueBases(paths []string) map[string]string {
	count := map[string]int{}
	for _, p := range paths {
		count[path.Base(p)]++
	}
	out := map[string]string{}
	for _, p := range paths {
		if count[path.Base(p)] == 1 {
			out[path.Base(p)] = p
		}
	}
	return out
}

// pair is a candidate rename and its similarity.
type pair struct {
	src, dst string
	score    int
	sameBase bool
}

// similarRenames pairs the remaining files by similarity: each added
// file's best candidatesPerFile sources at MinScore or more, then all of
// them best first, each file used once.
func similarRenames(src, dst []string, removed, added map[string][]byte, out map[string]string) {
	if len(src) == 0 || len(dst) == 0 {
		return
	}
	srcChunks := make([]chunks, len(src))
	for i, s := range src {
		srcChunks[i] = chunksOf(removed[s])
	}
	var pairs []pair
	for _, d := range dst {
		dc := chunksOf(added[d])
		var mine []pair
		for i, s := range src {
			score := similarity(srcChunks[i], dc, len(removed[s]), len(added[d]))
			if score >= MinScore {
				mine = append(mine, pair{src: s, dst: d, score: score, sameBase: sameBase(s, d)})
			}
		}
		sortPairs(mine)
		pairs = append(pairs, mine[:min(candidatesPerFile, len(mine))]...)
	}
	sortPairs(pairs)
	used := map[string]bool{}
	for _, p := range pairs {
		if _, done := out[p.dst]; done || used[p.src] {
			continue
		}
		used[p.src] = true
		out[p.dst] = p.src
	}
}

// sortPairs orders pairs best first: by score, then same base name, then
// by added path and removed path.
func sortPairs(pairs []pair) {
	sort.Slice(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		switch {
		case a.score != b.score:
			return a.score > b.score
		case a.sameBase != b.sameBase:
			return a.sameBase
		case a.dst != b.dst:
			return a.dst < b.dst
		}
		return a.src < b.src
	})
}

func sameBase(a, b string) bool { return path.Base(a) == path.Base(b) }

// unused is paths without those in used, in order.
func unused(paths []string, used map[string]bool) []string {
	var out []string
	for _, p := range paths {
		if !used[p] {
			out = append(out, p)
		}
	}
	return out
}

// chunks counts, for each chunk of a content, the bytes it covers.
type chunks map[string]int

// chunksOf cuts b into chunks: each line (its newline included), a line
// longer than chunkMax bytes in pieces of chunkMax. In text (no NUL in
// the first binarySniff bytes) a CR before a newline is left out, so that
// a change of line ends alone keeps the content similar.
func chunksOf(b []byte) chunks {
	text := bytes.IndexByte(b[:min(len(b), binarySniff)], 0) < 0
	out := chunks{}
	var cur []byte
	for i, c := range b {
		if text && c == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		cur = append(cur, c)
		if len(cur) == chunkMax || c == '\n' {
			out[string(cur)] += len(cur)
			cur = cur[:0]
		}
	}
	if len(cur) > 0 {
		out[string(cur)] += len(cur)
	}
	return out
}

// Similarity is how much of a's content b keeps, out of MaxScore: the
// bytes of the chunks they share (each chunk counted as often as both
// hold it) over the larger size. Contents whose sizes differ by more than
// allows MinScore are 0 without more ado, as in git.
func Similarity(a, b []byte) int {
	return similarity(chunksOf(a), chunksOf(b), len(a), len(b))
}

func similarity(a, b chunks, sizeA, sizeB int) int {
	big, small := max(sizeA, sizeB), min(sizeA, sizeB)
	if big == 0 || int64(big)*(MaxScore-MinScore) < int64(big-small)*MaxScore {
		return 0
	}
	shared := 0
	for k, n := range a {
		shared += min(n, b[k])
	}
	return int(int64(shared) * MaxScore / int64(big))
}
