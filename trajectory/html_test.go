package trajectory

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/gitrepo"
)

func TestChangeCounts(t *testing.T) {
	commits := []gitrepo.Commit{
		{Files: []string{"a.py", "sub/b.py"}},
		{Files: []string{"sub/b.py", "sub/c.py"}},
		{Files: []string{"sub/b.py", "subx/d.py"}},
	}
	for _, tc := range []struct {
		name, prefix string
		want         map[string]int
	}{
		{"every path counts without a prefix", "", map[string]int{"a.py": 1, "sub/b.py": 3, "sub/c.py": 1, "subx/d.py": 1}},
		{"only the paths below the prefix, made relative to it", "sub/", map[string]int{"b.py": 3, "c.py": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, changeCounts(commits, tc.prefix))
		})
	}
}

// The history's last commit holds lib/core.py (small: cc 1, SLOC 4, mass
// 2; big: cc 14, SLOC 36, mass 84), which only the rename commit changed
// at that path.
func TestGitHotspots(t *testing.T) {
	r, _ := history(t)
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	require.Len(t, tr.Hotspots, 1)
	assert.Equal(t, Hotspot{Path: "lib/core.py", Commits: 1, HighMass: 84, Mass: 86}, tr.Hotspots[0])
	assert.Equal(t, 84.0, tr.Hotspots[0].Score())

	dirs, err := Directories(context.Background(), []string{r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	assert.Nil(t, dirs.Hotspots, "directory checkpoints have no history")
}

var trendRow = regexp.MustCompile(`<tr data-metric="([a-z_]+)"><th scope="row"><code>[a-z_]+</code></th>((?:<td class="num" data-value="[^"]*">[^<]*</td>)+)`)
var trendValue = regexp.MustCompile(`data-value="([^"]*)"`)

func TestHTMLPage(t *testing.T) {
	r, h := history(t)
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	var page, js bytes.Buffer
	require.NoError(t, WriteHTML(&page, tr, HTMLOptions{Generator: "scb-check test"}))
	require.NoError(t, WriteJSON(&js, tr))
	var doc struct {
		Summary map[string]json.RawMessage `json:"summary"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &doc))
	s := page.String()

	t.Run("the trends are the JSON summary's", func(t *testing.T) {
		rows := trendRow.FindAllStringSubmatch(s, -1)
		require.Len(t, rows, 4)
		for _, row := range rows {
			var want map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(doc.Summary[row[1]], &want))
			var got []float64
			for _, v := range trendValue.FindAllStringSubmatch(row[2], -1)[:5] {
				f, err := strconv.ParseFloat(v[1], 64)
				require.NoError(t, err)
				got = append(got, f)
			}
			var wantNums []float64
			for _, k := range []string{"points", "first", "last", "mean", "slope"} {
				f, err := strconv.ParseFloat(string(want[k]), 64)
				require.NoError(t, err)
				wantNums = append(wantNums, f)
			}
			assert.Equal(t, wantNums, got, row[1])
			assert.Equal(t, `data-value="`+string(want["rose"])+`"`, trendValue.FindAllString(row[2], -1)[5], row[1])
		}
	})
	t.Run("every checkpoint has a row with its subject", func(t *testing.T) {
		for i, c := range h {
			assert.Contains(t, s, `<tr id="p`+string(rune('0'+i))+`"><td class="num">`+string(rune('0'+i))+`</td><td><code>`+c[:12]+`</code></td>`)
		}
		assert.Contains(t, s, "no supported source files found at "+h[0][:12])
	})
	t.Run("the hotspot is listed", func(t *testing.T) {
		hot := s[strings.Index(s, `id="hotspots-table"`):]
		assert.Contains(t, hot, `<tr id="h1"><td><code>lib/core.py</code></td><td class="num">1</td><td data-sort="84.0" class="num">84.0</td>`)
	})
}

// big grows from 11 ifs (cc 12, cog 11) to 13 (cc 14, cog 13).
func TestHTMLGrownCallables(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	one, two := filepath.Join(root, "one"), filepath.Join(root, "two")
	writeFiles(t, one, map[string]string{"a.py": bigFunction("big", 11, 1)})
	writeFiles(t, two, map[string]string{"a.py": bigFunction("big", 13, 1)})
	tr, err := Directories(context.Background(), []string{one, two}, Options{Analysis: analysisOptions(t, root)})
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, tr, HTMLOptions{}))
	s := page.String()
	grown := s[strings.Index(s, `id="grown-table"`):]
	assert.Contains(t, grown, "<td><code>a.py</code></td><td><code>big</code></td>")
	assert.Contains(t, grown, `<td data-sort="2" class="num">12 → 14<span class="tag"> (&#43;2)</span></td>`)
	assert.Contains(t, grown, `<td data-sort="2" class="num">11 → 13<span class="tag"> (&#43;2)</span></td>`)
	// Its curve: a point per checkpoint for cc and for cog.
	assert.Contains(t, grown, "<title>checkpoint 0: cc 12</title>")
	assert.Contains(t, grown, "<title>checkpoint 1: cog 13</title>")
	assert.NotContains(t, s, `id="hotspots"`, "no hotspots without a history")
}

func TestHTMLEscapesCheckpointNames(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "<img src=x onerror=alert(1)>")
	writeFiles(t, dir, map[string]string{"a.py": smallFunction})
	tr, err := Directories(context.Background(), []string{dir}, Options{Analysis: analysisOptions(t, root)})
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, tr, HTMLOptions{}))
	assert.NotContains(t, page.String(), "<img")
	assert.Contains(t, page.String(), "&lt;img src=x onerror=alert(1)&gt;")
}
