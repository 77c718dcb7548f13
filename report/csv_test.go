package report_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/report"
)

func TestCSVText(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"plain text is kept", "fix: parse the header", "fix: parse the header"},
		{"an empty cell stays empty", "", ""},
		{"a leading = is quoted", `=HYPERLINK("http://e.example","x")`, `'=HYPERLINK("http://e.example","x")`},
		{"a leading + is quoted", "+1+2", "'+1+2"},
		{"a leading - is quoted", "-2+3", "'-2+3"},
		{"a leading @ is quoted", "@SUM(A1)", "'@SUM(A1)"},
		{"a leading tab is escaped, so it needs no quote", "\t=1", `\t=1`},
		{"a leading carriage return is escaped, so it needs no quote", "\r=1", `\r=1`},
		{"= further in is kept", "a=1", "a=1"},
		{"ESC, BEL, an 8-bit CSI and a bidirectional override are escaped", "a\x1b[31mb\ac\u009b2Jd\u202ee", `a\x1b[31mb\ac\u009b2Jd\u202ee`},
		{"escaped and quoted", "=x\x1b", `'=x\x1b`},
		{"a newline is escaped", "a\nb", `a\nb`},
		{"non-ASCII letters are kept", "données é", "données é"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, report.CSVText(c.in))
		})
	}
}

// A file or function name is a text cell: neutralised and escaped; the
// numbers beside it are written as they are.
func TestWriteFunctionsCSVNeutralisesText(t *testing.T) {
	fns := []report.Function{{Path: "=cmd|' /C calc'!A0.py", Language: "python",
		Callable: report.Callable{Name: "@f\x1b[2J", QualifiedName: "-\u202eK.f", Kind: "function", StartLine: 1, EndLine: 2, StartCol: 1, CC: 1, SLOC: 2, CCMass: 1.5}}}
	var b bytes.Buffer
	require.NoError(t, report.WriteFunctionsCSV(&b, fns))
	assert.Equal(t,
		"path,name,qualified_name,kind,language,start_line,end_line,start_col,cc,cog,sloc,mass,cog_mass\n"+
			`'=cmd|' /C calc'!A0.py,'@f\x1b[2J,'-\u202eK.f,function,python,1,2,1,1,0,2,1.5,0.0`+"\n",
		b.String())
}
