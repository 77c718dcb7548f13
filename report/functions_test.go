package report_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/report"
)

// Two functions: same (cc 2, cog 1, 3 SLOC: masses 2√3 and √3) and a
// lambda with a comma and a quote in its name.
func functionsFixture() []report.Function {
	return []report.Function{
		{Path: "pkg/a.py", Language: "python", Callable: report.Callable{
			Name: "same", QualifiedName: "Thing.same", Kind: "method", StartLine: 2, EndLine: 4, StartCol: 5,
			SLOC: 3, CC: 2, Cog: 1, CCMass: 2 * math.Sqrt(3), CogMass: math.Sqrt(3),
		}},
		{Path: "web/b.js", Language: "javascript", Callable: report.Callable{
			Name: `x,"y"`, QualifiedName: `x,"y"`, Kind: "lambda", StartLine: 10, EndLine: 10, StartCol: 11,
			SLOC: 1, CC: 1, Cog: 0, CCMass: 1, CogMass: 0,
		}},
	}
}

func TestWriteFunctionsJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, report.WriteFunctionsJSON(&b, functionsFixture()))
	assert.Equal(t,
		`{"path":"pkg/a.py","name":"same","qualified_name":"Thing.same","kind":"method","language":"python",`+
			`"start_line":2,"end_line":4,"start_col":5,"cc":2,"cog":1,"sloc":3,"mass":3.4641016151377544,"cog_mass":1.7320508075688772}`+"\n"+
			`{"path":"web/b.js","name":"x,\"y\"","qualified_name":"x,\"y\"","kind":"lambda","language":"javascript",`+
			`"start_line":10,"end_line":10,"start_col":11,"cc":1,"cog":0,"sloc":1,"mass":1.0,"cog_mass":0.0}`+"\n",
		b.String())
}

func TestWriteFunctionsCSV(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, report.WriteFunctionsCSV(&b, functionsFixture()))
	assert.Equal(t,
		"path,name,qualified_name,kind,language,start_line,end_line,start_col,cc,cog,sloc,mass,cog_mass\n"+
			"pkg/a.py,same,Thing.same,method,python,2,4,5,2,1,3,3.4641016151377544,1.7320508075688772\n"+
			`web/b.js,"x,""y""","x,""y""",lambda,javascript,10,10,11,1,0,1,1.0,0.0`+"\n",
		b.String())

	b.Reset()
	require.NoError(t, report.WriteFunctionsCSV(&b, nil))
	assert.Equal(t, "path,name,qualified_name,kind,language,start_line,end_line,start_col,cc,cog,sloc,mass,cog_mass\n", b.String(),
		"the header even with no function")
}

func TestWriteFunctionsHuman(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, report.WriteFunctionsHuman(&b, functionsFixture()))
	assert.Equal(t, ""+
		"CC  COG  SLOC  MASS  COG_MASS  KIND    LOCATION        FUNCTION\n"+
		" 2    1     3  3.46      1.73  method  pkg/a.py:2:5    Thing.same\n"+
		" 1    0     1  1.00      0.00  lambda  web/b.js:10:11  x,\"y\"\n",
		b.String())

	b.Reset()
	require.NoError(t, report.WriteFunctionsHuman(&b, nil))
	assert.Equal(t, "no functions\n", b.String())
}

// SelectFunctions filters by cc, sorts largest first keeping ties in
// order, cuts to top, and refuses an unknown key.
func TestSelectFunctions(t *testing.T) {
	fn := func(name string, cc, cog, sloc int, mass float64) report.Function {
		return report.Function{Path: "a.py", Callable: report.Callable{Name: name, CC: cc, Cog: cog, SLOC: sloc, CCMass: mass}}
	}
	fns := []report.Function{fn("a", 2, 5, 4, 4), fn("b", 7, 1, 9, 21), fn("c", 2, 9, 1, 2), fn("d", 5, 5, 16, 20)}
	names := func(fs []report.Function) string {
		var s string
		for _, f := range fs {
			s += f.Name
		}
		return s
	}
	tests := []struct {
		name, key  string
		minCC, top int
		want       string
	}{
		{"no key keeps the order", "", 0, 0, "abcd"},
		{"by cc, ties in order", "cc", 0, 0, "bdac"},
		{"by cog, ties in order", "cog", 0, 0, "cadb"},
		{"by sloc", "sloc", 0, 0, "dbac"},
		{"by mass", "mass", 0, 0, "bdac"},
		{"min cc drops the simpler", "cc", 5, 0, "bd"},
		{"top cuts after sorting", "cog", 0, 2, "ca"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := report.SelectFunctions(fns, tt.key, tt.minCC, tt.top)
			require.NoError(t, err)
			assert.Equal(t, tt.want, names(got))
		})
	}
	assert.Equal(t, "abcd", names(fns), "the list given is not changed")
	_, err := report.SelectFunctions(fns, "size", 0, 0)
	assert.EqualError(t, err, `unknown sort key "size" (known: cc, cog, sloc, mass)`)
}
