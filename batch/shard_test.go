package batch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
	}{{"0/1", Shard{0, 1}}, {"0/8", Shard{0, 8}}, {"7/8", Shard{7, 8}}, {"12/100", Shard{12, 100}}} {
		got, err := ParseShard(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		assert.Equal(t, tt.in, got.String())
	}
	for _, tt := range []struct{ in, want string }{
		{"8/8", "shard 8 does not exist: 8 shards are numbered 0 to 7"},
		{"-1/8", "shard -1 does not exist: 8 shards are numbered 0 to 7"},
		{"0/0", `the number of shards must be at least 1: "0/0"`},
		{"3", `expected I/N (shard I of N, numbered from 0), such as 0/8: "3"`},
		{"a/4", `expected I/N (shard I of N, numbered from 0), such as 0/8: "a/4"`},
		{"1/", `expected I/N (shard I of N, numbered from 0), such as 0/8: "1/"`},
		{"1/2/3", `expected I/N (shard I of N, numbered from 0), such as 0/8: "1/2/3"`},
		{"", `expected I/N (shard I of N, numbered from 0), such as 0/8: ""`},
	} {
		_, err := ParseShard(tt.in)
		require.Error(t, err, tt.in)
		assert.Equal(t, tt.want, err.Error(), tt.in)
	}
	assert.Equal(t, "all", Shard{}.String())
}

// TestShardsPartition: for several shard counts, every entry belongs to
// exactly one shard, the one of its index modulo the count.
func TestShardsPartition(t *testing.T) {
	const entries = 23
	for n := 1; n <= 9; n++ {
		owners := make([][]int, entries)
		for i := 0; i < n; i++ {
			s := Shard{Index: i, Count: n}
			for k := 0; k < entries; k++ {
				if s.Owns(k) {
					owners[k] = append(owners[k], i)
				}
			}
		}
		for k, o := range owners {
			assert.Equal(t, []int{k % n}, o, "entry %d of %d shards", k, n)
		}
	}
	// Shard 1 of 3 by hand: indexes 1, 4, 7, ...
	var got []int
	for k := 0; k < 10; k++ {
		if (Shard{Index: 1, Count: 3}).Owns(k) {
			got = append(got, k)
		}
	}
	assert.Equal(t, []int{1, 4, 7}, got)
	assert.True(t, Shard{}.Owns(5), "the zero shard owns everything")
}
