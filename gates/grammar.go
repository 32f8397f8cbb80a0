package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The number grammar: how a reader reads numbers in a text. One scanner
// reads claims, quotes, titles and folded sources alike, so a number means
// the same thing wherever it is written.
//
// A text is read as a stream of parts, words and numbers, each with the
// separator before it. A number is a maximal run of digits (decimal digits
// of any script; superscript and subscript digits through NFKC) with its
// comparison sign (< > ≤ ≥ ~; "=" and no sign read the same), its minus
// sign, its thousands grouping, its decimal mark, its exponent ("4e-12",
// "4×10^-12", "4 × 10⁻¹²", "10⁹") and a scale word ("1.2 million"). Number
// words from a closed set and Roman numerals after a word are numbers too
// (numwords.go).

// sepKind is what separates a part from the one before it.
type sepKind uint8

const (
	// sepHard: the start of the text, or punctuation other than a hyphen
	// or a comparison sign: a reading never runs across it.
	sepHard sepKind = iota
	// sepSoft: whitespace, or a comparison sign taken by the number.
	sepSoft
	// sepHyphen: a hyphen or dash, with or without spaces ("IL-6",
	// "67-98", "0.6 - 0.9").
	sepHyphen
	// sepGlued: nothing: letters and digits written together ("BRCA1",
	// "3rd", "H₂S").
	sepGlued
	// sepJoin: a sign that makes one whole of two numbers, kept in
	// part.joint: a ratio or a time ("1:3", "14:30"), a slash ("12/20",
	// "03/04/2021"), a plus-minus ("5 ± 2"), the hyphens of an ISO date
	// ("2021-03-04"). A whole is read whole: no number is cut out of it.
	sepJoin
)

// part is one word or number of a text.
type part struct {
	// start and end are the part's byte span in the text; a number's span
	// holds its comparison sign, its minus sign and its exponent.
	start, end int
	sep        sepKind
	// word is a word's letters, NFKC and case-folded; "" for a number.
	word string
	// num is a number's canonical value ("75000", "0.05", "2,3" for a
	// decimal comma, "0.000000000004", "2^5"); "" for a word.
	num string
	// cmp is a number's comparison sign: "<", ">", "≤", "≥", "~" or "".
	cmp string
	neg bool
	// value is a number's decimal, kept so a scale word or a compound can
	// change it; numword marks a number written as a word.
	value   decimal
	numword bool
	// name is set for a word with a capital after its first letter or
	// made only of capitals ("FU", "CoV", "NQO").
	name bool
	// unit is a number's unit, canonical (units.go): "%", "mo", "mg/dL";
	// "" for none. unitTried is the end at which a unit was last looked
	// for, so a number that grows (a scale word, a compound) looks again.
	unit      string
	unitTried int
	// joint is the sign of a sepJoin: ':', '/', '±' or '-'.
	joint rune
	// nameDigit marks a number written against a letter before it, a
	// name's digits ("BRCA1", "IL-6"): it takes no unit spelled in letters.
	nameDigit bool
	// counted marks a claim's number without a unit that counts the word
	// after it ("39.4 patients"): a quote's number with a unit does not
	// back it.
	counted bool
}

func (p part) isNum() bool { return p.num != "" }

// readMode says how liberally a text is read. A claim is read strictly:
// a Roman numeral counts only after a word. Quotes and titles, which back
// claims, are read liberally: every standalone Roman numeral counts, so a
// numeral a claim writes is never missed in the text that backs it.
type readMode uint8

const (
	readClaim readMode = iota
	readBacking
)

// readParts reads s into its parts.
func readParts(s string, mode readMode) []part {
	var parts []part
	lastEnd := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		var p part
		var ok bool
		switch {
		case isNumberStart(s, i, r):
			p, ok = scanNumber(s, i, lastEnd)
		case isScriptDigit(r):
			p, ok = scanScriptNumber(s, i)
		case vulgarFractions[r] != "":
			p, ok = part{start: i, end: i + n, value: decimal{digits: "0", frac: vulgarFractions[r]}}, true
			p.num = p.value.canonical()
			p.unitTried = p.end // "1½ years": the unit is read on neither
		case unicode.IsLetter(r):
			p, ok = scanWord(s, i)
		}
		if !ok {
			i += n
			continue
		}
		p.sep = gapKind(s[lastEnd:p.start], len(parts) == 0, p)
		parts = append(parts, p)
		parts = joinNumbers(s, parts)
		parts = joinWords(s, parts, mode)
		parts = withUnit(s, parts)
		parts = withMonth(s, parts)
		lastEnd = parts[len(parts)-1].end
		i = max(lastEnd, i+n)
	}
	return joinDates(s, parts)
}

// joinNumbers makes a whole of the number just appended and the number
// before it when a joining sign stands between them, written without
// spaces (":" or "/") or with any ("±", "+/-"); and takes a prefixed
// currency's country or code written before it ("US$5", "USD 5").
func joinNumbers(s string, parts []part) []part {
	k := len(parts) - 1
	p := &parts[k]
	if !p.isNum() || k == 0 {
		return parts
	}
	prev := &parts[k-1]
	if prev.word == "minus" && p.sep == sepSoft && !p.neg && p.cmp == "" {
		// "minus 39.4%" is −39.4%.
		p.neg, p.start, p.sep = true, prev.start, prev.sep
		parts[k-1] = *p
		return parts[:k]
	}
	if prev.isNum() && !prev.numword && !p.numword {
		digit := p.start
		for digit < p.end && !isNumberStart(s, digit, firstRune(s[digit:])) {
			_, n := utf8.DecodeRuneInString(s[digit:])
			digit += n
		}
		gap := s[prev.end:digit]
		switch t := strings.TrimSpace(gap); {
		case gap == ":" || gap == "∶" || gap == "/":
			p.sep, p.joint = sepJoin, firstRune(gap)
			if p.joint == '∶' {
				p.joint = ':'
			}
		case isPlusMinus(t):
			p.sep, p.joint, p.cmp, p.neg, p.start = sepJoin, '±', "", false, digit
		}
		return parts
	}
	if prev.isNum() || prev.end > p.start {
		return parts
	}
	gap := s[prev.end:p.start]
	if strings.TrimSpace(gap) != "" {
		return parts
	}
	switch {
	case p.unit == "$" && gap == "" && dollarCountries[prev.word] != "":
		p.unit = dollarCountries[prev.word]
	case p.unit == "" && currencyCodes[prev.word] != "" && prev.name:
		p.unit = currencyCodes[prev.word]
	default:
		return parts
	}
	p.start, p.sep, p.unitTried = prev.start, prev.sep, p.end
	parts[k-1] = *p
	return parts[:k]
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// isPlusMinus reports whether t is a plus-minus sign: "±", "+/-", "+-".
func isPlusMinus(t string) bool {
	switch t {
	case "±", "+/-", "+/−", "+-", "+−":
		return true
	}
	return false
}

// withUnit reads the unit of the number just appended, if it has none
// and has grown since a unit was last looked for ("1.2 million dollars",
// "twenty-four months", "five-year"), and hands it to the first end of
// a range written before it with none: "5–10%", "5 to 10 %", "between 5
// and 10 years", "65 ± 10 years" read the unit on both ends.
func withUnit(s string, parts []part) []part {
	k := len(parts) - 1
	p := &parts[k]
	if !p.isNum() {
		return parts
	}
	if p.unit == "" && p.unitTried != p.end && !p.nameDigit {
		p.unit, p.end = readUnit(s, p.end, true)
		p.unitTried = p.end
	}
	if p.unit == "" {
		return parts
	}
	first := -1
	switch {
	case k >= 1 && parts[k-1].isNum() && (p.sep == sepHyphen || p.sep == sepJoin && p.joint == '±'):
		first = k - 1
	case k >= 2 && p.sep == sepSoft && parts[k-1].word == "to" && parts[k-1].sep == sepSoft && parts[k-2].isNum():
		first = k - 2
	case k >= 3 && p.sep == sepSoft && parts[k-1].word == "and" && parts[k-1].sep == sepSoft && parts[k-2].isNum() &&
		parts[k-2].sep == sepSoft && parts[k-3].word == "between":
		first = k - 2
	}
	if first >= 0 && parts[first].unit == "" && !parts[first].nameDigit {
		parts[first].unit = p.unit
	}
	return parts
}

// months are the month names and their abbreviations, by number.
var months = map[string]int{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2, "mar": 3,
	"apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}

// withMonth makes a day of a date read with its month: a number of 1–31
// without a unit written just after a month name ("March 1") or just
// before one ("1 March") takes the month as its unit, so "May 1" is not
// "March 1". The month is capitalised: "3 may explain" is no date.
func withMonth(s string, parts []part) []part {
	k := len(parts) - 1
	if k < 1 {
		return parts
	}
	p, prev := &parts[k], &parts[k-1]
	day := func(q *part) bool {
		v := atoi(q.value.digits)
		return q.isNum() && q.unit == "" && !q.numword && q.value.frac == "" && q.value.exp == 0 && v >= 1 && v <= 31 && q.cmp == "" && !q.neg
	}
	month := func(q *part) bool {
		return !q.isNum() && months[q.word] != 0 && unicode.IsUpper(firstRune(s[q.start:]))
	}
	switch {
	case month(p) && p.sep == sepSoft && day(prev) && !prev.nameDigit:
		prev.unit = "month " + itoa(months[p.word])
	case p.isNum() && p.sep == sepSoft && month(prev) && day(p):
		p.unit, p.unitTried = "month "+itoa(months[prev.word]), p.end
	}
	return parts
}

// joinDates makes a whole of an ISO date, "2021-03-04" (or "2024-1-1"):
// four digits, one or two and one or two, joined by hyphens without
// spaces, a month and a day.
func joinDates(s string, parts []part) []part {
	for k := 2; k < len(parts); k++ {
		y, m, d := parts[k-2], parts[k-1], parts[k]
		if !y.isNum() || !m.isNum() || !d.isNum() || m.sep != sepHyphen || d.sep != sepHyphen ||
			y.end-y.start != 4 || m.end-m.start > 2 || d.end-d.start > 2 ||
			!singleDash(s[y.end:m.start]) || !singleDash(s[m.end:d.start]) {
			continue
		}
		if mv, dv := atoi(m.value.digits), atoi(d.value.digits); mv < 1 || mv > 12 || dv < 1 || dv > 31 {
			continue
		}
		parts[k-1].sep, parts[k-1].joint = sepJoin, '-'
		parts[k].sep, parts[k].joint = sepJoin, '-'
	}
	return parts
}

func singleDash(gap string) bool {
	r, n := utf8.DecodeRuneInString(gap)
	return n == len(gap) && isDash(r)
}

// gapKind classifies the text between two parts.
func gapKind(gap string, first bool, p part) sepKind {
	if first {
		return sepHard
	}
	if gap == "" {
		if p.cmp != "" {
			return sepSoft // "p<0.05": the sign stands between
		}
		return sepGlued
	}
	kind := sepSoft
	for _, r := range gap {
		switch {
		case unicode.IsSpace(r):
		case isDash(r) && kind == sepSoft:
			kind = sepHyphen
		default:
			return sepHard
		}
	}
	return kind
}

// vulgarFractions are the fractions of the allowlist, read as their
// decimal fraction digits: "½" is 0.5, "1½" is 1 and 0.5.
var vulgarFractions = map[rune]string{'¼': "25", '½': "5", '¾': "75"}

// isNumberStart reports whether a number starts at s[i]: a decimal digit,
// or a decimal point before one that follows no letter or digit (".05").
func isNumberStart(s string, i int, r rune) bool {
	if unicode.Is(unicode.Nd, r) {
		return true
	}
	if r != '.' && r != '·' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(s[i+1:])
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.Is(unicode.Nd, next) && !unicode.IsLetter(prev) && !unicode.IsNumber(prev)
}

// digitAt returns the value of the decimal digit at s[i] (any script, NFKC
// digits included) and its size, or -1.
func digitAt(s string, i int) (int, int) {
	if i >= len(s) {
		return -1, 0
	}
	if c := s[i]; c >= '0' && c <= '9' {
		return int(c - '0'), 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if !unicode.Is(unicode.Nd, r) {
		return -1, n
	}
	return int(digitValue(r)), n
}

// digitValue is the value of a decimal digit of any script. Unicode
// allocates decimal digits in runs of ten starting at zero.
func digitValue(r rune) rune {
	first := r
	for unicode.Is(unicode.Nd, first-1) {
		first--
	}
	return (r - first) % 10
}

// isDash reports whether r is a hyphen, dash or minus sign.
func isDash(r rune) bool {
	switch r {
	case '-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\ufe58', '\ufe63', '\uff0d':
		return true
	}
	return false
}

// comparison reads the comparison sign that ends s (after optional spaces),
// returning it in canonical form ("" for "=" or none) and where it starts.
func comparison(s string) (string, int, bool) {
	t := strings.TrimRightFunc(s, unicode.IsSpace)
	r, n := utf8.DecodeLastRuneInString(t)
	at := len(t) - n
	var sign string
	switch r {
	case '<', '>', '≪', '≫':
		sign = string(r)
	case '‹', '﹤', '＜':
		sign = "<" // what looks like "<" reads as "<"
	case '›', '﹥', '＞':
		sign = ">"
	case '≤', '≥':
		sign = string(r)
	case '≦', '⩽':
		sign = "≤"
	case '≧', '⩾':
		sign = "≥"
	case '~', '∼', '≈', '≃', '≅':
		sign = "~"
	case '=':
		// "<=" and ">=" are ≤ and ≥, spaced or not; a bare "=" reads as
		// no sign.
		before := strings.TrimRightFunc(t[:at], unicode.IsSpace)
		p, m := utf8.DecodeLastRuneInString(before)
		switch p {
		case '<', '‹':
			return "≤", len(before) - m, true
		case '>', '›':
			return "≥", len(before) - m, true
		}
		return "", at, true
	default:
		return "", 0, false
	}
	return sign, at, true
}

// signAt reports whether the dash ending s (its last rune) is a minus sign
// of the number after it rather than a hyphen or the dash of a range:
// "(−0.5", "by -0.5" and a dash starting the text are signs; "12-14",
// "7.4%–37%", "0.6 -0.9" and "IL-6" are not.
func signAt(s string) bool {
	r, n := utf8.DecodeLastRuneInString(s)
	if r != '+' && !isDash(r) {
		return false
	}
	before := s[:len(s)-n]
	prev, _ := utf8.DecodeLastRuneInString(before)
	if before == "" {
		return true
	}
	if unicode.IsLetter(prev) || unicode.IsNumber(prev) || strings.ContainsRune(").]%", prev) {
		return false // attached: a hyphen or a range dash
	}
	t := strings.TrimRightFunc(before, unicode.IsSpace)
	last, _ := utf8.DecodeLastRuneInString(t)
	return !unicode.IsNumber(last) && last != '%'
}

// scanWord reads a run of letters (and the marks on them) at s[i]. A word
// that is a number word or a Roman numeral becomes a number part later
// (joinWords).
func scanWord(s string, i int) (part, bool) {
	j := i
	upperAfterFirst, allUpper, letters := false, true, 0
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			break
		}
		if unicode.IsLetter(r) {
			if unicode.IsUpper(r) && letters > 0 {
				upperAfterFirst = true
			}
			allUpper = allUpper && unicode.IsUpper(r)
			letters++
		}
		j += n
	}
	return part{start: i, end: j, word: foldWord(s[i:j]), name: upperAfterFirst || allUpper}, true
}

// decimal is a number as written: its digits, fraction, decimal mark and
// power of ten.
type decimal struct {
	digits string // integer digits, ASCII, no grouping
	frac   string // fraction digits
	comma  bool   // the decimal mark is a comma
	exp    int    // power of ten (exponent, scale word)
	// power is an exponent that is not of ten ("2⁵"): kept as written.
	power string
}

// maxShift bounds how far canonical moves a decimal point: beyond it the
// value is written with its exponent ("4e-999").
const maxShift = 400

// canonical is the value a reader reads, the same for every notation of
// it: grouping dropped, leading zeros of the integer dropped, the exponent
// applied ("4e-12", "4×10^-12" and "4 × 10⁻¹²" are all 0.000000000004), the
// fraction's digits kept ("821.000" is not "821"; "0.80" is not "0.8"). A
// decimal comma is kept as a comma: "2,3" matches only "2,3".
func (d decimal) canonical() string {
	if d.comma {
		return trimZeros(d.digits) + "," + d.frac + expSuffix(d.exp) + d.power
	}
	all := d.digits + d.frac
	shift := d.exp - len(d.frac)
	var out string
	switch {
	case shift > maxShift || shift < -maxShift:
		out = trimZeros(all) + "e" + itoa(shift)
	case shift >= 0:
		out = trimZeros(all + strings.Repeat("0", shift))
	default:
		point := -shift
		if len(all) <= point {
			all = strings.Repeat("0", point-len(all)+1) + all
		}
		out = trimZeros(all[:len(all)-point]) + "." + all[len(all)-point:]
	}
	return out + d.power
}

func trimZeros(s string) string {
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return "0"
	}
	return s
}

func expSuffix(e int) string {
	if e == 0 {
		return ""
	}
	return "e" + itoa(e)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// scanNumber reads the number whose first digit (or leading point) is at
// s[i]; lastEnd is where the part before it ends, so a sign is never taken
// from it.
func scanNumber(s string, i, lastEnd int) (part, bool) {
	p := part{start: i, nameDigit: isNameDigit(s[:i])}
	k := i
	currency, n := currencyBefore(s[lastEnd:k])
	k -= n
	if t := strings.TrimRightFunc(s[lastEnd:k], unicode.IsSpace); strings.HasSuffix(t, "±") || strings.HasSuffix(t, "+/-") || strings.HasSuffix(t, "+/−") {
		// "±2%": the sign is part of the number, and no minus.
		p.cmp = "±"
		k = lastEnd + strings.LastIndexAny(t, "±+")
	} else {
		plus := false
		if r, n := utf8.DecodeLastRuneInString(s[lastEnd:k]); n > 0 && (r == '+' || isDash(r)) && signAt(s[:k]) {
			k, p.neg, plus = k-n, r != '+', r == '+'
		}
		if cmp, at, ok := comparison(s[lastEnd:k]); ok && cmp != "" {
			p.cmp, k = cmp, lastEnd+at
		} else if plus {
			p.cmp = "+" // "+39.4%" is a signed change, not the level 39.4%
		}
	}
	p.start = k
	var d decimal
	j := i
	if s[j] != '.' && !strings.HasPrefix(s[j:], "·") {
		d.digits, j = readDigits(s, j)
		var groupedComma bool
		d.digits, j, groupedComma = readGroups(s, d.digits, j)
		if !groupedComma {
			if f, e, ok := decimalComma(s, d.digits, j); ok {
				d.frac, d.comma, j = f, true, e
			}
		}
	}
	if !d.comma {
		if f, e, ok := decimalPoint(s, j); ok {
			d.frac, j = f, e
		}
	}
	d, j = readExponent(s, d, j)
	p.unit = currency
	if currency == "" {
		p.unit, j = readUnit(s, j, !p.nameDigit)
	}
	p.end, p.unitTried = j, j
	p.value, p.num = d, d.canonical()
	return p, true
}

// isNameDigit reports whether a number written after before is a name's
// digits: written against a letter ("BRCA1", "H2S") or joined to a word by
// a hyphen ("IL-6", "COVID-19").
func isNameDigit(before string) bool {
	r, n := utf8.DecodeLastRuneInString(before)
	if isDash(r) {
		r, _ = utf8.DecodeLastRuneInString(before[:len(before)-n])
	}
	return unicode.IsLetter(r)
}

// readDigits reads a run of decimal digits at s[i] as ASCII.
func readDigits(s string, i int) (string, int) {
	var b strings.Builder
	for {
		v, n := digitAt(s, i)
		if v < 0 {
			return b.String(), i
		}
		b.WriteByte(byte('0' + v))
		i += n
	}
}

// readGroups reads thousands groups after a head of one to three digits
// that does not start with 0: a comma, an apostrophe (', ’ or ʼ: Swiss and
// SI style), a space of any width (a run of
// whitespace: a line may break between groups, but a tab, which stands
// between a table's cells, or a blank line, which stands between
// paragraphs, never groups), or nothing (a longer head
// is the same number, "75000"), then exactly three digits. Every separator
// of one number is the same kind. It reports whether a comma grouped.
func readGroups(s, head string, i int) (string, int, bool) {
	if len(head) < 1 || len(head) > 3 || head[0] == '0' {
		return head, i, false
	}
	digits, kind := head, rune(0)
	for {
		r, n := utf8.DecodeRuneInString(s[i:])
		var k rune
		switch {
		case r == ',':
			k = ','
		case r == '\'' || r == '’' || r == 'ʼ':
			k = '\'' // Swiss and SI style: 184'216
		case unicode.IsSpace(r):
			k = ' '
			n = skipSpaces(s, i) - i
			if hardGap(s[i : i+n]) {
				// A tab stands between table cells, a blank line
				// between paragraphs: "1" and "234" of two cells or
				// paragraphs are two numbers, not 1,234. A line wrap
				// groups.
				return digits, i, kind == ','
			}
		default:
			return digits, i, kind == ','
		}
		if kind != 0 && k != kind {
			return digits, i, kind == ','
		}
		g, e, ok := threeDigits(s, i+n)
		if !ok {
			return digits, i, kind == ','
		}
		digits, i, kind = digits+g, e, k
	}
}

// threeDigits reads exactly three digits at s[i] not followed by another.
func threeDigits(s string, i int) (string, int, bool) {
	g, e := readDigits(s, i)
	if len(g) != 3 {
		return "", i, false
	}
	return g, e, true
}

// decimalComma reads ",digits" at s[i] after the integer digits head: a
// comma is a decimal mark unless exactly three digits follow it (then it
// groups thousands, or, after a head of four or more digits, separates
// two numbers), except after the head 0 ("0,345" is a decimal).
func decimalComma(s, head string, i int) (string, int, bool) {
	if i >= len(s) || s[i] != ',' {
		return "", i, false
	}
	f, e := readDigits(s, i+1)
	if f == "" || len(f) == 3 && head != "0" {
		return "", i, false
	}
	return f, e, true
}

// decimalPoint reads ".digits" or "·digits" (the Lancet's decimal point) at
// s[i], unless the middle dot is a multiplication before "10^".
func decimalPoint(s string, i int) (string, int, bool) {
	var n int
	switch {
	case strings.HasPrefix(s[i:], "."):
		n = 1
	case strings.HasPrefix(s[i:], "·"):
		n = len("·")
		if isTenPower(s, i+n) {
			return "", i, false
		}
	default:
		return "", i, false
	}
	f, e := readDigits(s, i+n)
	if f == "" {
		return "", i, false
	}
	return f, e, true
}

// isTenPower reports whether s[i:] is "10" with an exponent: "10^-4",
// "10⁻⁴".
func isTenPower(s string, i int) bool {
	if !strings.HasPrefix(s[i:], "10") {
		return false
	}
	_, _, ok := scriptExponent(s, i+2)
	return ok
}

// scriptExponent reads an exponent at s[i]: "^" with an optional sign and
// digits, or superscript digits with an optional superscript sign.
func scriptExponent(s string, i int) (int, int, bool) {
	j, neg := i, false
	if strings.HasPrefix(s[j:], "^") {
		j++
		if r, n := utf8.DecodeRuneInString(s[j:]); r == '+' || isDash(r) {
			j, neg = j+n, r != '+'
		}
		ds, e := readDigits(s, j)
		if ds == "" || len(ds) > 4 {
			return 0, i, false
		}
		return signed(atoi(ds), neg), e, true
	}
	if r, n := utf8.DecodeRuneInString(s[j:]); r == '⁻' || r == '⁺' {
		j, neg = j+n, r == '⁻'
	}
	ds, e := readScriptDigits(s, j, superDigits)
	if ds == "" || len(ds) > 4 {
		return 0, i, false
	}
	return signed(atoi(ds), neg), e, true
}

func signed(v int, neg bool) int {
	if neg {
		return -v
	}
	return v
}

func atoi(ds string) int {
	v := 0
	for _, c := range ds {
		v = v*10 + int(c-'0')
	}
	return v
}

// readExponent reads what follows a mantissa: an e-exponent ("4e-12"), a
// multiplication by a power of ten ("4×10^-12", "4 × 10⁻¹²"), or a
// superscript power ("10⁹" is 10 to the 9th; "2⁵" keeps its power).
func readExponent(s string, d decimal, i int) (decimal, int) {
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		neg := false
		if r, n := utf8.DecodeRuneInString(s[j:]); r == '+' || isDash(r) {
			j, neg = j+n, r != '+'
		}
		ds, e := readDigits(s, j)
		next, _ := utf8.DecodeRuneInString(s[e:])
		if ds != "" && len(ds) <= 4 && !unicode.IsLetter(next) {
			d.exp += signed(atoi(ds), neg)
			return d, e
		}
	}
	if e, end, ok := scriptExponent(s, i); ok {
		if d.digits == "10" && d.frac == "" {
			d.digits, d.exp = "1", d.exp+e
		} else {
			d.power = "^" + itoa(e)
		}
		return d, end
	}
	// "× 10^-12": spaces, a multiplication sign, spaces, 10 and an exponent.
	j := skipSpaces(s, i)
	r, n := utf8.DecodeRuneInString(s[j:])
	if r != '×' && r != 'x' && r != 'X' && r != '·' && r != '⋅' && r != '*' {
		return d, i
	}
	j = skipSpaces(s, j+n)
	if !strings.HasPrefix(s[j:], "10") {
		return d, i
	}
	e, end, ok := scriptExponent(s, j+2)
	if !ok {
		return d, i
	}
	d.exp += e
	return d, end
}

func skipSpaces(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			return i
		}
		i += n
	}
	return i
}

// superDigits and subDigits are the super- and subscript digits 0–9.
const (
	superDigits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	subDigits   = "₀₁₂₃₄₅₆₇₈₉"
)

// scriptDigit returns the value of a super- or subscript digit, or -1.
func scriptDigit(r rune, table string) int {
	k := 0
	for _, c := range table {
		if c == r {
			return k
		}
		k++
	}
	return -1
}

func isScriptDigit(r rune) bool {
	return scriptDigit(r, superDigits) >= 0 || scriptDigit(r, subDigits) >= 0
}

// readScriptDigits reads a run of digits of table at s[i] as ASCII.
func readScriptDigits(s string, i int, table string) (string, int) {
	var b strings.Builder
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		v := scriptDigit(r, table)
		if v < 0 {
			break
		}
		b.WriteByte(byte('0' + v))
		i += n
	}
	return b.String(), i
}

// scanScriptNumber reads a super- or subscript number that follows no
// digit (after one it is an exponent): "I²", "H₂S", "L⁻¹", reference marks
// "²˒³". It reads as its digits: NFKC decides that "I²" is "I2".
func scanScriptNumber(s string, i int) (part, bool) {
	r, _ := utf8.DecodeRuneInString(s[i:])
	table := superDigits
	if scriptDigit(r, subDigits) >= 0 {
		table = subDigits
	}
	p := part{start: i}
	if prev, n := utf8.DecodeLastRuneInString(s[:i]); prev == '⁻' || prev == '₋' {
		p.start, p.neg = i-n, true
	}
	var ds string
	ds, p.end = readScriptDigits(s, i, table)
	p.unitTried = p.end
	p.value = decimal{digits: ds}
	p.num = p.value.canonical()
	return p, true
}
