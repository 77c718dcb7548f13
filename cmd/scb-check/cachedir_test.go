package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefaultCacheDir(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"the variable first", map[string]string{"SCB_CHECK_CACHE_DIR": "c", "XDG_CACHE_HOME": "/x", "HOME": "/h"}, "c"},
		{"XDG_CACHE_HOME", map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/h"}, "/x/scb-check"},
		{"a relative XDG_CACHE_HOME is ignored", map[string]string{"XDG_CACHE_HOME": "x", "HOME": "/h"}, "/h/.cache/scb-check"},
		{"HOME", map[string]string{"HOME": "/h"}, "/h/.cache/scb-check"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := defaultCacheDir(func(k string) string { return tt.env[k] })
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := defaultCacheDir(func(string) string { return "" })
	assert.EqualError(t, err, "no cache directory: set SCB_CHECK_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache DIR")
}
