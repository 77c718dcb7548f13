package report

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/rules"
)

// fixture sources, by path; the repository root is /repo.
var sarifSources = map[string]string{
	"/repo/pkg/a.py": "def _identity(value):\n" + // 1
		"    return value\n" + // 2
		"\n" + // 3
		"def noisy(items):\n" + // 4
		"    for i in range(len(items)):\n" + // 5
		"        print(items[i])\n" + // 6
		"    for i in range(len(items)):\n" + // 7
		"        print(items[i])\n", // 8
	"/repo/pkg/b.py":      "class K:\n    def big(self):\n        pass\n",
	"/repo/z.py":          "def first(v):\n    x = v + 1\n    return x\n",
	"/repo/my dir/x y.py": "def second(w):\n    y = w + 2\n    return y\n",
	"/elsewhere/c.py":     "é = 1; print(len(range(3)))\n",
}

func readFixture(p string) ([]byte, error) {
	s, ok := sarifSources[p]
	if !ok {
		return nil, fmt.Errorf("no fixture %s", p)
	}
	return []byte(s), nil
}

// sarifReport has one finding of every kind.
func sarifReport() *Report {
	return &Report{
		Verbosity: 0.5, Erosion: 0.25, FilesScanned: 5,
		Files: []File{{Path: "/repo/pkg/b.py", Callables: []Callable{
			{Name: "big", QualifiedName: "K.big", StartLine: 2, EndLine: 3, CC: 12, Cog: 3, SLOC: 2},
		}}},
		CloneBlocks: []CloneBlock{
			{Path: "/repo/z.py", StartLine: 1, EndLine: 3, SLOC: 3, Group: "g1", Instances: 2},
			{Path: "/repo/my dir/x y.py", StartLine: 1, EndLine: 3, SLOC: 3, Group: "g1", Instances: 2},
		},
		Findings: []finding.Finding{
			{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`_identity` adds no behavior",
				Path: "/repo/pkg/a.py", Line: 1, EndLine: 2},
			{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: "warning", Message: "Loop directly.",
				Path: "/repo/pkg/a.py", Line: 5, EndLine: 6, Col: 5, EndCol: 24},
			{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: "warning", Message: "Loop directly.",
				Path: "/repo/pkg/a.py", Line: 7, EndLine: 8, Col: 5, EndCol: 24},
			{Kind: finding.AstGrep, RuleID: "len-range", Severity: "critical", Message: "",
				Path: "/elsewhere/c.py", Line: 1, EndLine: 1, Col: 14, EndCol: 27},
		},
	}
}

func writeSARIF(t *testing.T, r *Report, opt SARIFOptions) ([]byte, SARIFSummary, sarifLog) {
	t.Helper()
	if opt.ReadFile == nil {
		opt.ReadFile = readFixture
	}
	var b bytes.Buffer
	sum, err := WriteSARIF(&b, r, opt)
	require.NoError(t, err)
	var log sarifLog
	require.NoError(t, json.Unmarshal(b.Bytes(), &log))
	return b.Bytes(), sum, log
}

func TestWriteSARIFValidatesAgainstTheSchema(t *testing.T) {
	data, _, _ := writeSARIF(t, sarifReport(), SARIFOptions{ToolVersion: "9.9.9", Root: "/repo", Rules: []RuleInfo{
		{ID: "for-range-len", Severity: "warning", Title: "range(len(x)) loop", Description: "Why.", Help: "Instead."},
		{ID: "never-runs", Severity: "off", Title: "Off rule"},
	}})
	testkit.ValidateSARIF(t, data)
}

func TestWriteSARIFEmptyReportValidates(t *testing.T) {
	data, sum, log := writeSARIF(t, &Report{}, SARIFOptions{})
	testkit.ValidateSARIF(t, data)
	assert.Equal(t, SARIFSummary{}, sum)
	require.Len(t, log.Runs, 1)
	assert.Empty(t, log.Runs[0].Results)
	assert.Equal(t, []string{"cognitive-complexity", "cyclomatic-complexity", "duplicate-structure"}, ruleIDs(log),
		"the metric rules are always listed")
}

func ruleIDs(log sarifLog) []string {
	var ids []string
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		ids = append(ids, r.ID)
	}
	return ids
}

func TestWriteSARIFRules(t *testing.T) {
	_, _, log := writeSARIF(t, sarifReport(), SARIFOptions{Root: "/repo", Rules: []RuleInfo{
		{ID: "for-range-len", Severity: "warning", Title: "range(len(x)) loop", Description: "Why.", Help: "Instead."},
		{ID: "never-runs", Severity: "off", Title: "Off rule"},
		{ID: "trivial-wrapper", Severity: "warning", Title: "Function adds no behavior"},
	}})
	run := log.Runs[0]
	// Described rules, the metric rules and len-range (found but not
	// described), once each, sorted by id.
	assert.Equal(t, []string{"cognitive-complexity", "cyclomatic-complexity", "duplicate-structure", "for-range-len", "len-range", "never-runs", "trivial-wrapper"}, ruleIDs(log))
	rules := run.Tool.Driver.Rules
	assert.Equal(t, "range(len(x)) loop", rules[3].ShortDescription.Text)
	assert.Equal(t, &sarifText{Text: "Why."}, rules[3].FullDescription)
	assert.Equal(t, &sarifText{Text: "Instead."}, rules[3].Help)
	assert.Equal(t, "warning", rules[3].DefaultConfiguration.Level)
	assert.Equal(t, "error", rules[4].DefaultConfiguration.Level, "an undescribed rule takes its findings' severity (critical)")
	assert.Equal(t, "len-range", rules[4].ShortDescription.Text)
	assert.Equal(t, "none", rules[5].DefaultConfiguration.Level, "off")
	assert.Equal(t, []string{"maintainability", "erosion"}, rules[0].Properties.Tags)
	assert.Equal(t, []string{"maintainability", "erosion"}, rules[1].Properties.Tags)
	assert.Equal(t, []string{"maintainability", "verbosity"}, rules[2].Properties.Tags)
	for _, res := range run.Results {
		assert.Equal(t, res.RuleID, rules[res.RuleIndex].ID, "ruleIndex points at the result's rule")
	}
}

func TestWriteSARIFResults(t *testing.T) {
	_, sum, log := writeSARIF(t, sarifReport(), SARIFOptions{ToolVersion: "9.9.9", Root: "/repo"})
	run := log.Runs[0]
	assert.Equal(t, "scb-check", run.Tool.Driver.Name)
	assert.Equal(t, "9.9.9", run.Tool.Driver.Version)
	assert.Equal(t, "unicodeCodePoints", run.ColumnKind)
	assert.Equal(t, SchemaVersion, run.Properties.SchemaVersion)
	assert.Equal(t, 0.25, run.Properties.Metrics["erosion"])
	assert.Equal(t, 5.0, run.Properties.Metrics["files_scanned"])
	assert.Equal(t, SARIFSummary{Results: 7}, sum)

	type row struct {
		rule, level, uri, base string
		region                 sarifRegion
	}
	var got []row
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation
		got = append(got, row{res.RuleID, res.Level, loc.ArtifactLocation.URI, loc.ArtifactLocation.URIBaseID, loc.Region})
	}
	// Sorted by URI: absolute file URIs sort before relative ones.
	assert.Equal(t, []row{
		// 0-based columns 13..26 of "é = 1; print(len(range(3)))" are
		// 1-based 14 up to 27 (exclusive).
		{"len-range", "error", "file:///elsewhere/c.py", "", sarifRegion{StartLine: 1, StartColumn: 14, EndLine: 1, EndColumn: 27}},
		{"duplicate-structure", "warning", "my%20dir/x%20y.py", "%SRCROOT%", sarifRegion{StartLine: 1, StartColumn: 1, EndLine: 3}},
		{"trivial-wrapper", "warning", "pkg/a.py", "%SRCROOT%", sarifRegion{StartLine: 1, StartColumn: 1, EndLine: 2}},
		{"for-range-len", "warning", "pkg/a.py", "%SRCROOT%", sarifRegion{StartLine: 5, StartColumn: 5, EndLine: 6, EndColumn: 24}},
		{"for-range-len", "warning", "pkg/a.py", "%SRCROOT%", sarifRegion{StartLine: 7, StartColumn: 5, EndLine: 8, EndColumn: 24}},
		// The method's def is indented by four spaces.
		{"cyclomatic-complexity", "warning", "pkg/b.py", "%SRCROOT%", sarifRegion{StartLine: 2, StartColumn: 5, EndLine: 3}},
		{"duplicate-structure", "warning", "z.py", "%SRCROOT%", sarifRegion{StartLine: 1, StartColumn: 1, EndLine: 3}},
	}, got)

	assert.Equal(t, "matches slop pattern", run.Results[0].Message.Text, "an ast-grep finding without message")
	assert.Equal(t, "function `big` exceeds complexity threshold (complexity 12 > 10, sloc 2)", run.Results[5].Message.Text)
	clone := run.Results[1]
	assert.Equal(t, "duplicated block (3 lines, 2 instances), also at [z.py:1](1)", clone.Message.Text)
	require.Len(t, clone.RelatedLocations, 1)
	assert.Equal(t, 1, *clone.RelatedLocations[0].ID)
	assert.Equal(t, "z.py", clone.RelatedLocations[0].PhysicalLocation.ArtifactLocation.URI)
}

func TestWriteSARIFFingerprints(t *testing.T) {
	_, _, log := writeSARIF(t, sarifReport(), SARIFOptions{Root: "/repo"})
	fp := func(i int) string { return log.Runs[0].Results[i].PartialFingerprints[fingerprintKey] }
	for i := range log.Runs[0].Results {
		assert.Regexp(t, regexp.MustCompile(`^[0-9a-f]{16}:[1-9][0-9]*$`), fp(i))
	}
	hash := func(s string) string { h, _, _ := strings.Cut(s, ":"); return h }
	// Lines 5 and 7 of a.py read the same, under the same rule: same hash,
	// occurrences 1 and 2.
	assert.Equal(t, hash(fp(3)), hash(fp(4)))
	assert.True(t, strings.HasSuffix(fp(3), ":1") && strings.HasSuffix(fp(4), ":2"), "%s %s", fp(3), fp(4))
	assert.NotEqual(t, hash(fp(2)), hash(fp(3)), "other rule and line text")

	// Two lines inserted above every finding of a.py: the fingerprints
	// stay.
	moved := sarifReport()
	for i := range moved.Findings {
		if moved.Findings[i].Path == "/repo/pkg/a.py" {
			moved.Findings[i].Line += 2
			moved.Findings[i].EndLine += 2
		}
	}
	orig := sarifSources["/repo/pkg/a.py"]
	read := func(p string) ([]byte, error) {
		if p == "/repo/pkg/a.py" {
			return []byte("import os\nimport sys\n" + orig), nil
		}
		return readFixture(p)
	}
	_, _, after := writeSARIF(t, moved, SARIFOptions{Root: "/repo", ReadFile: read})
	for i := 2; i <= 4; i++ {
		assert.Equal(t, fp(i), after.Runs[0].Results[i].PartialFingerprints[fingerprintKey], "result %d", i)
		assert.Equal(t, log.Runs[0].Results[i].Locations[0].PhysicalLocation.Region.StartLine+2,
			after.Runs[0].Results[i].Locations[0].PhysicalLocation.Region.StartLine)
	}
}

func TestWriteSARIFIsDeterministic(t *testing.T) {
	a, _, _ := writeSARIF(t, sarifReport(), SARIFOptions{Root: "/repo"})
	r := sarifReport()
	// The same findings in another order give the same bytes.
	r.Findings[0], r.Findings[3] = r.Findings[3], r.Findings[0]
	r.CloneBlocks[0], r.CloneBlocks[1] = r.CloneBlocks[1], r.CloneBlocks[0]
	b, _, _ := writeSARIF(t, r, SARIFOptions{Root: "/repo"})
	assert.Equal(t, string(a), string(b))
}

func TestWriteSARIFMinDuplicateLines(t *testing.T) {
	_, sum, log := writeSARIF(t, sarifReport(), SARIFOptions{Root: "/repo", MinDuplicateLines: 4})
	assert.Equal(t, 5, sum.Results, "the 3-line clone group is left out")
	for _, res := range log.Runs[0].Results {
		assert.NotEqual(t, rules.DuplicateStructureID, res.RuleID)
	}
}

func TestWriteSARIFResultLimitCutsLowestSeverityFirst(t *testing.T) {
	r := sarifReport()
	r.Findings = append(r.Findings, finding.Finding{Kind: finding.AstGrep, RuleID: "minor", Severity: "info", Message: "note",
		Path: "/repo/pkg/a.py", Line: 1, EndLine: 1, Col: 1, EndCol: 4})
	data, sum, log := writeSARIF(t, r, SARIFOptions{Root: "/repo", maxResults: 3})
	testkit.ValidateSARIF(t, data)
	// 8 results: 1 error, 6 warnings, 1 note. Kept: the error and the
	// first two warnings in output order (the clone in "my dir", and
	// trivial-wrapper), in output order.
	assert.Equal(t, SARIFSummary{Results: 3, Omitted: 5, Reason: "GitHub code scanning accepts at most 3 results per run"}, sum)
	run := log.Runs[0]
	var ids []string
	for _, res := range run.Results {
		ids = append(ids, res.RuleID)
	}
	assert.Equal(t, []string{"len-range", "duplicate-structure", "trivial-wrapper"}, ids)
	assert.Equal(t, 5, run.Properties.OmittedResults)
	require.Len(t, run.Invocations, 1)
	require.Len(t, run.Invocations[0].ToolExecutionNotifications, 1)
	assert.Equal(t, "5 of 8 results omitted because GitHub code scanning accepts at most 3 results per run: "+
		"the lowest-severity results were left out, the latest in path order first",
		run.Invocations[0].ToolExecutionNotifications[0].Message.Text)
}

func TestWriteSARIFGzipLimit(t *testing.T) {
	// 400 findings with messages that do not compress away.
	r := &Report{}
	src := strings.Repeat("x = 1\n", 400)
	for i := 0; i < 400; i++ {
		r.Findings = append(r.Findings, finding.Finding{Kind: finding.AstGrep, RuleID: "r", Severity: "warning",
			Message: fmt.Sprintf("%x", sha256.Sum256([]byte{byte(i), byte(i >> 8)})),
			Path:    "/repo/a.py", Line: i + 1, EndLine: i + 1, EndCol: 6, Col: 1})
	}
	read := func(string) ([]byte, error) { return []byte(src), nil }
	full, sum, _ := writeSARIF(t, r, SARIFOptions{Root: "/repo", ReadFile: read})
	require.Equal(t, 400, sum.Results)
	limit := gzipSize(full) / 2

	data, sum, log := writeSARIF(t, r, SARIFOptions{Root: "/repo", ReadFile: read, maxGzipBytes: limit})
	testkit.ValidateSARIF(t, data)
	assert.LessOrEqual(t, gzipSize(data), limit)
	assert.Positive(t, sum.Omitted)
	assert.Equal(t, 400, sum.Results+sum.Omitted)
	assert.Equal(t, fmt.Sprintf("GitHub code scanning accepts at most %d bytes of gzipped SARIF", limit), sum.Reason)
	assert.Len(t, log.Runs[0].Results, sum.Results)
	assert.Greater(t, sum.Results, 100, "the cut is in proportion, not down to nothing")
	// The kept ones are the first in path order.
	assert.Equal(t, 1, log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartLine)
	last := log.Runs[0].Results[sum.Results-1]
	assert.Equal(t, sum.Results, last.Locations[0].PhysicalLocation.Region.StartLine)

	// gzipSize measures what gzip makes of the bytes.
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write(data)
	require.NoError(t, zw.Close())
	assert.Equal(t, b.Len(), gzipSize(data))
}

func TestArtifactURI(t *testing.T) {
	tests := []struct {
		name, path, root, want string
	}{
		{"under the root: relative", "/repo/pkg/a.py", "/repo", "pkg/a.py"},
		{"spaces and # are escaped", "/repo/a b/c#d.py", "/repo", "a%20b/c%23d.py"},
		{"a colon in the first segment is not a scheme", "/repo/c:x.py", "/repo", "./c:x.py"},
		{"outside the root: file URI", "/other/a.py", "/repo", "file:///other/a.py"},
		{"a sibling with a common prefix is outside", "/repo2/a.py", "/repo", "file:///repo2/a.py"},
		{"no root: file URI", "/repo/a.py", "", "file:///repo/a.py"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, artifactURI(tt.path, tt.root))
		})
	}
}

func TestWriteSARIFUnreadableSource(t *testing.T) {
	r := &Report{Findings: []finding.Finding{{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning",
		Path: "/repo/gone.py", Line: 1, EndLine: 2}}}
	_, err := WriteSARIF(&bytes.Buffer{}, r, SARIFOptions{ReadFile: readFixture})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/repo/gone.py")
}
