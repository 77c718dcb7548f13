package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// noRulesNote says what an empty catalog means for the numbers.
const noRulesNote = "no ast-grep rules, so verbosity counts clones and structural rules only"

// CatalogLine is the one line naming a run's rule catalog and engine: the
// catalog's name, its number of ast-grep rules, how many ran and the
// ast-grep version that ran them. Empty when the report names no catalog.
func CatalogLine(r *Report) string {
	c := r.Catalog
	if c.Name == "" {
		return ""
	}
	if c.Rules == 0 {
		return fmt.Sprintf("catalog: %s (%s)", c.Name, noRulesNote)
	}
	ran := "none run"
	switch {
	case r.AstGrep.Disabled:
		ran = "none run: ast-grep disabled"
	case c.Active > 0 && r.AstGrep.Version != "":
		ran = fmt.Sprintf("%d run by ast-grep %s", c.Active, r.AstGrep.Version)
	case c.Active > 0:
		ran = fmt.Sprintf("%d run", c.Active)
	}
	return fmt.Sprintf("catalog: %s (%s, %s)", c.Name, countRules(c.Rules), ran)
}

func countRules(n int) string { return plural(n, "ast-grep rule") }

// plural is "1 thing" or "n things", n with thousands separators.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return count(n) + " " + thing + "s"
}

// RuleListing is the rule catalog as `scb-check rules` lists it.
type RuleListing struct {
	// Catalog is the catalog's name (see Catalog.Name).
	Catalog string
	// Rules are the ast-grep rules in catalog order, then the structural
	// rules, then the metric rules.
	Rules []ListedRule
}

// Rule kinds of a ListedRule.
const (
	KindAstGrep    = "ast-grep"
	KindStructural = "structural"
	KindMetric     = "metric"
)

// ListedRule is one rule of a RuleListing.
type ListedRule struct {
	ID string `json:"id"`
	// Kind is KindAstGrep, KindStructural or KindMetric.
	Kind string `json:"kind"`
	// Language is an ast-grep rule's language as written, "any" for a
	// structural or metric rule.
	Language string `json:"language"`
	// Severity is the severity as written in the rule.
	Severity string `json:"severity"`
	Category string `json:"category"`
	// Source is "bundled", the rule file's path, or "built-in" for the
	// structural and metric rules.
	Source string `json:"source"`
}

// countKind counts the listing's rules of a kind.
func (l RuleListing) countKind(kind string) int {
	n := 0
	for _, r := range l.Rules {
		if r.Kind == kind {
			n++
		}
	}
	return n
}

// WriteRulesText writes the listing as a table (id, language, severity,
// category, source), then a line naming the catalog.
func WriteRulesText(w io.Writer, l RuleListing) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLANGUAGE\tSEVERITY\tCATEGORY\tSOURCE")
	for _, r := range l.Rules {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", shownText(r.ID), shownText(r.Language), shownText(r.Severity), shownText(r.Category), shownText(r.Source))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// The table's last column is padded too; keep the lines clean.
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, line := range lines {
		lines[i] = strings.TrimRight(line, " ")
	}
	n := l.countKind(KindAstGrep)
	note := ""
	if n == 0 {
		note = ": verbosity counts clones and structural rules only"
	}
	counts := countRules(n) + " and " + plural(l.countKind(KindStructural), "structural rule")
	if m := l.countKind(KindMetric); m > 0 {
		counts = countRules(n) + ", " + plural(l.countKind(KindStructural), "structural rule") + " and " + plural(m, "metric rule")
	}
	_, err := fmt.Fprintf(w, "%s\n\ncatalog: %s (%s%s)\n", strings.Join(lines, "\n"), shownText(l.Catalog), counts, note)
	return err
}

// rulesDocument is the JSON shape of the listing.
type rulesDocument struct {
	SchemaVersion int          `json:"schema_version"`
	Catalog       string       `json:"catalog"`
	Rules         []ListedRule `json:"rules"`
}

// WriteRulesJSON writes the listing as indented JSON: schema_version, the
// catalog's name and every rule with its id, kind, language, severity,
// category and source.
func WriteRulesJSON(w io.Writer, l RuleListing) error {
	doc := rulesDocument{SchemaVersion: SchemaVersion, Catalog: l.Catalog, Rules: l.Rules}
	if doc.Rules == nil {
		doc.Rules = []ListedRule{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// writeCatalogKeys appends the JSON report's catalog keys, after the
// others, when the report names its catalog (every report of Analyze
// does): catalog (its name), catalog_rules (its number of ast-grep rules)
// and ast_grep_version (null when ast-grep did not run).
func writeCatalogKeys(b *strings.Builder, key func(string), r *Report) {
	if r.Catalog.Name == "" {
		return
	}
	key("catalog")
	b.WriteString(jsonString(r.Catalog.Name))
	key("catalog_rules")
	fmt.Fprintf(b, "%d", r.Catalog.Rules)
	key("ast_grep_version")
	if r.AstGrep.Version == "" {
		b.WriteString("null")
	} else {
		b.WriteString(jsonString(r.AstGrep.Version))
	}
}

// jsonString is s as a JSON string, without HTML escapes.
func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// addCatalog names the report's catalog and ast-grep version in a SARIF
// run's properties, and says in a notification when the catalog holds no
// ast-grep rule.
func addCatalog(run *sarifRun, r *Report) {
	c := r.Catalog
	if c.Name == "" {
		return
	}
	rules := c.Rules
	run.Properties.Catalog, run.Properties.CatalogRules, run.Properties.AstGrepVersion = c.Name, &rules, r.AstGrep.Version
	if c.Rules == 0 {
		inv := &run.Invocations[0]
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level:   "note",
			Message: sarifText{Text: fmt.Sprintf("the rule catalog %s holds %s", c.Name, noRulesNote)},
		})
	}
}
