package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// numberWord returns the value of a number word of the closed set a reader
// reads as a number: zero, the cardinals two to ninety-nine (compounds are
// joined by joinWords, hyphenated or spaced), dozen, the scale words (read
// by joinWords), the -fold forms of the cardinals ("twofold", "tenfold",
// "hundredfold"), twice and thrice, half and quarter. "one", "single", the
// ordinals and a lone "third" are not read: they are more often words than
// counts ("one of the", "a single centre", "a third party"); a fraction
// word is read after a numerator with a hyphen ("two-thirds") or before
// "of" ("a fifth of"). Vague plurals ("hundreds of", "thousands of") and
// verbs of change ("doubled") are not numbers. word is lower case.
func numberWord(word string) (decimal, bool) {
	w := strings.TrimSuffix(word, "fold")
	fold := w != word
	if v, ok := cardinals[w]; ok {
		return decimal{digits: itoa(v)}, true
	}
	if v, ok := scales[w]; ok && fold {
		return decimal{digits: "1", exp: v}, true
	}
	if fold {
		return decimal{}, false
	}
	switch word {
	case "half":
		return decimal{digits: "0", frac: "5"}, true
	case "quarter":
		return decimal{digits: "0", frac: "25"}, true
	}
	if v, ok := multiples[word]; ok {
		return v, true
	}
	return decimal{}, false
}

// multiples are the adverbs of a factor: "twice" reads as "2-fold",
// "thrice" as "3-fold". Verbs of change ("doubled", "halved") are not
// read: a writer derives them from the quote's numbers, which the claim
// states beside them; "double" and "triple" are more often adjectives
// ("double-blind", "triple-negative").
var multiples = map[string]decimal{
	"twice": {digits: "2"}, "thrice": {digits: "3"},
}

// cardinals are the number words below a hundred that are read alone:
// zero, two to twenty and the tens, and "dozen" (12).
var cardinals = map[string]int{
	"zero": 0, "dozen": 12, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// fractionWords are the denominators of a fraction written in words,
// joined to its numerator by a hyphen ("two-thirds", "one-quarter",
// "three-fifths"): the fraction reads as its numerator with the unit
// "/denominator", equal only to the same fraction in words.
var fractionWords = map[string]string{
	"half": "2", "halves": "2", "third": "3", "thirds": "3", "quarter": "4", "quarters": "4", "fourth": "4", "fourths": "4",
	"fifth": "5", "fifths": "5", "sixth": "6", "sixths": "6", "eighth": "8", "eighths": "8", "tenth": "10", "tenths": "10",
}

// units may follow a tens word after a hyphen ("twenty-one" … "ninety-nine").
var units = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}

// scales are the scale words and their powers of ten. After a number they
// multiply it ("1.2 million", "two hundred"); after "a" or "one" they are
// the number itself ("a hundred").
var scales = map[string]int{"hundred": 2, "thousand": 3, "lakh": 5, "lakhs": 5, "million": 6, "crore": 7, "crores": 7,
	"billion": 9, "trillion": 12}

// scaleAbbrevs are the abbreviated scale words, read only after a number
// they multiply, written apart ("3 k", "2.5 bn"; "3k" is a unit).
var scaleAbbrevs = map[string]int{"k": 3, "mn": 6, "bn": 9, "tn": 12}

// joinWords reads the word just appended to parts as a number where it is
// one: a number word, a tens-unit compound ("twenty-four", "twenty four"),
// a scale word after a number or after "a"/"one" (an abbreviated one after
// a number only), a fraction ("two-thirds", "a fifth of"), a Roman numeral
// (romanNumeral), and
// drops a word that adds nothing after a number. It returns the new parts.
func joinWords(s string, parts []part, mode readMode) []part {
	k := len(parts) - 1
	p := parts[k]
	if p.isNum() {
		return parts
	}
	var prev *part
	if k > 0 {
		prev = &parts[k-1]
	}
	if v, ok := units[p.word]; ok && prev != nil && prev.numword && (p.sep == sepHyphen || p.sep == sepSoft) && isTens(prev.value) {
		prev.value.digits = itoa(atoi(prev.value.digits) + v)
		prev.num, prev.end = prev.value.canonical(), p.end
		return parts[:k]
	}
	if e, ok := scaleAbbrevs[p.word]; ok && prev != nil && p.sep == sepSoft && prev.isNum() && prev.value.power == "" && !prev.value.comma && prev.unit == "" {
		prev.value.exp += e
		prev.num, prev.end = prev.value.canonical(), p.end
		return parts[:k]
	}
	if e, ok := scales[p.word]; ok && prev != nil && p.sep == sepSoft {
		switch {
		case prev.isNum() && prev.value.power == "" && !prev.value.comma:
			prev.value.exp += e
			prev.num, prev.end = prev.value.canonical(), p.end
			return parts[:k]
		case prev.word == "a" || prev.word == "one":
			p.value = decimal{digits: "1", exp: e}
			p.num, p.word, p.numword = p.value.canonical(), "", true
			parts[k] = p
			return parts
		}
	}
	if den, ok := fractionWords[p.word]; ok && prev != nil && (p.sep == sepHyphen || p.sep == sepSoft && nextWord(s, p.end) == "of") &&
		(prev.numword && prev.unit == "" || prev.word == "one" || prev.word == "a") {
		// "two-thirds", "one-quarter": a numerator and its denominator.
		if !prev.isNum() {
			prev.value = decimal{digits: "1"}
			prev.num, prev.word, prev.numword = "1", "", true
		}
		prev.unit, prev.end = "/"+den, p.end
		return parts[:k]
	}
	if d, ok := numberWord(p.word); ok {
		if strings.HasSuffix(p.word, "fold") {
			p.unit = "fold" // "twofold" is "2-fold"
		}
		if _, ok := multiples[p.word]; ok {
			p.unit = "fold"
		}
		p.value, p.num, p.word, p.numword = d, d.canonical(), "", true
		parts[k] = p
		return andCompound(parts)
	}
	if v, ok := romanNumeral(s[p.start:p.end]); ok && standalone(s, p) && (mode == readBacking || prev != nil && !prev.isNum() && (p.sep == sepSoft || p.sep == sepHyphen)) {
		p.value = decimal{digits: itoa(v)}
		p.num, p.word = p.value.canonical(), ""
		p.unitTried = p.end // "stage III" counts stages, not units
		parts[k] = p
		if suffix := romanSuffix(s[p.start:p.end]); suffix != "" {
			parts = append(parts, part{start: p.end - 1, end: p.end, sep: sepGlued, word: suffix})
			parts[k].end--
		}
		return parts
	}
	return parts
}

// nextWord is the word after s[i:] past spaces, folded: "of" in "a fifth
// of patients", where a fraction word is a fraction.
func nextWord(s string, i int) string {
	i = skipSpaces(s, i)
	j := i
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += n
	}
	return strings.ToLower(s[i:j])
}

// standalone reports whether the word p is written against no number:
// "I2" is a name, not the numeral I.
func standalone(s string, p part) bool {
	next, _ := utf8.DecodeRuneInString(s[p.end:])
	return p.sep != sepGlued && !unicode.IsNumber(next)
}

// andCompound joins "two hundred and fifty" into 250: a number word below
// a hundred after "and" after a number word of hundreds or more.
func andCompound(parts []part) []part {
	k := len(parts) - 1
	if k < 2 {
		return parts
	}
	p, and, head := parts[k], parts[k-1], &parts[k-2]
	if and.word != "and" || and.sep != sepSoft || p.sep != sepSoft || !head.numword || head.value.exp < 2 || p.value.frac != "" || len(p.value.digits) > 2 {
		return parts
	}
	head.value = decimal{digits: itoa(atoi(head.num) + atoi(p.value.digits))}
	head.num, head.end = head.value.canonical(), p.end
	return parts[:k-1]
}

func isTens(d decimal) bool {
	v := atoi(d.digits)
	return d.frac == "" && d.exp == 0 && v >= 20 && v <= 90 && v%10 == 0
}

// romanNumeral reads a standalone run of Roman numerals: of I, V and X
// (additive forms too: "IIII", "XXXX"), in capitals, with an optional
// sub-stage letter ("IIIb", "IIA"), or in lower case when two or more
// ("stage iv", "type ii"): "stage III", "phase II", "Pol IV"; and a
// numeral holding L, C, D or M when it is four letters or more and well
// formed ("MMXIX", "XLII"). Shorter ones are not read: they are too often
// names ("CI", "MI", "CD", "MD", "LV", "CML"); nor is a lone "i", "v" or
// "x".
func romanNumeral(w string) (int, bool) {
	if len(w) >= 2 && strings.Trim(w, "ivx") == "" {
		w = strings.ToUpper(w)
	}
	if romanSuffix(w) != "" {
		w = w[:len(w)-1]
	}
	if w == "" || strings.Trim(w, "IVXLCDM") != "" {
		return 0, false
	}
	if strings.Trim(w, "IVX") != "" && len(w) < 4 {
		return 0, false
	}
	return romanValue(w)
}

// romanValue is the value of a well-formed Roman numeral: one that is the
// numeral of its value written the usual way ("XLII", "MMXIX") or, digit
// by digit, additively ("IIII", "XXXX", "VIIII").
func romanValue(w string) (int, bool) {
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	total := 0
	for i := 0; i < len(w); i++ {
		v := val[w[i]]
		if i+1 < len(w) && val[w[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	if total <= 0 || total >= 5000 {
		return 0, false
	}
	if w != romanOf(total, false) && w != romanOf(total, true) {
		return 0, false
	}
	return total, true
}

// romanOf writes n (1–4999) as a Roman numeral, the usual way or, with
// additive, without subtraction ("IIII" for 4, "XXXX" for 40).
func romanOf(n int, additive bool) string {
	type sym struct {
		v int
		s string
	}
	syms := []sym{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"},
		{10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}
	var b strings.Builder
	for _, y := range syms {
		if additive && len(y.s) == 2 {
			continue
		}
		for n >= y.v {
			b.WriteString(y.s)
			n -= y.v
		}
	}
	return b.String()
}

// romanSuffix returns the sub-stage letter of a Roman numeral: a lower-case
// a–d ("IIIb"), or a capital A–C after at least two numerals ("IIIB").
func romanSuffix(w string) string {
	if len(w) < 2 || !utf8.ValidString(w) {
		return ""
	}
	last := w[len(w)-1]
	head := w[:len(w)-1]
	if strings.Trim(head, "IVX") != "" || len(head) > 4 {
		return ""
	}
	switch {
	case last >= 'a' && last <= 'd':
		return string(last)
	case last >= 'A' && last <= 'C' && len(head) >= 2:
		return strings.ToLower(string(last))
	}
	return ""
}
