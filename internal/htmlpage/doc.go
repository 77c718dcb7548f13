// Package htmlpage renders the self-contained HTML pages of the report
// writers (a tree's `check` page in report, a trajectory's in trajectory,
// and a change's): one document with its CSS and script inline, a
// Content-Security-Policy that lets the page load nothing (the inline
// style and script are allowed by their hashes), and every part readable
// with the script off.
//
// A writer describes its page as data (Page: sections holding a metric
// table, a generic sortable table, a treemap, charts, source files with
// marked lines and the docs of the rules they cite) and Write renders it
// with html/template, so that every text taken from the analysed tree
// (file and function names, messages, source lines) is escaped by the
// context it lands in. The pieces are the same for every kind of page: a
// change's page shows its metric table with base and head columns, its
// functions in the same Table, its new findings in the same SourceFile.
//
// A leaf: it imports nothing of this module.
package htmlpage
