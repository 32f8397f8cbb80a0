package latex_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/internal/latex"
)

func TestDecodeAccents(t *testing.T) {
	tests := []struct{ give, want string }{
		// Every accent command, braced around the letter, around the whole,
		// or bare.
		{`Baden-W{\"u}rttemberg`, "Baden-Württemberg"},
		{`Baden-W\"{u}rttemberg`, "Baden-Württemberg"},
		{`Baden-W\"urttemberg`, "Baden-Württemberg"},
		{`Sj{\"o}str{\"o}m`, "Sjöström"},
		{`Gr{\"a}ler`, "Gräler"},
		{`Andr\'e and Andr{\'e}`, "André and André"},
		{"Fran\\`ois \\`a", "Franòis à"},
		{`Ni\~{n}o`, "Niño"},
		{`\^{o}te`, "ôte"},
		{`\={a}`, "ā"},
		{`\.{z}`, "ż"},
		{`\u{g}`, "ğ"},
		{`\v{s} and \v s and \v{C}`, "š and š and Č"},
		{`Erd\H{o}s`, "Erdős"},
		{`Gar\c{c}on and \c c`, "Garçon and ç"},
		{`\d{a}`, "ạ"},
		{`\k{a}`, "ą"},
		{`\r{a} and \r a`, "å and å"},
		{`\'{\i} and \'\i{}`, "í and í"},
		{`\b{a}`, "a\u0331"},
		// Special letters.
		{`Stra{\ss}e and \ss{}`, "Straße and ß"},
		{`S{\o}rensen and Engstr{\o}m and {\O}`, "Sørensen and Engstrøm and Ø"},
		{`{\AA}ngstr{\"o}m and {\aa}`, "Ångström and å"},
		{`{\ae} {\AE} {\oe} {\OE}`, "æ Æ œ Œ"},
		{`{\L}{\'o}d{\'z} and \l{}`, "Łódź and ł"},
		{`\i\j`, "ıȷ"},
		// Text commands and escapes.
		{`{\textless}5 and {\textgreater}3`, "<5 and >3"},
		{`a\textendash b\textemdash c`, "a–b—c"},
		{`Taylor \& Francis, 50\% and a\_b \$ \#1`, "Taylor & Francis, 50% and a_b $ #1"},
		{`pages 1--10 and a---b`, "pages 1–10 and a—b"},
		{"``quoted''", "“quoted”"},
		{`Dr.~Smith`, "Dr.\u00a0Smith"},
		{`\emph{in vivo} and {\em in vitro} and \textit{ex} \textbf{bold}`, "in vivo and in vitro and ex bold"},
		{`{JAX}: composable transformations of {P}ython+{N}um{P}y programs`, "JAX: composable transformations of Python+NumPy programs"},
		// Math in titles.
		{`The $\alpha$-synuclein and $\beta$ cells`, "The α-synuclein and β cells"},
		{`$<$0.05 and $>$ 3 and $\leq$ 2 and $\geq$ 65`, "<0.05 and > 3 and ≤ 2 and ≥ 65"},
		{`m$^{2}$ and m$^2$ and 10$^{-4}$ and CO$_2$ and H$_{2}$O`, "m² and m² and 10⁻⁴ and CO₂ and H₂O"},
		{`37$^\circ$C and $\pm$ 2 and 3 $\times$ 4`, "37°C and ± 2 and 3 × 4"},
		{`$\mathbf{X}^\mathbf{T}\mathbf{X}$`, "X^TX"},
		{`$x^{ab}$`, "x^(ab)"},
		{`$\Delta$ and $\mu$g`, "Δ and μg"},
		// Unknown commands vanish, their arguments stay; stray braces go.
		{`\foo{bar} and \unknown baz`, "bar and baz"},
		{`}stray{`, "stray"},
		{`\`, ""},
		{``, ""},
	}
	for _, tt := range tests {
		if got := latex.Decode(tt.give); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestExpand(t *testing.T) {
	macros := map[string]string{"jcb": "J. Comput. Biol.", "ACM": "Association for Computing Machinery"}
	tests := []struct{ give, want string }{
		{`{Plain}`, "Plain"},
		{`"Quoted {with} braces"`, "Quoted {with} braces"},
		{`jcb`, "J. Comput. Biol."},
		{`JCB # " 12"`, "J. Comput. Biol. 12"},
		{`acm # { Press}`, "Association for Computing Machinery Press"},
		{`jan # "~1"`, "January~1"},
		{`2020`, "2020"},
		{`undefined`, ""},
		{`{a} # {b} # "c"`, "abc"},
	}
	for _, tt := range tests {
		if got := latex.Expand(tt.give, macros); got != tt.want {
			t.Errorf("Expand(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
	got := latex.Strings("@string{a = {Alpha}}\n@STRING(b = a # \" Beta\")\n@article{x, title={T}}")
	if got["a"] != "Alpha" || got["b"] != "Alpha Beta" {
		t.Errorf("Strings = %v", got)
	}
}

// bibValues returns the value of every field of every entry of a .bib
// text: name = {…} or "…" or a macro, up to the comma or brace closing it.
func bibValues(t *testing.T, bib string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(bib, "\n") {
		name, value, ok := strings.Cut(line, "=")
		if !ok || strings.ContainsAny(name, "{}@\"") || strings.TrimSpace(name) == "" {
			continue
		}
		v := strings.TrimSpace(value)
		v = strings.TrimSuffix(v, ",")
		out = append(out, v)
	}
	return out
}

// TestDecodeEveryBibliography: every field of every .bib under
// testdata/bibliographies decodes to plain text: no command, brace or
// dollar left, NFC, no combining mark left alone, and the names and titles
// they spell read as their authors write them.
func TestDecodeEveryBibliography(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "bibliographies", "*.bib"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no .bib files: %v", err)
	}
	decoded := map[string]bool{}
	fields := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		macros := latex.Strings(string(data))
		for _, v := range bibValues(t, string(data)) {
			got := latex.Decode(latex.Expand(v, macros))
			fields++
			decoded[got] = true
			if strings.ContainsAny(got, `\{}$`) {
				t.Errorf("%s: %q decodes to %q, which keeps markup", filepath.Base(p), v, got)
			}
			if !norm.NFC.IsNormalString(got) {
				t.Errorf("%s: %q is not NFC", filepath.Base(p), got)
			}
			for i, r := range got {
				if unicode.Is(unicode.Mn, r) && i == 0 {
					t.Errorf("%s: %q starts with a combining mark", filepath.Base(p), got)
				}
			}
		}
	}
	for _, want := range []string{
		"Wold, S. and Sjöström, M. and Eriksson, L.",
		"Rinnan, Å. and van den Berg, F. and Engelsen, S. B.",
		"Sørensen, K. M. and van den Berg, F. and Engelsen, S. B.",
		"Taylor & Francis",
		"JAX: composable transformations of Python+NumPy programs",
		"Scikit-learn: Machine Learning in Python",
	} {
		if !decoded[want] {
			t.Errorf("no field decodes to %q", want)
		}
	}
	for _, part := range []string{"Gräler, Benedikt", "Training Set X^TX and X^TY Without Full Recomputation"} {
		found := false
		for d := range decoded {
			found = found || strings.Contains(d, part)
		}
		if !found {
			t.Errorf("no field decodes to hold %q", part)
		}
	}
	t.Logf("%d fields of %d files decoded", fields, len(paths))
}

// FuzzDecode: any input decodes without panic to NFC text with no
// backslash command left.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{\"u}`, `\'{\i}`, `$x^{2}$`, `\textless`, `{{{`, `}}}`, `$`, `\`, `\"`, `$^$`, `\c{`, `a--b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := latex.Decode(s)
		if !norm.NFC.IsNormalString(got) {
			t.Fatalf("Decode(%q) = %q is not NFC", s, got)
		}
		_ = latex.Expand(s, nil)
	})
}
