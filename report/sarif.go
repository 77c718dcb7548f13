package report

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
)

// GitHub code scanning's limits on an uploaded SARIF file.
const (
	// GitHubMaxResults is the most results a run may hold.
	GitHubMaxResults = 25000
	// GitHubMaxGzipBytes is the most bytes the file may take gzipped
	// (10 MB, counted in decimal megabytes to stay on the safe side).
	GitHubMaxGzipBytes = 10_000_000
	// maxRelated is the most related locations a clone result lists.
	maxRelated = 20
)

// SARIF constants.
const (
	sarifVersion   = "2.1.0"
	sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
	// srcRoot is the base id of repository-relative URIs.
	srcRoot = "%SRCROOT%"
	// fingerprintKey is the partialFingerprints entry of every result.
	fingerprintKey = "primaryLocationLineHash"
	// informationURI is where the tool is described.
	informationURI = "https://github.com/scbcheck/scbcheck"
)

// RuleInfo describes one rule for SARIF's rule list.
type RuleInfo struct {
	ID string
	// Severity is the label the rule's findings carry: info, warning or
	// critical ("off" for a rule that never runs).
	Severity string
	// Title is a one-line description; Description says why the rule
	// flags code, Help what to write instead. Both may be empty.
	Title, Description, Help string
}

// SARIFOptions controls the SARIF output.
type SARIFOptions struct {
	// ToolVersion is the version reported for the tool.
	ToolVersion string
	// Root is the repository root: files under it get URIs relative to it
	// (with uriBaseId %SRCROOT%), files elsewhere absolute file URIs.
	Root string
	// Rules describe the rules of the catalog (ast-grep, structural and
	// metric: RuleInfos of rules.Catalog.Infos); every one is listed. The
	// metric rules (rules.MetricInfos) are listed even when missing here,
	// and a rule id found in the report but missing here is listed with
	// what its findings tell.
	Rules []RuleInfo
	// ReadFile reads a source file, named by its full path (Report.Abs),
	// for fingerprints and columns; os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// MinDuplicateLines leaves out clone groups whose first instance has
	// fewer SLOC lines (0 keeps all).
	MinDuplicateLines int
	// Change, when set, is a change the output shows instead of the
	// whole report: its findings replace the report's in the results.
	Change *Change

	// maxResults and maxGzipBytes replace GitHub's limits in tests.
	maxResults, maxGzipBytes int
}

// SARIFSummary says what WriteSARIF wrote.
type SARIFSummary struct {
	// Results is the number of results written.
	Results int
	// Omitted is the number of results left out to stay within GitHub's
	// limits, and Reason says which limit; the SARIF file says the same
	// in a tool notification and in its run properties.
	Omitted int
	Reason  string
}

// The SARIF 2.1.0 objects we write (a subset of the standard).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		ColumnKind  string            `json:"columnKind"`
		Results     []sarifResult     `json:"results"`
		Properties  sarifRunProps     `json:"properties"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string          `json:"id"`
		ShortDescription     sarifText       `json:"shortDescription"`
		FullDescription      *sarifText      `json:"fullDescription,omitempty"`
		Help                 *sarifText      `json:"help,omitempty"`
		DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
		Properties           sarifRuleProps  `json:"properties"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifRuleProps struct {
		Tags []string `json:"tags"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string    `json:"level"`
		Message sarifText `json:"message"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifText    `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	// sarifRunProps is our property bag on the run.
	sarifRunProps struct {
		SchemaVersion  int     `json:"schemaVersion"`
		Metrics        Metrics `json:"metrics"`
		OmittedResults int     `json:"omittedResults,omitempty"`
		// The rule catalog and the ast-grep version the findings came
		// from, when the report names them.
		Catalog        string `json:"catalog,omitempty"`
		CatalogRules   *int   `json:"catalogRules,omitempty"`
		AstGrepVersion string `json:"astGrepVersion,omitempty"`
	}
)

// RuleInfos converts the rules' descriptions for SARIF's rule list: a
// rule's why is the description (its message when it has none), what to
// write instead the help.
func RuleInfos(infos []rules.Info) []RuleInfo {
	out := make([]RuleInfo, len(infos))
	for i, in := range infos {
		out[i] = RuleInfo{ID: in.ID, Severity: in.Severity, Title: in.Title, Description: in.Why, Help: in.Instead}
		if out[i].Description == "" {
			out[i].Description = in.Message
		}
	}
	return out
}

// metricRules describe the metric rules, which every SARIF log lists.
var metricRules = RuleInfos(rules.MetricInfos())

// WriteSARIF writes the findings as a SARIF 2.1.0 log with one run, fit
// for GitHub code scanning: one rule per rule id, results sorted by path
// and line with repository-relative URIs, regions and a
// primaryLocationLineHash fingerprint (a hash of the rule and the trimmed
// text of the first line, with the occurrence number of that pair in the
// file, so that results survive code moving around them). Columns count
// Unicode code points. The run's properties hold our schema version and the
// report's metrics.
//
// When the results exceed GitHub's limits (25,000 results, 10 MB gzipped)
// the lowest-severity results are left out, the latest in path order
// first, and the log says how many in a tool notification; so does the
// returned summary.
//
// When the report names its rule catalog, the run's properties hold its
// name, its number of ast-grep rules and the ast-grep version (see
// CatalogLine); an empty catalog is also said in a tool notification.
func WriteSARIF(w io.Writer, r *Report, opt SARIFOptions) (SARIFSummary, error) {
	src := newSources(opt.ReadFile)
	items := issuesOf(r, opt.Change, opt.MinDuplicateLines)
	if err := resolveColumns(items, src); err != nil {
		return SARIFSummary{}, err
	}
	uri := func(p string) string { return artifactURI(p, opt.Root) }
	shown := lineOrder(items, uri)

	rules, index := sarifRules(opt.Rules, items)
	results := make([]sarifResult, len(items))
	seen := map[string]int{}
	for i, it := range items {
		lines, err := src.get(it.Path)
		if err != nil {
			return SARIFSummary{}, err
		}
		text := ""
		if it.Line >= 1 && it.Line <= len(lines) {
			text = strings.TrimSpace(lines[it.Line-1])
		}
		sum := sha256.Sum256([]byte(it.RuleID + "\x00" + text))
		hash := hex.EncodeToString(sum[:8])
		key := shown[it.Path] + "\x00" + hash
		seen[key]++
		results[i] = sarifResult{
			RuleID: it.RuleID, RuleIndex: index[it.RuleID], Level: sarifLevel(it.Severity),
			Message:             sarifText{Text: oneLine(it.Message)},
			Locations:           []sarifLocation{{PhysicalLocation: physical(it, uri)}},
			PartialFingerprints: map[string]string{fingerprintKey: fmt.Sprintf("%s:%d", hash, seen[key])},
		}
		if it.Kind == finding.Clone {
			results[i].RelatedLocations, results[i].Message.Text = cloneRelated(it, uri)
		}
	}

	maxResults, maxGzip := opt.maxResults, opt.maxGzipBytes
	if maxResults <= 0 {
		maxResults = GitHubMaxResults
	}
	if maxGzip <= 0 {
		maxGzip = GitHubMaxGzipBytes
	}
	order := priorityOrder(results)
	keep := min(len(results), maxResults)
	reason := ""
	if keep < len(results) {
		reason = fmt.Sprintf("GitHub code scanning accepts at most %d results per run", maxResults)
	}
	for {
		log := sarifLog{Schema: sarifSchemaURI, Version: sarifVersion, Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name: ToolName, Version: opt.ToolVersion, InformationURI: informationURI, Rules: rules,
			}},
			Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
			ColumnKind:  "unicodeCodePoints",
			Results:     kept(results, order, keep),
			Properties:  sarifRunProps{SchemaVersion: SchemaVersion, Metrics: MetricsOf(r), OmittedResults: len(results) - keep},
		}}}
		if keep < len(results) {
			log.Runs[0].Invocations[0].ToolExecutionNotifications = []sarifNotification{{
				Level: "warning",
				Message: sarifText{Text: fmt.Sprintf(
					"%d of %d results omitted because %s: the lowest-severity results were left out, the latest in path order first",
					len(results)-keep, len(results), reason)},
			}}
		}
		addCatalog(&log.Runs[0], r)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(log); err != nil {
			return SARIFSummary{}, err
		}
		data := buf.Bytes()
		size := len(data)
		if size > maxGzip {
			size = gzipSize(data)
		}
		if size <= maxGzip || keep == 0 {
			if _, err := w.Write(data); err != nil {
				return SARIFSummary{}, err
			}
			return SARIFSummary{Results: keep, Omitted: len(results) - keep, Reason: reason}, nil
		}
		// Shrink in proportion, with a margin, and at least by one.
		next := int(float64(keep) * float64(maxGzip) / float64(size) * 0.95)
		keep = max(0, min(next, keep-1))
		reason = fmt.Sprintf("GitHub code scanning accepts at most %d bytes of gzipped SARIF", maxGzip)
	}
}

// sarifRules lists the rules: every described rule, the metric rules, and
// any rule id of the findings not described, sorted by id. It returns the
// index of each id in the list.
func sarifRules(infos []RuleInfo, items []finding.Finding) ([]sarifRule, map[string]int) {
	byID := map[string]RuleInfo{}
	for _, ri := range append(append([]RuleInfo(nil), infos...), metricRules...) {
		if _, dup := byID[ri.ID]; !dup {
			byID[ri.ID] = ri
		}
	}
	for _, it := range items {
		if _, ok := byID[it.RuleID]; !ok {
			byID[it.RuleID] = RuleInfo{ID: it.RuleID, Severity: it.Severity, Title: it.RuleID}
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	rules := make([]sarifRule, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		ri := byID[id]
		index[id] = i
		title := oneLine(ri.Title)
		if title == "" {
			title = id
		}
		rule := sarifRule{
			ID: id, ShortDescription: sarifText{Text: title},
			DefaultConfiguration: sarifRuleConfig{Level: sarifLevel(ri.Severity)},
			Properties:           sarifRuleProps{Tags: []string{"maintainability", ruleTag(id)}},
		}
		if d := strings.TrimSpace(ri.Description); d != "" {
			rule.FullDescription = &sarifText{Text: d}
		}
		if h := strings.TrimSpace(ri.Help); h != "" {
			rule.Help = &sarifText{Text: h}
		}
		rules[i] = rule
	}
	return rules, index
}

// ruleTag classifies a rule for code scanning's tag filter.
func ruleTag(id string) string {
	switch id {
	case rules.CyclomaticComplexityID, rules.CognitiveComplexityID:
		return "erosion"
	}
	return "verbosity"
}

// sarifLevel maps a reported severity to a SARIF level.
func sarifLevel(severity string) string {
	switch severity {
	case "critical":
		return "error"
	case "info", "hint":
		return "note"
	case "off":
		return "none"
	}
	return "warning"
}

// levelRank orders SARIF levels, most severe first.
func levelRank(level string) int {
	switch level {
	case "error":
		return 0
	case "warning":
		return 1
	case "note":
		return 2
	}
	return 3
}

// priorityOrder returns the result indexes most important first: by level,
// then in output order.
func priorityOrder(results []sarifResult) []int {
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return levelRank(results[order[a]].Level) < levelRank(results[order[b]].Level)
	})
	return order
}

// kept returns the n most important results, in output order.
func kept(results []sarifResult, order []int, n int) []sarifResult {
	if n >= len(results) {
		return results
	}
	keep := make([]bool, len(results))
	for _, i := range order[:n] {
		keep[i] = true
	}
	out := make([]sarifResult, 0, n)
	for i, r := range results {
		if keep[i] {
			out = append(out, r)
		}
	}
	return out
}

// physical is a finding's location.
func physical(it finding.Finding, uri func(string) string) sarifPhysical {
	region := sarifRegion{StartLine: max(it.Line, 1), StartColumn: it.Col}
	if it.EndLine > it.Line {
		region.EndLine = it.EndLine
	}
	if it.EndCol > 0 && (it.EndLine > it.Line || it.EndCol > it.Col) {
		region.EndLine = max(it.EndLine, region.StartLine)
		region.EndColumn = it.EndCol
	}
	return sarifPhysical{ArtifactLocation: artifact(it.Path, uri), Region: region}
}

// cloneRelated lists a clone instance's other instances (at most
// maxRelated) and returns the message naming them.
func cloneRelated(it finding.Finding, uri func(string) string) ([]sarifLocation, string) {
	var related []sarifLocation
	var names []string
	// Only the related locations kept are visited: a group of n
	// instances costs n results of bounded size, not n squared.
	others := len(it.Group) - 1
	for k, b := range it.Group {
		if len(related) == maxRelated {
			break
		}
		if k == it.Self {
			continue
		}
		id := len(related) + 1
		related = append(related, sarifLocation{
			ID: &id,
			PhysicalLocation: sarifPhysical{
				ArtifactLocation: artifact(b.Path, uri),
				Region:           sarifRegion{StartLine: b.Line, EndLine: max(b.EndLine, b.Line)},
			},
			Message: &sarifText{Text: "another instance"},
		})
		names = append(names, fmt.Sprintf("[%s:%d](%d)", uri(b.Path), b.Line, id))
	}
	msg := oneLine(it.Message)
	if others > 0 {
		msg += ", also at " + strings.Join(names, ", ")
		if others > len(related) {
			msg += fmt.Sprintf(" and %d more", others-len(related))
		}
	}
	return related, msg
}

// artifact is the artifactLocation of a report path.
func artifact(path string, uri func(string) string) sarifArtifact {
	u := uri(path)
	if strings.HasPrefix(u, "file:") {
		return sarifArtifact{URI: u}
	}
	return sarifArtifact{URI: u, URIBaseID: srcRoot}
}

// artifactURI is a path's URI: relative to root (slash-separated,
// percent-encoded) when it lies under root, else an absolute file URI.
func artifactURI(path, root string) string {
	if root != "" {
		if rel, err := filepath.Rel(root, path); err == nil && rel != ".." &&
			!strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			u := (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath()
			if first, _, _ := strings.Cut(u, "/"); strings.Contains(first, ":") {
				u = "./" + u // not to be read as a scheme
			}
			return u
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path
	}
	return "file://" + (&url.URL{Path: p}).EscapedPath()
}

// gzipSize is the size of data gzipped at the default level.
func gzipSize(data []byte) int {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(data)
	_ = zw.Close()
	return buf.Len()
}
