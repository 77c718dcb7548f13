package change

import (
	"fmt"
	"io"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// MarkdownOptions controls WriteMarkdown.
type MarkdownOptions struct {
	// Functions is how many functions are listed at most;
	// DefaultMarkdownFunctions when not positive.
	Functions int
	// Findings is how many new findings are listed at most;
	// DefaultMarkdownFindings when not positive.
	Findings int
	// Title is the heading, written as given (Markdown, not escaped);
	// DefaultMarkdownTitle when empty.
	Title string
}

// The default limits of the Markdown output: a pull-request comment is
// read at a glance and has a size limit.
const (
	DefaultMarkdownFunctions = 20
	DefaultMarkdownFindings  = 50
	DefaultMarkdownTitle     = "scb-check diff"
)

// WriteMarkdown writes d as a pull-request comment (GitHub-flavoured
// Markdown): the metric table, the first functions that are not
// unchanged, in d's order, then the new findings, each list followed by
// a line saying how many it left out. A delta without a base (d.Base
// nil: only the head was measured, its new findings kept by line) shows
// the head's numbers alone and no functions. Every text from the analysed trees
// (paths, names, rule ids, messages) is escaped (MarkdownText): it cannot
// close a table cell, or start a link, a code span or an HTML tag.
func WriteMarkdown(w io.Writer, d *Delta, opt MarkdownOptions) error {
	if opt.Functions <= 0 {
		opt.Functions = DefaultMarkdownFunctions
	}
	if opt.Findings <= 0 {
		opt.Findings = DefaultMarkdownFindings
	}
	if opt.Title == "" {
		opt.Title = DefaultMarkdownTitle
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\n| metric | base | head | delta |\n| --- | ---: | ---: | ---: |\n", opt.Title)
	for _, r := range metricRows(d) {
		delta := r.delta
		if r.gated && r.sign != 0 {
			delta = "**" + delta + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.key, r.base, r.head, delta)
	}

	fns := listed(d, false)
	if d.Base == nil {
		b.WriteString("\n#### Functions\n\n_No base was measured: no function is compared._\n")
	} else {
		fmt.Fprintf(&b, "\n#### Functions %s\n\n", statusCounts(d.Functions))
	}
	if len(fns) > 0 {
		b.WriteString("| status | function | location | CC | COG | SLOC | mass | change |\n" +
			"| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
		for _, f := range fns[:min(len(fns), opt.Functions)] {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", f.Status, MarkdownText(f.Name), f.location(MarkdownText),
				change(f, " → ", ccText), change(f, " → ", cogText), change(f, " → ", slocText), change(f, " → ", massText),
				fixed(f.MassChange(), 2, true))
		}
		leftOut(&b, len(fns)-opt.Functions, "function")
	}

	fmt.Fprintf(&b, "\n#### New findings (%d)\n\n", len(d.NewFindings))
	if len(d.NewFindings) > 0 {
		b.WriteString("| severity | rule | location | message |\n| --- | --- | --- | --- |\n")
		for _, nf := range d.NewFindings[:min(len(d.NewFindings), opt.Findings)] {
			msg := MarkdownText(nf.Message)
			for _, p := range nf.Counterparts {
				msg += "<br>copy of " + findingPlace(p.Path, p.Line, p.EndLine, MarkdownText)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", MarkdownText(nf.Severity), MarkdownText(nf.RuleID),
				findingPlace(nf.Path, nf.Line, nf.EndLine, MarkdownText), msg)
		}
		leftOut(&b, len(d.NewFindings)-opt.Findings, "new finding")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// leftOut writes the line saying how many items a list left out, when
// any.
func leftOut(b *strings.Builder, n int, noun string) {
	if n <= 0 {
		return
	}
	if n > 1 {
		noun += "s"
	}
	fmt.Fprintf(b, "\n_%d more %s not shown._\n", n, noun)
}

// MarkdownText is s as literal text in GitHub-flavoured Markdown, safe in
// a table cell: folded onto one line and escaped as vfs.EscapePath does,
// then &, < and > written as character references (no HTML tag or
// entity) and the other ASCII punctuation Markdown may read
// backslash-escaped (no emphasis, code span, link, heading or cell
// separator). A text such as @name or #12 stays text to Markdown, but
// GitHub may still link it.
func MarkdownText(s string) string {
	s = vfs.EscapePath(strings.Join(strings.Fields(strings.ReplaceAll(s, "\r\n", "\n")), " "))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r < 0x80 && strings.ContainsRune("!\"#$%'()*+-./:=?@[\\]^_`{|}~", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
