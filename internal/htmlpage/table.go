package htmlpage

// Table is a table of rows, sortable by any column and filterable by the
// columns that say so once the page's script runs; without it, a plain
// table in the order given.
type Table struct {
	// ID is the table's element id.
	ID      string
	Caption string
	Columns []Column
	Rows    []Row
	// Empty is shown instead of the table when it has no row.
	Empty string
}

// Column is one column of a Table.
type Column struct {
	Name string
	// Numeric columns sort by number and align right.
	Numeric bool
	// Filter is "text" for a column filtered by the text it contains,
	// "min" for one filtered by a least value, "" for none.
	Filter string
	// Title explains the column (the header's tooltip).
	Title string
}

// Row is one row of a Table.
type Row struct {
	// ID is the row's element id, "" for none.
	ID    string
	Cells []Cell
}

// Cell is one cell of a Table.
type Cell struct {
	Text string
	// Sort is the value the cell sorts and filters by (a number's exact
	// text); its Text when empty.
	Sort string
	// Link is the fragment the cell's text links to ("#f3"), "" for none.
	Link string
	// Code shows the text in the monospace face.
	Code bool
	// Over marks a value over its threshold: shown in bold with Tag
	// after it ("> 10"), so that the mark is text, not colour.
	Over bool
	Tag  string
	// Spark is a small chart drawn in the cell, nil for none.
	Spark *Chart
	// Num is set by Write from the cell's column: a number, aligned right.
	Num bool
}

// RuleDoc is one rule's documentation, shown once per page; findings
// link to it by Anchor.
type RuleDoc struct {
	Anchor, ID, Severity, Title, Why, Instead string
}
