package main

/*
#include <stdlib.h>

// Defined by the tree-sitter runtime that the binding compiles.
void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

static void use_libc_allocator(void) { ts_set_allocator(malloc, calloc, realloc, free); }
*/
import "C"

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
)

// Names never walked into: the ones scb-check prunes, so that both tools
// see the same files. Unlike scb-check, parseonly does not read .gitignore
// files; the corpora have none.
var skipDirs = map[string]bool{
	".git": true, ".venv": true, "venv": true, "env": true, ".env": true,
	"__pycache__": true, "build": true, "dist": true, "node_modules": true,
	"site-packages": true, ".mypy_cache": true, ".pytest_cache": true,
	".ruff_cache": true, ".tox": true, "target": true,
}

type language int

const (
	python language = iota
	rust
	numLanguages
)

// grammars is filled in by main, once the allocator is chosen.
var grammars [numLanguages]*sitter.Language

// languageOf selects a file's language from its extension.
func languageOf(path string) (language, bool) {
	switch filepath.Ext(path) {
	case ".py", ".pyw":
		return python, true
	case ".rs":
		return rust, true
	}
	return 0, false
}

type job struct {
	path string
	lang language
}

type totals struct {
	files, bytes, nodes, failed uint64
}

func (t *totals) add(o totals) {
	t.files += o.files
	t.bytes += o.bytes
	t.nodes += o.nodes
	t.failed += o.failed
}

// worker parses the files it receives with parsers it creates on first use
// and closes when the jobs run out.
func worker(jobs <-chan job) totals {
	var parsers [numLanguages]*sitter.Parser
	defer func() {
		for _, p := range parsers {
			if p != nil {
				p.Close()
			}
		}
	}()
	var t totals
	for j := range jobs {
		src, err := os.ReadFile(j.path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "parseonly:", err)
			t.failed++
			continue
		}
		p := parsers[j.lang]
		if p == nil {
			p = sitter.NewParser()
			if err := p.SetLanguage(grammars[j.lang]); err != nil {
				fmt.Fprintln(os.Stderr, "parseonly:", err)
				os.Exit(2)
			}
			parsers[j.lang] = p
		}
		tree := p.Parse(src, nil)
		if tree == nil {
			t.failed++
			continue
		}
		t.files++
		t.bytes += uint64(len(src))
		t.nodes += uint64(tree.RootNode().DescendantCount())
		tree.Close()
	}
	return t
}

// walk sends every source file under root to jobs.
func walk(root string, jobs chan<- job) error {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if l, ok := languageOf(path); ok {
			jobs <- job{path, l}
		}
		return nil
	})
}

func main() {
	workers := flag.Int("j", runtime.NumCPU(), "number of parsing workers")
	bindingAlloc := flag.Bool("binding-alloc", false, "keep the binding's allocator (a callback into Go)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: parseonly [-j N] [-binding-alloc] DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *workers < 1 {
		*workers = 1
	}
	if !*bindingAlloc {
		C.use_libc_allocator()
	}
	grammars[python] = sitter.NewLanguage(tspython.Language())
	grammars[rust] = sitter.NewLanguage(tsrust.Language())

	jobs := make(chan job, 4**workers)
	results := make(chan totals, *workers)
	var wg sync.WaitGroup
	for i := 0; i < *workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- worker(jobs)
		}()
	}

	status := 0
	for _, root := range flag.Args() {
		if err := walk(root, jobs); err != nil {
			fmt.Fprintln(os.Stderr, "parseonly:", err)
			status = 1
		}
	}
	close(jobs)
	wg.Wait()
	close(results)

	var sum totals
	for t := range results {
		sum.add(t)
	}
	fmt.Printf("files %d  bytes %d  nodes %d\n", sum.files, sum.bytes, sum.nodes)
	if sum.failed > 0 {
		fmt.Fprintf(os.Stderr, "parseonly: %d files not parsed\n", sum.failed)
		status = 1
	}
	os.Exit(status)
}
