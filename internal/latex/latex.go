// Package latex decodes the LaTeX of BibTeX field values into the Unicode
// text a reader of the typeset bibliography sees, as BibTeX users write it:
// accent commands braced or not ({\"u}, \"{u}, \"u), special letters (\ss,
// \o, \aa, \l, \i), text commands (\textless, \textendash, \&), font
// commands ({\em x}, \emph{x}), TeX ligatures (--, “) and common math in
// titles ($\alpha$, $<$, $^{2}$); and evaluates field values with @string
// macros and # concatenation (Expand). Every rule is a row of a table, so
// the decoding is data a test can read. It imports nothing of the project.
package latex

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// accents maps an accent command to the combining mark it puts on the
// next letter: \"u is u with U+0308.
var accents = map[string]rune{
	`"`: '\u0308', `'`: '\u0301', "`": '\u0300', "^": '\u0302', "~": '\u0303', "=": '\u0304', ".": '\u0307',
	"u": '\u0306', "v": '\u030C', "H": '\u030B', "c": '\u0327', "d": '\u0323', "b": '\u0331', "k": '\u0328',
	"r": '\u030A', "t": '\u0361',
}

// letters maps commands that are letters of their own.
var letters = map[string]string{
	"ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
	"l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ", "ng": "ŋ", "NG": "Ŋ",
	"dj": "đ", "DJ": "Đ",
}

// symbols maps commands, in text and in math, that stand for a character.
var symbols = map[string]string{
	"textless": "<", "textgreater": ">", "textendash": "–", "textemdash": "—", "textquoteleft": "‘",
	"textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”", "textbackslash": `\`,
	"textasciitilde": "~", "textasciicircum": "^", "textbar": "|", "textbullet": "•", "textdegree": "°",
	"textmu": "μ", "textpm": "±", "texttimes": "×", "textregistered": "®", "textcopyright": "©",
	"texttrademark": "™", "textsection": "§", "textellipsis": "…", "textunderscore": "_", "textasciigrave": "`",
	"textperthousand": "‰", "textonehalf": "½", "textdagger": "†", "textdaggerdbl": "‡", "textsuperscript": "",
	"ldots": "…", "dots": "…", "cdots": "⋯", "S": "§", "P": "¶", "copyright": "©", "pounds": "£", "euro": "€",
	"dag": "†", "ddag": "‡", "textquotesingle": "'", "textquotedbl": `"`, "guillemotleft": "«", "guillemotright": "»",
	"slash": "/",
	// biblatex's punctuation.
	"bibrangedash": "–", "bibinitperiod": ".", "bibinitdelim": " ", "bibnamedelima": " ", "bibnamedelimb": " ",
	"bibnamedelimc": " ", "bibnamedelimd": " ", "bibnamedelimi": " ", "bibinithyphendelim": ".-", "bibdatedash": "–",
	// apacite's punctuation.
	"BBA": "&", "BBAA": "&", "BBAB": "and", "BCBT": ",", "BCBL": ",", "BBOP": "(", "BBCP": ")", "BBOQ": "“",
	"BBCQ": "”", "BPBI": ".", "BHBI": ".-", "BBCS": ";",
	// Math.
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
	"eta": "η", "theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
	"xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ",
	"varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ",
	"Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"pm": "±", "mp": "∓", "times": "×", "div": "÷", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠",
	"ne": "≠", "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅", "equiv": "≡", "propto": "∝", "infty": "∞",
	"cdot": "⋅", "circ": "°", "degree": "°", "prime": "′", "sqrt": "√", "partial": "∂", "nabla": "∇",
	"sum": "∑", "prod": "∏", "int": "∫", "in": "∈", "notin": "∉", "cap": "∩", "cup": "∪", "subset": "⊂",
	"supset": "⊃", "subseteq": "⊆", "supseteq": "⊇", "wedge": "∧", "vee": "∨", "ll": "≪", "gg": "≫",
	"rightarrow": "→", "to": "→", "leftarrow": "←", "uparrow": "↑", "downarrow": "↓", "leftrightarrow": "↔",
	"Rightarrow": "⇒", "Leftrightarrow": "⇔", "ell": "ℓ", "lt": "<", "gt": ">",
	"log": "log", "ln": "ln", "exp": "exp", "sin": "sin", "cos": "cos", "max": "max", "min": "min",
}

// escapes are a backslash before a character that stands for itself (or,
// for spacing commands, for a space).
var escapes = map[rune]string{
	'&': "&", '%': "%", '_': "_", '$': "$", '#': "#", '{': "{", '}': "}", ' ': " ", ',': "\u2009", ';': " ",
	':': " ", '!': "", '/': "", '-': "", '@': "", '\\': " ",
}

// wrappers are commands whose argument is text in another font: only the
// argument is read. A switch in a group ({\em x}) reads the same.
var wrappers = map[string]bool{
	"emph": true, "textit": true, "textbf": true, "textsc": true, "textrm": true, "texttt": true, "textsf": true,
	"textsl": true, "textup": true, "textnormal": true, "text": true, "mathrm": true, "mathbf": true,
	"mathit": true, "mathsf": true, "mathtt": true, "mathcal": true, "mathbb": true, "boldsymbol": true,
	"bm": true, "underline": true, "mbox": true, "hbox": true, "url": true, "href": false, "em": true, "it": true,
	"bf": true, "sc": true, "rm": true, "tt": true, "sf": true, "sl": true, "itshape": true, "bfseries": true,
	"scshape": true, "upshape": true, "normalfont": true, "small": true, "footnotesize": true, "large": true,
	"relax": true, "protect": true, "noopsort": false, "ensuremath": true,
}

// silent are commands whose argument prints nothing: an environment's
// name, a label, a sort key (\noopsort{a}), apacite's key of a
// meta-analysis star.
var silent = map[string]bool{
	"begin": true, "end": true, "label": true, "noopsort": true, "APACinsertmetastar": true, "bibAnnoteFile": true,
	// A field's name before its value: \bibinfo{author}{X} (REVTeX,
	// elsarticle, ACM), \bibfield{journal}{X}.
	"bibinfo": true, "bibfield": true,
}

// superscripts and subscripts that have a Unicode form.
var (
	superscripts = map[rune]rune{'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷',
		'8': '⁸', '9': '⁹', '+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', 'n': 'ⁿ', 'i': 'ⁱ'}
	subscripts = map[rune]rune{'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇',
		'8': '₈', '9': '₉', '+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎'}
)

// ligatures are TeX's text ligatures, longest first.
var ligatures = []struct{ from, to string }{
	{"---", "—"}, {"--", "–"}, {"``", "“"}, {"''", "”"}, {"!`", "¡"}, {"?`", "¿"},
}

// Decode returns the text a reader sees for the LaTeX of a field value:
// commands decoded by the tables, braces dropped, whitespace runs one
// space, NFC. Unknown commands are dropped and their arguments kept.
func Decode(s string) string {
	d := decoder{s: s}
	d.text(false, -1)
	out := strings.Join(strings.FieldsFunc(d.b.String(), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
	}), " ")
	return norm.NFC.String(out)
}

type decoder struct {
	s string
	i int
	b strings.Builder
}

// text decodes until the end, or until the closing brace of a group (depth
// >= 0), in math mode or not.
func (d *decoder) text(math bool, depth int) {
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '}' && depth >= 0:
			d.i++
			return
		case c == '}':
			d.i++ // an unbalanced brace is dropped
		case c == '{':
			d.i++
			d.text(math, depth+1)
		case c == '\\':
			d.command(math)
		case c == '$':
			d.i++
			if strings.HasPrefix(d.s[d.i:], "$") {
				d.i++ // $$ display math reads as math too
			}
			if math {
				return // the end of the math
			}
			d.text(true, -1)
		case math && (c == '^' || c == '_'):
			d.i++
			d.script(c == '^')
		case c == '~' && !math:
			d.i++
			d.b.WriteString("\u00a0")
		case !math && d.ligature():
		default:
			r, n := utf8.DecodeRuneInString(d.s[d.i:])
			d.i += n
			if math && r == ' ' {
				continue // spaces in math are typography
			}
			d.b.WriteRune(r)
		}
	}
}

func (d *decoder) ligature() bool {
	for _, l := range ligatures {
		if strings.HasPrefix(d.s[d.i:], l.from) {
			d.b.WriteString(l.to)
			d.i += len(l.from)
			return true
		}
	}
	return false
}

// command decodes the command at d.s[d.i] (a backslash).
func (d *decoder) command(math bool) {
	d.i++ // the backslash
	if d.i >= len(d.s) {
		return
	}
	r, n := utf8.DecodeRuneInString(d.s[d.i:])
	name := string(r)
	if isASCIILetter(r) {
		j := d.i
		for j < len(d.s) && isASCIILetter(rune(d.s[j])) {
			j++
		}
		name = d.s[d.i:j]
		d.i = j
	} else {
		d.i += n
	}
	if mark, ok := accents[name]; ok && (!isASCIILetter(r) || len(name) == 1) {
		d.accent(mark)
		return
	}
	if !isASCIILetter(r) {
		if e, ok := escapes[r]; ok {
			d.b.WriteString(e)
		} else {
			d.b.WriteRune(r)
		}
		return
	}
	d.skipCommandSpace()
	if l, ok := letters[name]; ok {
		d.b.WriteString(l)
		return
	}
	if sym, ok := symbols[name]; ok {
		d.b.WriteString(sym)
		return
	}
	if wrappers[name] {
		return // the argument (a group) or the rest of the group is read as text
	}
	if silent[name] {
		// Its argument is no text: skip it.
		if d.i < len(d.s) && d.s[d.i] == '{' {
			d.i = min(d.i+matchBrace(d.s[d.i:])+1, len(d.s))
		}
		return
	}
	// An unknown command: dropped; its arguments are read as text.
}

// skipCommandSpace skips the spaces that end a command name ("\ss x").
func (d *decoder) skipCommandSpace() {
	for d.i < len(d.s) && d.s[d.i] == ' ' {
		d.i++
	}
}

// accent puts mark on the next letter: "u", "{u}", "{\i}", " u".
func (d *decoder) accent(mark rune) {
	d.skipCommandSpace()
	base := ""
	switch {
	case d.i >= len(d.s):
	case d.s[d.i] == '{':
		end := strings.IndexByte(d.s[d.i:], '}')
		if end < 0 {
			end = len(d.s) - d.i
		}
		base = Decode(d.s[d.i+1 : d.i+end])
		d.i += min(end+1, len(d.s)-d.i)
	case d.s[d.i] == '\\':
		sub := decoder{s: d.s, i: d.i}
		sub.command(false)
		base, d.i = sub.b.String(), sub.i
	default:
		r, n := utf8.DecodeRuneInString(d.s[d.i:])
		base = string(r)
		d.i += n
	}
	if base == "" {
		base = " " // an accent on nothing is the accent alone
	}
	// Dotless i and j take an accent as i and j.
	base = strings.NewReplacer("ı", "i", "ȷ", "j").Replace(base)
	r, n := utf8.DecodeRuneInString(base)
	d.b.WriteRune(r)
	d.b.WriteRune(mark)
	d.b.WriteString(base[n:])
}

// script reads a super- or subscript in math: "^2", "^{-1}", "^\circ".
func (d *decoder) script(super bool) {
	var arg string
	switch {
	case d.i >= len(d.s):
		return
	case d.s[d.i] == '{':
		sub := decoder{s: d.s, i: d.i + 1}
		sub.text(true, 0)
		arg, d.i = sub.b.String(), sub.i
	case d.s[d.i] == '\\':
		sub := decoder{s: d.s, i: d.i}
		sub.command(true)
		if sub.b.Len() == 0 && sub.i < len(d.s) && d.s[sub.i] == '{' {
			// a font command: its group is the script ("^\mathbf{T}")
			sub.i++
			sub.text(true, 0)
		}
		arg, d.i = sub.b.String(), sub.i
	default:
		r, n := utf8.DecodeRuneInString(d.s[d.i:])
		arg = string(r)
		d.i += n
	}
	if super && arg == "°" {
		d.b.WriteString("°")
		return
	}
	table := subscripts
	if super {
		table = superscripts
	}
	var b strings.Builder
	for _, r := range arg {
		s, ok := table[r]
		if !ok {
			// No Unicode form: written as the source's ^x, like a
			// superscript Europe PMC has no form for.
			if super {
				if utf8.RuneCountInString(arg) > 1 {
					d.b.WriteString("^(" + arg + ")")
				} else {
					d.b.WriteString("^" + arg)
				}
			} else {
				d.b.WriteString(arg)
			}
			return
		}
		b.WriteRune(s)
	}
	d.b.WriteString(b.String())
}

func isASCIILetter(r rune) bool { return r < utf8.RuneSelf && unicode.IsLetter(r) }

// months are BibTeX's predefined macros.
var months = map[string]string{
	"jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
	"jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
}

// Expand evaluates a BibTeX field value as BibTeX does: pieces joined by
// "#", each a braced or quoted string (its outer delimiters dropped), a
// number, or a macro name, looked up case-insensitively in macros and then
// in the month macros; an undefined macro reads as nothing, as BibTeX warns
// and does. The result is still LaTeX: Decode it.
func Expand(value string, macros map[string]string) string {
	var b strings.Builder
	s := strings.TrimSpace(value)
	for s != "" {
		switch s[0] {
		case '{':
			end := matchBrace(s)
			b.WriteString(s[1:end])
			s = s[min(end+1, len(s)):]
		case '"':
			end := closingQuote(s)
			b.WriteString(s[1:end])
			s = s[min(end+1, len(s)):]
		default:
			end := strings.IndexAny(s, "#")
			if end < 0 {
				end = len(s)
			}
			name := strings.TrimSpace(s[:end])
			if v, ok := lookup(macros, name); ok {
				b.WriteString(v)
			} else if isNumber(name) {
				b.WriteString(name)
			}
			s = s[end:]
		}
		s = strings.TrimSpace(s)
		s = strings.TrimPrefix(s, "#")
		s = strings.TrimSpace(s)
	}
	return b.String()
}

func lookup(macros map[string]string, name string) (string, bool) {
	for k, v := range macros {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	v, ok := months[strings.ToLower(name)]
	return v, ok
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// MatchBrace returns the index of the brace closing s[0], or len(s) when
// it is not closed; a backslash escapes the byte after it.
func MatchBrace(s string) int { return matchBrace(s) }

func matchBrace(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// closingQuote returns the index of the quote closing s[0] outside braces,
// or len(s) when it is not closed.
func closingQuote(s string) int {
	depth := 0
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
		case '"':
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// Strings returns the @string macros a .bib text defines, each evaluated
// with the macros defined before it.
func Strings(bib string) map[string]string {
	macros := map[string]string{}
	lower := strings.ToLower(bib)
	for from := 0; ; {
		k := strings.Index(lower[from:], "@string")
		if k < 0 {
			return macros
		}
		i := from + k + len("@string")
		for i < len(bib) && (bib[i] == ' ' || bib[i] == '\t' || bib[i] == '\n' || bib[i] == '\r') {
			i++
		}
		if i >= len(bib) || bib[i] != '{' && bib[i] != '(' {
			from = i
			continue
		}
		end := matchBrace(bib[i:]) + i
		if bib[i] == '(' {
			if e := strings.IndexByte(bib[i:], ')'); e >= 0 {
				end = i + e
			}
		}
		body := bib[i+1 : end]
		if name, value, ok := strings.Cut(body, "="); ok {
			macros[strings.TrimSpace(name)] = Expand(value, macros)
		}
		from = end
	}
}
