package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// scan reads every _test.go file under root and returns, for each
// requirement, the tests that need it, and the tests that testing.Short
// skips.
func scan(root string) (map[string][]string, []string, error) {
	byDir := map[string][]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	needs := map[string][]string{}
	var short []string
	for dir, files := range byDir {
		g := callGraph(files)
		for _, req := range requirements {
			for _, fn := range g.reaching(req.calls) {
				needs[req.name] = append(needs[req.name], rel(root, dir, fn))
			}
		}
		for _, fn := range g.reaching([]string{"testing.Short"}) {
			short = append(short, rel(root, dir, fn))
		}
	}
	for k := range needs {
		slices.Sort(needs[k])
	}
	slices.Sort(short)
	return needs, short, nil
}

// graph is, for each function of a package's tests, what it names: other
// functions of the package (called, or passed as values), "pkg.Func"
// selectors and string literals.
type graph map[string][]string

func callGraph(files []*ast.File) graph {
	g := graph{}
	for _, f := range files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.Ident:
					// a call, or a function passed as a value
					g[name] = append(g[name], x.Name)
				case *ast.SelectorExpr:
					if id, ok := x.X.(*ast.Ident); ok {
						g[name] = append(g[name], id.Name+"."+x.Sel.Name)
					}
				case *ast.BasicLit:
					if x.Kind == token.STRING {
						g[name] = append(g[name], x.Value)
					}
				}
				return true
			})
		}
	}
	return g
}

// reaching lists the tests (Test..., Fuzz..., Benchmark...) that reach one
// of marks through the functions of the package they name. A test with one
// subtest that needs a requirement is listed: that subtest skips.
func (g graph) reaching(marks []string) []string {
	memo := map[string]bool{}
	var reach func(fn string, seen map[string]bool) bool
	reach = func(fn string, seen map[string]bool) bool {
		if v, ok := memo[fn]; ok {
			return v
		}
		if seen[fn] {
			return false
		}
		seen[fn] = true
		for _, c := range g[fn] {
			if slices.Contains(marks, c) || g[c] != nil && reach(c, seen) {
				memo[fn] = true
				return true
			}
		}
		return false
	}
	var out []string
	for fn := range g {
		if isTest(fn) && reach(fn, map[string]bool{}) {
			out = append(out, fn)
		}
	}
	slices.Sort(out)
	return out
}

func isTest(fn string) bool {
	for _, p := range []string{"Test", "Fuzz", "Benchmark"} {
		if strings.HasPrefix(fn, p) && fn != p && fn != "TestMain" {
			return true
		}
	}
	return false
}
