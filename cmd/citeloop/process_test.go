package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// processCalls are the functions that read the process's environment or
// end it. Only main may call them: everything below takes a lookup
// (FromEnv) and returns errors.
var processCalls = map[string][]string{
	"os":      {"Exit", "Getenv", "LookupEnv", "Environ", "ExpandEnv"},
	"syscall": {"Exit", "Getenv", "Environ"},
}

// processCallsIn returns the calls of processCalls in a Go file, as
// "pkg.Func line N", whatever name the file imports the package under.
func processCallsIn(fset *token.FileSet, f *ast.File) []string {
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := processCalls[path]; !ok {
			continue
		}
		name := path
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = path
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		if path, ok := names[x.Name]; ok && slices.Contains(processCalls[path], sel.Sel.Name) {
			out = append(out, path+"."+sel.Sel.Name+" line "+strconv.Itoa(fset.Position(sel.Pos()).Line))
		}
		return true
	})
	return out
}

func TestProcessCallsIn(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string
	}{
		{"plain", "package p\nimport \"os\"\nfunc f() { _ = os.Getenv(\"A\"); os.Exit(1) }\n", []string{"os.Getenv line 3", "os.Exit line 3"}},
		{"aliased", "package p\nimport sys \"os\"\nvar lookup = sys.LookupEnv\n", []string{"os.LookupEnv line 3"}},
		{"syscall", "package p\nimport \"syscall\"\nfunc f() { syscall.Getenv(\"A\") }\n", []string{"syscall.Getenv line 3"}},
		{"other packages' Getenv", "package p\nimport \"example.com/os\"\nfunc f() { os.Getenv(\"A\") }\n", nil},
		{"the rest of os", "package p\nimport \"os\"\nfunc f() { os.ReadFile(\"a\") }\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tt.give, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := processCallsIn(fset, f); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// main is the only code of the module that reads the process environment
// (cmd/citeloop's, and a developer tool's such as internal/testenv)
// or exits: it passes os.LookupEnv down, and every backend reads its own
// variables through it (FromEnv). Test files are left out, and so are the
// test-support packages (batch/batchtest, internal/browsertest, ...):
// packages named *test that only test files import, which read the test
// harness's switches (CI, CITELOOP_TEST_DATABASE_URL) as go test does.
func TestOnlyMainTouchesTheProcess(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}\t{{join .Imports \" \"}}\t{{.Name}}", "github.com/citeloop/citeloop/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	type pkg struct {
		dir     string
		files   []string
		imports []string
		name    string
	}
	pkgs := map[string]pkg{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("go list line %q", line)
		}
		pkgs[f[0]] = pkg{dir: f[1], files: strings.Fields(f[2]), imports: strings.Fields(f[3]), name: f[4]}
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	testSupport := func(path string) bool { return strings.HasSuffix(path, "test") }
	fset := token.NewFileSet()
	files := 0
	for path, p := range pkgs {
		for _, imp := range p.imports {
			if testSupport(imp) && strings.HasPrefix(imp, "github.com/citeloop/citeloop/") {
				t.Errorf("%s imports the test-support package %s outside its tests", path, imp)
			}
		}
		if testSupport(path) {
			continue
		}
		for _, name := range p.files {
			file := filepath.Join(p.dir, name)
			f, err := parser.ParseFile(fset, file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files++
			if p.name == "main" && name == "main.go" {
				continue // a program's main: citeloop's, or a developer tool's (internal/testenv)
			}
			for _, c := range processCallsIn(fset, f) {
				t.Errorf("%s/%s calls %s: only a program's main.go reads the environment or exits; take a lookup func(string) (string, bool) instead", path, name, c)
			}
		}
	}
	if files < 100 {
		t.Errorf("scanned only %d files", files)
	}
}
