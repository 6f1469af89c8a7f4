// Command marked lists the tests that declare their pass with testenv, so
// that .ci/run's full pass runs exactly them, with no list of names kept by
// hand.
//
// A top-level test is marked when its body, or a function or method of its
// package's test files that it calls (transitively), calls testenv.Size,
// testenv.Pick or testenv.FullOnly. For each package directory under the
// given roots (default "."), marked prints one line,
//
//	./dir ^(TestA|TestB)$
//
// with -list one line per test instead, and with -run a single line: one
// -run expression naming every marked test, then the directories (the
// form .ci/run uses). It fails when a marked test's
// name is also the name of an unmarked test in another printed package
// (one -run expression selects across packages).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

var markers = map[string]bool{"Size": true, "Pick": true, "FullOnly": true}

func main() {
	list := flag.Bool("list", false, "print one line per marked test (dir<TAB>test)")
	oneRun := flag.Bool("run", false, "print one line: a -run expression naming every marked test, then the directories")
	flag.Parse()
	roots := flag.Args()
	if len(roots) == 0 {
		roots = []string{"."}
	}
	dirs := map[string]bool{}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, "_test.go") {
				dirs[filepath.Dir(path)] = true
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "marked:", err)
			os.Exit(1)
		}
	}
	var order []string
	for d := range dirs {
		order = append(order, d)
	}
	sort.Strings(order)
	marked := map[string][]string{}
	unmarked := map[string][]string{} // test name -> dirs where it is not marked
	for _, dir := range order {
		m, u, err := scan(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "marked:", err)
			os.Exit(1)
		}
		if len(m) > 0 {
			marked[dir] = m
		}
		for _, name := range u {
			unmarked[name] = append(unmarked[name], dir)
		}
	}
	bad := false
	for _, dir := range order {
		for _, name := range marked[dir] {
			for _, other := range unmarked[name] {
				if other != dir && marked[other] != nil {
					fmt.Fprintf(os.Stderr, "marked: %s is marked in %s but not in %s: rename one\n", name, dir, other)
					bad = true
				}
			}
		}
	}
	if bad {
		os.Exit(1)
	}
	if *oneRun {
		// One `go test` over every marked package: the packages build and
		// run side by side, and the check above makes one expression safe.
		seen := map[string]bool{}
		var all, dirsOut []string
		for _, dir := range order {
			if len(marked[dir]) == 0 {
				continue
			}
			dirsOut = append(dirsOut, relDir(dir))
			for _, n := range marked[dir] {
				if !seen[n] {
					seen[n] = true
					all = append(all, n)
				}
			}
		}
		sort.Strings(all)
		fmt.Printf("^(%s)$ %s\n", strings.Join(all, "|"), strings.Join(dirsOut, " "))
		return
	}
	for _, dir := range order {
		names := marked[dir]
		if len(names) == 0 {
			continue
		}
		rel := "./" + filepath.ToSlash(dir)
		if dir == "." {
			rel = "."
		}
		if *list {
			for _, n := range names {
				fmt.Printf("%s\t%s\n", rel, n)
			}
			continue
		}
		fmt.Printf("%s ^(%s)$\n", rel, strings.Join(names, "|"))
	}
}

// scan parses one directory's test files (internal and external test
// packages together) and returns its marked and unmarked top-level tests.
func scan(dir string) (marked, unmarked []string, err error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	calls := map[string]map[string]bool{} // function or method name -> names it calls
	direct := map[string]bool{}           // functions that call a marker
	var tests []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		testenvName := ""
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) == "github.com/tinnersbot/tinnersbot/internal/testenv" {
				testenvName = "testenv"
				if imp.Name != nil {
					testenvName = imp.Name.Name
				}
			}
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			if fn.Recv == nil && strings.HasPrefix(name, "Test") && name != "TestMain" && isTestSig(fn) {
				tests = append(tests, name)
			}
			if calls[name] == nil {
				calls[name] = map[string]bool{}
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					switch f := x.Fun.(type) {
					case *ast.Ident:
						calls[name][f.Name] = true
					case *ast.SelectorExpr:
						if id, ok := f.X.(*ast.Ident); ok && testenvName != "" && id.Name == testenvName && markers[f.Sel.Name] {
							direct[name] = true
						}
						calls[name][f.Sel.Name] = true
					}
				case *ast.Ident:
					// A function passed as a value (t.Run(name, helper)) counts as called.
					calls[name][x.Name] = true
				}
				return true
			})
		}
	}
	// Propagate: a function is marked when it reaches a direct marker.
	memo := map[string]int{} // 0 unknown, 1 visiting, 2 marked, 3 not
	var reach func(string) bool
	reach = func(n string) bool {
		switch memo[n] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		memo[n] = 1
		if direct[n] {
			memo[n] = 2
			return true
		}
		for c := range calls[n] {
			if _, ok := calls[c]; ok && reach(c) {
				memo[n] = 2
				return true
			}
		}
		memo[n] = 3
		return false
	}
	sort.Strings(tests)
	for _, t := range tests {
		// Each test starts from a clean memo: "visiting" must not leak
		// a false answer from a cycle met on another test's walk.
		memo = map[string]int{}
		if reach(t) {
			marked = append(marked, t)
		} else {
			unmarked = append(unmarked, t)
		}
	}
	return marked, unmarked, nil
}

func relDir(dir string) string {
	if dir == "." {
		return "."
	}
	return "./" + filepath.ToSlash(dir)
}

func isTestSig(fn *ast.FuncDecl) bool {
	p := fn.Type.Params.List
	if len(p) != 1 || len(p[0].Names) > 1 {
		return false
	}
	star, ok := p[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "T"
}
