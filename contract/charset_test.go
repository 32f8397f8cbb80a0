package contract_test

import (
	"encoding/json"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
)

// refused marks a character the allowlist refuses, and why.
type refused struct{ kind contract.CharProblemKind }

// decided is every non-ASCII character found in testdata/ (the corpus, the
// recorded Europe PMC, Crossref and DataCite answers, the full texts, the
// bibliographies, the golden briefs and the adversarial cases), each with
// what the allowlist makes of it. A fixture that brings a new character
// fails TestAllowlistCoversEveryCharacterInTestdata until it is decided
// here. Hidden characters (format, control) are named by the hidden rule and
// are refused by both.
var decided = map[rune]any{
	// Spaces.
	0x00A0: contract.CharSpace, 0x2003: contract.CharSpace, 0x2005: contract.CharSpace,
	0x2009: contract.CharSpace, 0x200A: contract.CharSpace, 0x202F: contract.CharSpace,
	0x3000: refused{contract.NotAllowed}, // ideographic space: not English
	// Punctuation.
	0x00B4: contract.CharPunct, 0x00B7: contract.CharPunct, 0x2010: contract.CharPunct,
	0x2011: contract.CharPunct, 0x2013: contract.CharPunct, 0x2014: contract.CharPunct,
	0x2018: contract.CharPunct, 0x2019: contract.CharPunct, 0x201C: contract.CharPunct,
	0x201D: contract.CharPunct, 0x2026: contract.CharPunct, 0x2039: contract.CharPunct,
	0xFF3B: refused{contract.NotAllowed}, 0xFF3D: refused{contract.NotAllowed}, // fullwidth brackets
	// Symbols.
	0x00A9: contract.CharSymbol, 0x00AE: contract.CharSymbol, 0x00B0: contract.CharSymbol,
	0x00B1: contract.CharSymbol, 0x00BD: contract.CharSymbol, 0x00BE: contract.CharSymbol, 0x00D7: contract.CharSymbol, 0x2030: contract.CharSymbol,
	0x2192: contract.CharSymbol, 0x2212: contract.CharSymbol, 0x221D: contract.CharSymbol,
	0x223C: contract.CharSymbol, 0x2248: contract.CharSymbol, 0x2264: contract.CharSymbol,
	0x2265: contract.CharSymbol,
	0x26A0: refused{contract.NotAllowed}, 0x2709: refused{contract.NotAllowed}, // ⚠ ✉ pictographs
	0x2800: refused{contract.NotAllowed},                                        // Braille blank
	0x2695: refused{contract.NotAllowed}, 0x1F44D: refused{contract.NotAllowed}, // ⚕ 👍
	0x02D2:  refused{contract.NotAllowed}, // ˒, a modifier letter used between reference marks
	0x1D412: refused{contract.NotAllowed}, // mathematical bold S
	// The DOI suites (testdata/doi-suites) test DOIs in other scripts:
	// none is prose.
	0x0434: refused{contract.NotAllowed}, 0x0438: refused{contract.NotAllowed}, 0x043A: refused{contract.NotAllowed}, 0x043D: refused{contract.NotAllowed}, // Cyrillic
	0x0F0B: refused{contract.NotAllowed}, 0x0F51: refused{contract.NotAllowed}, 0x0F56: refused{contract.NotAllowed}, 0x0F5E: refused{contract.NotAllowed}, 0x0F66: refused{contract.NotAllowed}, // Tibetan
	0x0F7A: refused{contract.CombiningMark}, 0x0FA6: refused{contract.CombiningMark}, // Tibetan vowel sign, subjoined letter
	0x241B: refused{contract.NotAllowed}, 0xFFFD: refused{contract.NotAllowed}, // ␛, the replacement character
	0x1F414: refused{contract.NotAllowed}, 0x1F4A9: refused{contract.NotAllowed}, // emoji
	0x0390: contract.CharLetter, // Greek iota with dialytika and tonos
	// Super- and subscripts: allowed where quoted with their neighbours.
	0x00B9: contract.CharScript, 0x00B2: contract.CharScript, 0x00B3: contract.CharScript,
	0x2090: contract.CharScript, 0x2093: contract.CharScript, 0x2098: contract.CharScript, 0x2070: contract.CharScript, 0x2074: contract.CharScript,
	0x2076: contract.CharScript, 0x207B: contract.CharScript, 0x2082: contract.CharScript,
	// Latin and Greek letters.
	0x00B5: contract.CharLetter, 0x00C1: contract.CharLetter, 0x00D6: contract.CharLetter,
	0x00E1: contract.CharLetter, 0x00E3: contract.CharLetter, 0x00E4: contract.CharLetter,
	0x00E7: contract.CharLetter, 0x00E9: contract.CharLetter, 0x00ED: contract.CharLetter,
	0x00F1: contract.CharLetter, 0x00F3: contract.CharLetter, 0x00F4: contract.CharLetter,
	0x00F6: contract.CharLetter, 0x00F8: contract.CharLetter, 0x00FA: contract.CharLetter,
	0x00FC: contract.CharLetter, 0x011F: contract.CharLetter, 0x0130: contract.CharLetter,
	0x0131: contract.CharLetter, 0x0142: contract.CharLetter, 0x0144: contract.CharLetter, 0x0151: contract.CharLetter,
	0x0159: contract.CharLetter, 0x015F: contract.CharLetter,
	0x0394: contract.CharLetter, 0x03B1: contract.CharLetter, 0x03B2: contract.CharLetter,
	0x03B3: contract.CharLetter, 0x03B4: contract.CharLetter, 0x03B5: contract.CharLetter,
	0x03BA: contract.CharLetter, 0x03BB: contract.CharLetter, 0x03BC: contract.CharLetter,
	0x039F: contract.CharLetter, 0x03BD: contract.CharLetter, // allowed letters; look-alikes are judged by the notation rule
	0xFF23: refused{contract.NotAllowed},                                       // fullwidth C
	0x0440: refused{contract.NotAllowed}, 0x041E: refused{contract.NotAllowed}, // Cyrillic er and O
	0x02C7: refused{contract.NotAllowed}, // spacing caron of a broken PDF extraction
	0x3164: refused{contract.NotAllowed}, // Hangul filler
	// Combining marks (decomposed letters in bibliographies compose under
	// NFC; a mark left alone is refused).
	0x0301: refused{contract.CombiningMark}, 0x0303: refused{contract.CombiningMark},
	0x0308: refused{contract.CombiningMark}, 0x0327: refused{contract.CombiningMark},
	0x0338: refused{contract.CombiningMark},
	// Digits that are not ASCII.
	0x0661: refused{contract.NonASCIIDigit}, 0x0665: refused{contract.NonASCIIDigit},
	0x0667: refused{contract.NonASCIIDigit}, 0xFF11: refused{contract.NonASCIIDigit},
	0xFF15: refused{contract.NonASCIIDigit}, 0xFF17: refused{contract.NonASCIIDigit},
	0x1D7CF: refused{contract.NonASCIIDigit}, 0x1D7D3: refused{contract.NonASCIIDigit}, 0x1D7D5: refused{contract.NonASCIIDigit},
	// The red team's cases (testdata/adversarial/cases/redteam_*): marks
	// the reference shapes refuse in prose unless quoted (§ † ‡), units
	// and signs the number grammar reads (′ ″ Å ≪ ›), letters the
	// look-alike rule judges (Ƽ).
	0x00A7: contract.CharPunct, 0x2020: contract.CharPunct, 0x2021: contract.CharPunct,
	0x2032: contract.CharPunct, 0x2033: contract.CharPunct, 0x203A: contract.CharPunct,
	0x226A: contract.CharSymbol, 0x00C5: contract.CharLetter, 0x00E5: contract.CharLetter, 0x01BC: contract.CharLetter,
	0x212B: composes{}, // the angstrom sign: NFC makes it Å, which prose reads
}

// composes decides a character outside the allowlist that the reader's
// view (NFC) turns into an allowed one.
type composes struct{}

// hiddenInTestdata are the hidden characters the adversarial cases hold:
// refused by the hidden-character rule (and outside the allowlist).
var hiddenInTestdata = []rune{0x00AD, 0x200B, 0x200D, 0x200E, 0x200F, 0x202C, 0x202E, 0x2067, 0x2069, 0xFEFF,
	0xE0065, 0xE0067, 0xE0069, 0xE006E, 0xE006F, 0xE0072}

// testdataRunes returns every non-ASCII character of every file under
// testdata/, JSON strings decoded, XML and HTML character references
// decoded, with a file it occurs in.
func testdataRunes(t *testing.T) map[rune]string {
	t.Helper()
	found := map[rune]string{}
	add := func(s, path string) {
		for _, r := range s {
			if r >= utf8.RuneSelf {
				if _, ok := found[r]; !ok {
					found[r] = path
				}
			}
		}
	}
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		add(html.UnescapeString(string(data)), path)
		var v any
		if strings.HasSuffix(path, ".json") && json.Unmarshal(data, &v) == nil {
			walkStrings(v, func(s string) { add(s, path); add(html.UnescapeString(s), path) })
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func walkStrings(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, f)
		}
	case map[string]any:
		for k, e := range x {
			f(k)
			walkStrings(e, f)
		}
	}
}

func TestAllowlistCoversEveryCharacterInTestdata(t *testing.T) {
	found := testdataRunes(t)
	var runes []rune
	for r := range found {
		runes = append(runes, r)
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
	hidden := map[rune]bool{}
	for _, r := range hiddenInTestdata {
		hidden[r] = true
	}
	for _, r := range runes {
		if hidden[r] {
			if _, _, ok := contract.HiddenRune(string(r)); !ok {
				t.Errorf("%s (in %s) is listed as hidden but the hidden rule passes it", contract.RuneName(r), found[r])
			}
			continue
		}
		want, ok := decided[r]
		if !ok {
			t.Errorf("%s (in %s) is not decided: add it to the allowlist or to the refusals", contract.RuneName(r), found[r])
			continue
		}
		switch w := want.(type) {
		case contract.CharClass:
			if got := contract.ClassOf(r); got != w {
				t.Errorf("ClassOf(%s) = %v, want %v", contract.RuneName(r), got, w)
			}
			if p, bad := contract.RefusedRune("a" + string(r)); bad {
				t.Errorf("RefusedRune(%s) = %v, want allowed", contract.RuneName(r), p.Detail())
			}
		case composes:
			if got := contract.ClassOf(r); got != contract.CharNotAllowed {
				t.Errorf("ClassOf(%s) = %v, want not allowed before NFC", contract.RuneName(r), got)
			}
			if p, bad := contract.RefusedRune("a" + string(r)); bad {
				t.Errorf("RefusedRune(%s) = %v, want allowed after NFC", contract.RuneName(r), p.Detail())
			}
		case refused:
			if got := contract.ClassOf(r); got != contract.CharNotAllowed {
				t.Errorf("ClassOf(%s) = %v, want not allowed", contract.RuneName(r), got)
			}
			// A combining mark is refused when NFC leaves it alone: after a
			// space, where no letter composes with it.
			p, bad := contract.RefusedRune(" " + string(r))
			if !bad || p.Kind != w.kind || p.Rune != r {
				t.Errorf("RefusedRune(%s) = %+v, %v; want kind %v", contract.RuneName(r), p, bad, w.kind)
			}
		}
	}
	t.Logf("%d distinct non-ASCII characters in testdata/, each decided", len(runes))
}

// TestAllowlistBoundaries: each row of the allowlist starts and ends where it
// says, and the code points around it are decided by their own rows.
func TestAllowlistBoundaries(t *testing.T) {
	tests := []struct {
		give rune
		want contract.CharClass
	}{
		{'a', contract.CharLetter}, {'z', contract.CharLetter}, {'A', contract.CharLetter}, {'Z', contract.CharLetter},
		{'@', contract.CharPunct}, {'[', contract.CharPunct}, {'`', contract.CharPunct}, {'{', contract.CharPunct},
		{'0', contract.CharDigit}, {'9', contract.CharDigit}, {'/', contract.CharPunct}, {':', contract.CharPunct},
		{' ', contract.CharSpace}, {'!', contract.CharPunct}, {'~', contract.CharPunct},
		{0x7F, contract.CharNotAllowed}, {0x1F, contract.CharNotAllowed}, {'\n', contract.CharNotAllowed},
		{0x9F, contract.CharNotAllowed}, {0xA0, contract.CharSpace}, {0xA1, contract.CharNotAllowed},
		{0xBF, contract.CharNotAllowed}, {0xC0, contract.CharLetter}, {0xD7, contract.CharSymbol},
		{0xF7, contract.CharSymbol}, {0xFF, contract.CharLetter}, {0x17E, contract.CharLetter},
		{0x17F, contract.CharNotAllowed}, // long s
		{0x1C0, contract.CharNotAllowed}, // click letter, looks like |
		{0x1C4, contract.CharNotAllowed}, // DŽ digraph
		{0x1CD, contract.CharLetter}, {0x1F0, contract.CharLetter}, {0x1F1, contract.CharNotAllowed},
		{0x1F4, contract.CharLetter}, {0x24F, contract.CharLetter}, {0x250, contract.CharNotAllowed},
		{0x385, contract.CharNotAllowed}, {0x386, contract.CharLetter}, {0x387, contract.CharNotAllowed},
		{0x391, contract.CharLetter}, {0x3A2, contract.CharNotAllowed}, {0x3C9, contract.CharLetter},
		{0x3CF, contract.CharNotAllowed}, {0x3D5, contract.CharNotAllowed}, // phi symbol
		{0x400, contract.CharNotAllowed}, {0x1DFF, contract.CharNotAllowed}, {0x1E00, contract.CharLetter},
		{0x1EFF, contract.CharLetter}, {0x1F00, contract.CharNotAllowed},
		{0x2001, contract.CharNotAllowed}, {0x2002, contract.CharSpace}, {0x200A, contract.CharSpace},
		{0x200B, contract.CharNotAllowed}, {0x2016, contract.CharNotAllowed}, {0x2070, contract.CharScript},
		{0x2072, contract.CharNotAllowed}, {0x207F, contract.CharScript}, {0x208E, contract.CharScript},
		{0x208F, contract.CharNotAllowed}, {0x2103, contract.CharNotAllowed}, // ℃, a compatibility form
		{0x22C5, contract.CharSymbol}, {0x22C6, contract.CharNotAllowed}, {0x1D7D3, contract.CharNotAllowed},
		{0x1F600, contract.CharNotAllowed}, {0x10FFFF, contract.CharNotAllowed},
	}
	for _, tt := range tests {
		if got := contract.ClassOf(tt.give); got != tt.want {
			t.Errorf("ClassOf(%s) = %v, want %v", contract.RuneName(tt.give), got, tt.want)
		}
	}
}

func TestRefusedRune(t *testing.T) {
	tests := []struct {
		give     string
		wantOK   bool
		wantKind contract.CharProblemKind
		wantRune rune
		wantAt   int
	}{
		{give: "Survival was 39.4% (95% CI 37–41) in Baden-Württemberg.", wantOK: false},
		{give: "Aβ-fibre density fell by 2 μg L⁻¹ and H₂S rose ≥ 3×.", wantOK: false},
		{give: "Baden-Wu\u0308rttemberg", wantOK: false}, // composes under NFC
		{give: "5\u041e%", wantOK: true, wantKind: contract.NotAllowed, wantRune: 0x041E, wantAt: 1},
		{give: "rose \u0665%", wantOK: true, wantKind: contract.NonASCIIDigit, wantRune: 0x0665, wantAt: 5},
		{give: "rose \uff15%", wantOK: true, wantKind: contract.NonASCIIDigit, wantRune: 0xFF15, wantAt: 5},
		{give: "x\u0338y", wantOK: true, wantKind: contract.CombiningMark, wantRune: 0x0338, wantAt: 1},
		{give: "e\u0301\u0301", wantOK: true, wantKind: contract.CombiningMark, wantRune: 0x0301, wantAt: 2},
		{give: "rose\u00b2\u02d2\u00b3", wantOK: true, wantKind: contract.NotAllowed, wantRune: 0x02D2, wantAt: 6},
		{give: "tab\there", wantOK: true, wantKind: contract.NotAllowed, wantRune: '\t', wantAt: 3},
	}
	for _, tt := range tests {
		p, ok := contract.RefusedRune(tt.give)
		if ok != tt.wantOK || ok && (p.Kind != tt.wantKind || p.Rune != tt.wantRune || p.At != tt.wantAt) {
			t.Errorf("RefusedRune(%q) = %+v, %v; want kind %v rune %U at %d, %v", tt.give, p, ok, tt.wantKind, tt.wantRune, tt.wantAt, tt.wantOK)
		}
		if ok && p.Detail() == "" {
			t.Errorf("no detail for %q", tt.give)
		}
	}
}

func TestMixedScriptWord(t *testing.T) {
	tests := []struct {
		give     string
		wantOK   bool
		wantWord string
	}{
		{give: "Aβ-fibre and TNF-α and μg and ΔNp63", wantOK: false},
		{give: "5\u041e% of patients", wantOK: true, wantWord: "5\u041e"},
		{give: "in \u0440atients", wantOK: true, wantWord: "\u0440atients"},
		{give: "\u0665\u0030 cases", wantOK: true, wantWord: "\u0665\u0030"},
		{give: "\u0665\u0661 cases", wantOK: false}, // one script; the digit rule refuses it
		{give: "\uff15\u0030", wantOK: true, wantWord: "\uff15\u0030"},
		{give: "a \u0430", wantOK: false}, // separate words
		{give: "", wantOK: false},
	}
	for _, tt := range tests {
		m, ok := contract.MixedScriptWord(tt.give)
		if ok != tt.wantOK || m.Word != tt.wantWord {
			t.Errorf("MixedScriptWord(%q) = %+v, %v; want %q, %v", tt.give, m, ok, tt.wantWord, tt.wantOK)
		}
		if ok && !strings.Contains(m.Detail(), "looks like") {
			t.Errorf("detail %q", m.Detail())
		}
	}
}

func TestSkeletonFlagsLookAlikes(t *testing.T) {
	if contract.Skeleton("5\u041e%") != contract.Skeleton("5O%") {
		t.Error("Cyrillic O and Latin O should share a skeleton")
	}
	if contract.ReadNFKC("I\u00b2") != "I2" || contract.ReadNFKC("H\u2082S") != "H2S" {
		t.Error("NFKC should read I² as I2 and H₂S as H2S")
	}
	if contract.ReadNFC("u\u0308") != "ü" {
		t.Error("NFC should compose u and diaeresis")
	}
}
