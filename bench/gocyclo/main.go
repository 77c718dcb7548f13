package main

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// key names a function by its file and the line of its func keyword.
type key struct {
	file string
	line int
}

type peer struct {
	cc   int
	name string
}

// decision kinds, in the order causes are written.
var kinds = []string{"if", "for", "case", "comm", "&&/||"}

// gocycloKinds counts the decisions of fn as gocyclo's visitor does.
func gocycloKinds(fn ast.Node) map[string]int {
	out := map[string]int{}
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			out["if"]++
		case *ast.ForStmt, *ast.RangeStmt:
			out["for"]++
		case *ast.CaseClause:
			if n.List != nil {
				out["case"]++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				out["comm"]++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				out["&&/||"]++
			}
		}
		return true
	})
	return out
}

// ourKinds counts the decisions in callable node f of the tree by the node
// kinds lang/golang.go counts.
func ourKinds(t *source.Tree, f int) map[string]int {
	out := map[string]int{}
	for j := f; j < int(t.Nodes[f].End); j++ {
		switch t.Kind(j) {
		case "if_statement":
			out["if"]++
		case "for_statement":
			out["for"]++
		case "expression_case", "type_case":
			out["case"]++
		case "communication_case":
			out["comm"]++
		case "binary_expression":
			for c := j + 1; c < int(t.Nodes[j].End); c = int(t.Nodes[c].End) {
				if k := t.Kind(c); k == "&&" || k == "||" {
					out["&&/||"]++
				}
			}
		}
	}
	return out
}

func readGocyclo(path string) (map[key]peer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[key]peer{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 4 {
			continue
		}
		cc, err := strconv.Atoi(fields[0])
		if err != nil {
			continue
		}
		pos := strings.Split(fields[3], ":")
		if len(pos) < 3 {
			continue
		}
		line, err := strconv.Atoi(pos[len(pos)-2])
		if err != nil {
			continue
		}
		file := strings.Join(pos[:len(pos)-2], ":")
		out[key{filepath.Clean(file), line}] = peer{cc, fields[2]}
	}
	return out, sc.Err()
}

// goFiles lists the files gocyclo walks.
func goFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := e.Name()
		if e.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

type disagreement struct {
	file, name string
	line       int
	ours, peer int
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: compare GOCYCLO_OUTPUT ROOT")
		os.Exit(2)
	}
	peers, err := readGocyclo(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	files, err := goFiles(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	p, err := source.NewParser(lang.Golang)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer p.Close()

	var skipped []string
	skippedFuncs := 0
	matched, agree, oursOnly := 0, 0, 0
	causes := map[string][]disagreement{}
	seen := map[key]bool{}
	for _, path := range files {
		path = filepath.Clean(path)
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		tree, err := p.Parse(src)
		if errors.Is(err, source.ErrSyntax) {
			skipped = append(skipped, path)
			for k := range peers {
				if k.file == path {
					seen[k] = true
					skippedFuncs++
				}
			}
			continue
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, path, err)
			os.Exit(1)
		}
		fns := tree.Callables(tree.SLOC())
		cs := erosion.Measure(tree, fns)
		var astFile *ast.File
		fset := token.NewFileSet()
		for k, fn := range fns {
			id := key{path, fn.StartLine}
			pr, ok := peers[id]
			if !ok {
				oursOnly++
				causes["only scb-check has a function here"] = append(causes["only scb-check has a function here"],
					disagreement{path, fn.QualifiedName, fn.StartLine, cs[k].CC, 0})
				continue
			}
			seen[id] = true
			matched++
			if pr.cc == cs[k].CC {
				agree++
				continue
			}
			if astFile == nil {
				astFile, _ = parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
			}
			cause := "unexplained"
			if astFile != nil {
				cause = explain(astFile, fset, fn.StartLine, ourKinds(tree, fn.Node))
			}
			causes[cause] = append(causes[cause], disagreement{path, fn.QualifiedName, fn.StartLine, cs[k].CC, pr.cc})
		}
	}
	peerOnly := 0
	for k, pr := range peers {
		if seen[k] {
			continue
		}
		peerOnly++
		cause := "only gocyclo has a function here"
		if packageLevelLiteral(k) {
			cause = "only gocyclo: a package-level var holding a function literal (no callable in scb-check)"
		}
		causes[cause] = append(causes[cause], disagreement{k.file, pr.name, k.line, 0, pr.cc})
	}

	fmt.Printf("files: %d (%d skipped by scb-check: ERROR or MISSING nodes, holding %d of gocyclo's functions)\n",
		len(files), len(skipped), skippedFuncs)
	for _, s := range skipped {
		fmt.Printf("  skipped: %s\n", s)
	}
	total := matched + oursOnly + peerOnly
	fmt.Printf("functions compared: %d (matched %d, only scb-check %d, only gocyclo %d)\n", total, matched, oursOnly, peerOnly)
	share := 0.0
	if total > 0 {
		share = 100 * float64(agree) / float64(total)
	}
	fmt.Printf("agreement: %d of %d = %.2f%%\n", agree, total, share)
	names := make([]string, 0, len(causes))
	for c := range causes {
		names = append(names, c)
	}
	sort.Slice(names, func(i, j int) bool { return len(causes[names[i]]) > len(causes[names[j]]) })
	for _, c := range names {
		ds := causes[c]
		sort.Slice(ds, func(i, j int) bool {
			if ds[i].file != ds[j].file {
				return ds[i].file < ds[j].file
			}
			return ds[i].line < ds[j].line
		})
		fmt.Printf("\n%s: %d\n", c, len(ds))
		for i, d := range ds {
			if i == 5 {
				fmt.Printf("  ... %d more\n", len(ds)-5)
				break
			}
			rel, err := filepath.Rel(os.Args[2], d.file)
			if err != nil {
				rel = d.file
			}
			fmt.Printf("  %s:%d %s scb-check %d gocyclo %d\n", rel, d.line, d.name, d.ours, d.peer)
		}
	}
}

// explain finds the function declared at line in the go/ast file and names
// the decision kinds whose counts differ between gocyclo's view and ours.
func explain(f *ast.File, fset *token.FileSet, line int, ours map[string]int) string {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fset.Position(fd.Pos()).Line != line {
			continue
		}
		theirs := gocycloKinds(fd)
		var parts []string
		for _, k := range kinds {
			if theirs[k] != ours[k] {
				parts = append(parts, fmt.Sprintf("%s (gocyclo %d, tree-sitter %d)", k, theirs[k], ours[k]))
			}
		}
		if len(parts) == 0 {
			return "same decisions, different total"
		}
		return "counts differ: " + strings.Join(kindsOnly(parts), ", ")
	}
	return "no go/ast function on that line"
}

// kindsOnly keeps the kind names of the parts, so causes group by kind.
func kindsOnly(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = strings.SplitN(p, " (", 2)[0]
	}
	return out
}

// packageLevelLiteral reports whether line k.line of k.file starts a
// package-level variable whose value is a function literal, which gocyclo
// lists under the variable's name.
func packageLevelLiteral(k key) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, k.file, nil, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, v := range vs.Values {
				if _, ok := v.(*ast.FuncLit); ok && fset.Position(v.Pos()).Line == k.line {
					return true
				}
			}
		}
	}
	return false
}
