package compat013_test

import (
	"github.com/scbcheck/scbcheck/compat013"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// BenchmarkCorpus013 compares the two detectors on the Python files under
// $SCB_CLONES_CORPUS (bench/corpus/sympy, say), one file at a time on one
// goroutine, parsing left out of the clock: default-s is Candidates over
// the callables, 013-s is BlockCandidates013, and detect-*-s is Detect
// over each one's candidates. Run it once:
//
//	SCB_CLONES_CORPUS=../bench/corpus/sympy go test ./clones -run '^$' -bench Corpus013 -benchtime 1x
func BenchmarkCorpus013(b *testing.B) {
	dir := os.Getenv("SCB_CLONES_CORPUS")
	if dir == "" {
		b.Skip("SCB_CLONES_CORPUS names no corpus")
	}
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	p, err := source.NewParser(lang.Python)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	for n := 0; n < b.N; n++ {
		var def, blk, detDef, detBlk time.Duration
		var defCands, blkCands []clones.Candidate
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			tree, err := p.Parse(src)
			if err != nil {
				continue
			}
			sloc := tree.SLOC()
			fns := tree.Callables(sloc)
			t0 := time.Now()
			defCands = append(defCands, clones.Candidates(path, tree, fns)...)
			t1 := time.Now()
			blkCands = append(blkCands, compat013.BlockCandidates(path, tree, sloc)...)
			t2 := time.Now()
			def += t1.Sub(t0)
			blk += t2.Sub(t1)
		}
		t0 := time.Now()
		defBlocks := clones.Detect(defCands)
		t1 := time.Now()
		blkBlocks := clones.Detect(blkCands)
		t2 := time.Now()
		detDef, detBlk = t1.Sub(t0), t2.Sub(t1)
		b.ReportMetric(def.Seconds(), "default-s")
		b.ReportMetric(blk.Seconds(), "013-s")
		b.ReportMetric(detDef.Seconds(), "detect-default-s")
		b.ReportMetric(detBlk.Seconds(), "detect-013-s")
		b.ReportMetric(float64(len(defCands)), "default-candidates")
		b.ReportMetric(float64(len(blkCands)), "013-candidates")
		b.ReportMetric(float64(len(defBlocks)), "default-blocks")
		b.ReportMetric(float64(len(blkBlocks)), "013-blocks")
	}
}
