package rules

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/vfs"
)

//go:embed builtin
var builtinRules embed.FS

// builtinGlob selects the embedded rule files.
const builtinGlob = "builtin/*/*.yml"

// OriginBundled is the Origin of a bundled rule.
const OriginBundled = "bundled"

// ruleSeverities are the severities ast-grep accepts.
var ruleSeverities = map[string]bool{"hint": true, "info": true, "warning": true, "error": true, "off": true}

// Rule is one ast-grep rule of the catalog.
type Rule struct {
	// ID is the rule id, found by the reference's text scan: the first line
	// of the document whose trimmed form starts with "id:", quotes stripped.
	ID string
	// Language is the rule's language as written ("python").
	Language string
	// Severity is the ast-grep severity as written: hint, info, warning,
	// error or off ("hint" when the document has none, as in ast-grep).
	Severity string
	// MinFileCount is the rule's threshold: its findings in a file are kept
	// only when the file has at least this many. 0 when there is none (the
	// reference applies a min_file_count only when it is greater than 1).
	MinFileCount int
	// Doc is the rule's YAML document text, trimmed.
	Doc string
	// Origin is OriginBundled, or the path of the rule file the rule was
	// read from (as given, or joined to the catalog directory given).
	Origin string
	// Category groups related rules: the document's metadata.category,
	// else its metadata.group, else the rule file's name without its
	// extension.
	Category string
	// SharedFrom is, for a bundled rule derived for a language that shares
	// another's rules (lang.Spec.SharesRulesOf), the id of the rule it
	// copies; empty for a rule read from its own file.
	SharedFrom string
}

// Catalog is the set of ast-grep rules of a run.
type Catalog struct {
	// Rules are the bundled rules sorted by id (or, when catalog files
	// replaced them, those files' rules in load order), then the extra
	// rules in file order.
	Rules []Rule
	// Bundled is set when the bundled rules are in the catalog, that is
	// when no catalog files replaced them.
	Bundled bool
	// CatalogFiles are the rule files that replaced the bundled rules, in
	// load order, directories expanded.
	CatalogFiles []string
	// ExtraFiles are the extra rule files, in load order.
	ExtraFiles []string
	// FilesHash identifies the files loaded (CatalogFiles and ExtraFiles)
	// by content: see Load.
	FilesHash string
}

// LoadCatalog loads the bundled rules and then the rules of each extra file
// (a file may hold several documents separated by "---"): Load with only
// extra files, each of at most vfs.DefaultMaxRead bytes.
func LoadCatalog(extraFiles []string) (*Catalog, error) {
	return Load(CatalogOptions{Extra: extraFiles, MaxFileSize: vfs.DefaultMaxRead})
}

// bundledRules parses the embedded rule files, sorted by id.
func bundledRules() ([]Rule, []error) {
	var errs []error
	var rules []Rule
	names, err := fs.Glob(builtinRules, builtinGlob)
	if err != nil {
		return nil, []error{fmt.Errorf("failed to list bundled rules: %w", err)}
	}
	for _, name := range names {
		data, err := builtinRules.ReadFile(name)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to read ast-grep rule file %s: %w", name, err))
			continue
		}
		parsed, perrs := parseRuleFile(name, OriginBundled, data)
		rules = append(rules, parsed...)
		errs = append(errs, perrs...)
	}
	shared, serrs := sharedRules(rules)
	rules = append(rules, shared...)
	errs = append(errs, serrs...)
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	return rules, errs
}

// sharedRules derives the copies of the bundled rules that other languages
// share (lang.Spec.SharesRulesOf), copies of copies included. A copy is the
// rule's document with its id and language lines rewritten. Only the
// bundled catalog has copies: a catalog that replaces it runs exactly its
// files' rules.
func sharedRules(rules []Rule) ([]Rule, []error) {
	var derived []Rule
	var errs []error
	for from := rules; len(from) > 0; {
		var next []Rule
		for _, r := range from {
			src := lang.ForAstGrep(r.Language)
			if src == nil {
				continue
			}
			for _, dst := range lang.All() {
				if dst.SharesRulesOf != src.Name {
					continue
				}
				c, err := shareRule(r, src, dst)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				next = append(next, c)
			}
		}
		derived = append(derived, next...)
		from = next
	}
	return derived, errs
}

// shareRule returns the copy of r, a rule of language src, for dst.
func shareRule(r Rule, src, dst *lang.Spec) (Rule, error) {
	suffix, ok := strings.CutPrefix(r.ID, src.RuleIDPrefix)
	if !ok || src.RuleIDPrefix == "" {
		return Rule{}, fmt.Errorf("bundled rule %s: %s shares the rules of %s, whose ids must start with %q",
			r.ID, dst.Name, src.Name, src.RuleIDPrefix)
	}
	c := r
	c.ID = dst.RuleIDPrefix + suffix
	c.SharedFrom = r.ID
	c.Language = dst.AstGrepLanguage
	lines := strings.Split(r.Doc, "\n")
	idDone, langDone := false, false
	for i, line := range lines {
		switch {
		case !idDone && strings.HasPrefix(line, "id:"):
			lines[i], idDone = "id: "+c.ID, true
		case !langDone && strings.HasPrefix(line, "language:"):
			lines[i], langDone = "language: "+c.Language, true
		}
	}
	if !idDone || !langDone {
		return Rule{}, fmt.Errorf("bundled rule %s: no top-level `id:` or `language:` line to rewrite for %s", r.ID, dst.Name)
	}
	c.Doc = strings.Join(lines, "\n")
	return c, nil
}

// duplicateIDs reports every id used twice, or used by a structural or
// metric rule (an alias of a metric rule included).
func duplicateIDs(rules []Rule) []error {
	var errs []error
	firstOrigin := map[string]string{}
	for _, id := range StructuralIDs {
		firstOrigin[id] = "structural rules"
	}
	for _, r := range metricRules {
		for _, id := range append([]string{r.ID}, r.Aliases...) {
			firstOrigin[id] = "metric rules"
		}
	}
	for _, r := range rules {
		if first, seen := firstOrigin[r.ID]; seen {
			errs = append(errs, fmt.Errorf("duplicate rule id: %s (in %s, already defined by %s)", r.ID, r.Origin, first))
			continue
		}
		firstOrigin[r.ID] = r.Origin
	}
	return errs
}

// IDs returns every rule id: the ast-grep rules in catalog order, then the
// structural rules, then the metric rules (their aliases left out: see
// CanonicalID).
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.Rules)+len(StructuralIDs)+len(MetricIDs))
	for _, r := range c.Rules {
		ids = append(ids, r.ID)
	}
	return append(append(ids, StructuralIDs...), MetricIDs...)
}

// LanguageIDs are the ids of the catalog's ast-grep rules written for one
// of langs, in catalog order; none for a nil catalog.
func (c *Catalog) LanguageIDs(langs ...*lang.Spec) []string {
	if c == nil {
		return nil
	}
	var ids []string
	for _, r := range c.Rules {
		if slices.Contains(langs, lang.ForAstGrep(r.Language)) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// Lookup returns the text `scb-check rule ID` prints (without the final
// newline): an ast-grep rule's YAML document, a structural rule's
// five-line metadata document, or a metric rule's metadata and docs (also
// under one of its aliases).
func (c *Catalog) Lookup(id string) (text string, ok bool) {
	for _, r := range c.Rules {
		if r.ID == id {
			return r.Doc, true
		}
	}
	if r := lookupStructural(id); r != nil {
		return r.doc(), true
	}
	if r := lookupMetric(id); r != nil {
		return r.doc(), true
	}
	return "", false
}

// byID indexes the catalog's rules by id.
func (c *Catalog) byID() map[string]Rule {
	m := make(map[string]Rule, len(c.Rules))
	for _, r := range c.Rules {
		if _, dup := m[r.ID]; !dup {
			m[r.ID] = r
		}
	}
	return m
}

// ruleHeader is the part of a rule document checked when loading; ast-grep
// checks the rest when it runs the rule.
type ruleHeader struct {
	ID       string    `yaml:"id"`
	Language string    `yaml:"language"`
	Severity string    `yaml:"severity"`
	Rule     yaml.Node `yaml:"rule"`
	Metadata yaml.Node `yaml:"metadata"`
}

// parseRuleFile splits a rule file into its documents and parses each one.
// origin is recorded in the rules; path names the file in errors.
func parseRuleFile(path, origin string, data []byte) ([]Rule, []error) {
	var rules []Rule
	var errs []error
	for i, doc := range splitDocuments(string(data)) {
		r, err := parseRuleDocument(doc.text, origin)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to parse ast-grep rule file %s: document %d (line %d): %w", path, i+1, doc.line, err))
			continue
		}
		if r != nil {
			if r.Category == "" {
				base := filepath.Base(path)
				r.Category = strings.TrimSuffix(base, filepath.Ext(base))
			}
			rules = append(rules, *r)
		}
	}
	return rules, errs
}

// document is one "---" section of a rule file.
type document struct {
	text string // trimmed
	line int    // 1-based line in the file where the trimmed text starts
}

// splitDocuments splits a rule file as the reference does: on "\n---",
// each piece with its leading dashes and surrounding whitespace trimmed;
// empty pieces are dropped.
func splitDocuments(data string) []document {
	var docs []document
	line := 1
	for i, piece := range strings.Split(data, "\n---") {
		if i > 0 {
			line++ // the newline consumed by the separator
		}
		start := strings.TrimLeftFunc(strings.TrimLeft(piece, "-"), unicode.IsSpace)
		if trimmed := strings.TrimRightFunc(start, unicode.IsSpace); trimmed != "" {
			lead := piece[:len(piece)-len(start)]
			docs = append(docs, document{text: trimmed, line: line + strings.Count(lead, "\n")})
		}
		line += strings.Count(piece, "\n")
	}
	return docs
}

// parseRuleDocument reads one rule document. It returns nil, nil for a
// document holding only comments.
func parseRuleDocument(doc, origin string) (*Rule, error) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		return nil, err
	}
	if len(root.Content) == 0 {
		return nil, nil
	}
	if root.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("a rule must be a YAML mapping")
	}
	id, ok := ScanField(doc, "id:")
	if !ok || id == "" {
		return nil, errors.New("no `id:` line")
	}
	var h ruleHeader
	if err := root.Content[0].Decode(&h); err != nil {
		return nil, fmt.Errorf("rule %s: %w", id, err)
	}
	switch {
	case h.ID != id:
		return nil, fmt.Errorf("rule %s: the id line reads %q but the YAML id is %q", id, id, h.ID)
	case h.Language == "":
		return nil, fmt.Errorf("rule %s: missing `language`", id)
	case h.Rule.Kind == 0:
		return nil, fmt.Errorf("rule %s: missing `rule`", id)
	case h.Rule.Kind != yaml.MappingNode:
		return nil, fmt.Errorf("rule %s: `rule` must be a mapping", id)
	}
	if h.Severity == "" {
		h.Severity = "hint"
	}
	if !ruleSeverities[h.Severity] {
		return nil, fmt.Errorf("rule %s: unknown severity %q (want hint, info, warning, error or off)", id, h.Severity)
	}
	r := &Rule{ID: id, Language: h.Language, Severity: h.Severity, Doc: doc, Origin: origin}
	r.Category = metadataString(&h.Metadata, "category")
	if r.Category == "" {
		r.Category = metadataString(&h.Metadata, "group")
	}
	if v, ok := ScanField(doc, "min_file_count:"); ok {
		// 31 bits: the value fits an int on every platform.
		if n, err := strconv.ParseUint(v, 10, 31); err == nil && n > 1 {
			r.MinFileCount = int(n)
		}
	}
	return r, nil
}

// metadataString returns the scalar value of key in a rule's metadata
// mapping, or "" when there is no such scalar.
func metadataString(meta *yaml.Node, key string) string {
	if meta.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(meta.Content); i += 2 {
		if k, v := meta.Content[i], meta.Content[i+1]; k.Value == key && v.Kind == yaml.ScalarNode {
			return strings.TrimSpace(v.Value)
		}
	}
	return ""
}

// ScanField is the reference's text scan of a rule document: the value
// of the first line whose trimmed form starts with key, trimmed and with
// quotes stripped.
func ScanField(doc, key string) (string, bool) {
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, key); ok {
			return strings.Trim(strings.TrimSpace(rest), `"'`), true
		}
	}
	return "", false
}
