package batch

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is the part of a manifest one process measures: the entries whose
// index k has k mod Count = Index. The zero Shard is the whole manifest.
type Shard struct {
	Index, Count int
}

// ParseShard reads a shard as I/N: N shards numbered from 0 to N-1, as a
// Kubernetes indexed Job numbers its pods (a Slurm array can use
// --array=0-(N-1)).
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("expected I/N (shard I of N, numbered from 0), such as 0/8: %q", s)
	}
	switch {
	case count < 1:
		return Shard{}, fmt.Errorf("the number of shards must be at least 1: %q", s)
	case index < 0 || index >= count:
		return Shard{}, fmt.Errorf("shard %d does not exist: %d shards are numbered 0 to %d", index, count, count-1)
	}
	return Shard{Index: index, Count: count}, nil
}

// Owns reports whether the entry of the given index is the shard's.
func (s Shard) Owns(index int) bool {
	return s.Count <= 1 || index%s.Count == s.Index
}

// String is the shard as I/N, "all" for the whole manifest.
func (s Shard) String() string {
	if s.Count == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}
