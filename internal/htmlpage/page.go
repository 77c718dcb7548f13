package htmlpage

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"html/template"
	"io"
	"strconv"
)

//go:embed assets
var assets embed.FS

// The page's inline style and script, and the policy that allows exactly
// them.
var (
	pageCSS    = mustAsset("assets/page.css")
	pageScript = mustAsset("assets/page.js")
	// Policy is the page's Content-Security-Policy: nothing may be
	// loaded (no fetch, image, font, frame or form target), and only the
	// page's own inline style and script, named by their hashes, apply.
	Policy = "default-src 'none'; style-src " + hashSource(pageCSS) + "; script-src " + hashSource(pageScript) +
		"; img-src 'none'; base-uri 'none'; form-action 'none'"
	pageTemplate = template.Must(template.New("page.tmpl").ParseFS(assets, "assets/page.tmpl"))
)

func mustAsset(name string) string {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time
	}
	return string(b)
}

// hashSource is the CSP source expression allowing an inline element
// whose text is s.
func hashSource(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Page is one HTML page.
type Page struct {
	// Kind names the page's kind ("check", "trajectory", "diff"): the
	// body's data-kind.
	Kind string
	// Title heads the page and names it in the browser; Subtitle says
	// what was measured, and Lead sums up the outcome in a sentence.
	Title, Subtitle, Lead string
	// Generator names the tool and its version in the footer.
	Generator string
	Sections  []Section
}

// Section is one part of a page, listed in its table of contents. Its
// pieces are shown in field order; nil or empty ones are left out.
type Section struct {
	// ID is the section's anchor; Title its heading.
	ID, Title string
	// Intro is a paragraph under the heading; Notes are further short
	// paragraphs (what was capped, what was left out).
	Intro string
	Notes []string
	// Cards are the headline numbers, each with what it means.
	Cards   []Card
	Metrics *MetricTable
	Treemap *Treemap
	Charts  []*Chart
	Table   *Table
	Files   []SourceFile
	Rules   []RuleDoc
}

// Card is one headline number.
type Card struct {
	// Key is the metric's key (data-metric), Name how it is shown.
	Key, Name string
	Value     Number
	// Detail says what the number is the ratio of; About what it means
	// and its threshold.
	Detail, About string
}

// Number is a value as shown and as exact text: the page shows Text and
// carries Exact (for a report's number, the JSON report's text) in the
// element's data-value.
type Number struct {
	Text, Exact string
}

// MetricTable lists metrics with one or more value columns (one value
// for a tree, base, head and change for a change).
type MetricTable struct {
	Caption string
	// Columns names the value columns.
	Columns []string
	Rows    []MetricRow
}

// MetricRow is one metric of a MetricTable.
type MetricRow struct {
	Key    string
	Values []Number
	About  string
}

// Write renders p as one HTML document.
func Write(w io.Writer, p *Page) error {
	for _, s := range p.Sections {
		if t := s.Table; t != nil {
			for _, r := range t.Rows {
				for i := range r.Cells {
					r.Cells[i].Num = i < len(t.Columns) && t.Columns[i].Numeric
				}
			}
		}
	}
	var b bytes.Buffer
	data := struct {
		*Page
		Policy string
		CSS    template.CSS
		Script template.JS
	}{p, Policy, template.CSS(pageCSS), template.JS(pageScript)}
	if err := pageTemplate.Execute(&b, data); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Anchor is an element id made of prefix and n: the pages name their
// files, rules and rows by index, never by a name from the analysed
// tree, so that no name reaches an id or a fragment.
func Anchor(prefix string, n int) string {
	return prefix + strconv.Itoa(n)
}
