package gates

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/contract"
)

// Number is a number written with digits in prose, as the number-support
// check sees it.
type Number struct {
	// Text is the number as written, sign and grouping included.
	Text string
	// Value is the canonical digits: no grouping, no leading zeros in the
	// integer part, no trailing zeros in the fraction ("1,234.50" → "1234.5",
	// ".05" → "0.05").
	Value string
	// Negative is set when a minus sign (any dash used as one) precedes it.
	Negative bool
}

// units are letter runs that, attached to digits ("10mg", "60Gy"), make a
// measurement, not a name: the number is still checked.
var units = map[string]bool{
	"mg": true, "g": true, "kg": true, "µg": true, "μg": true, "ng": true, "mcg": true,
	"ml": true, "mL": true, "l": true, "L": true, "dl": true, "dL": true,
	"mm": true, "cm": true, "m": true, "km": true, "nm": true, "µm": true, "μm": true,
	"h": true, "hr": true, "hrs": true, "min": true, "s": true, "d": true, "wk": true, "wks": true,
	"mo": true, "y": true, "yr": true, "yrs": true, "Gy": true, "mmHg": true, "kDa": true,
	"mmol": true, "mol": true, "µmol": true, "μmol": true, "IU": true, "x": true,
	// Ordinals: "the 10th most frequent" is the number 10.
	"st": true, "nd": true, "rd": true, "th": true,
}

// NumbersIn returns the numbers written with digits in s, in order. Only
// formatting is normalised: any decimal digit is read as its value (but
// superscripts and other non-decimal digits are not digits), thousands
// groups may be split by a comma or a space ("1,234" = "1 234" = "1234"), the decimal point may be a middle dot ("39·4"), a
// leading zero may be left out (".05"), and any dash before a number is a
// minus sign ("−0.5" = "-0.5"). Each end of a range ("12–14") and each
// side of a ratio ("1:3") is its own number. A token that mixes letters and
// digits — COVID-19, BRCA1, H2S, T2, IL-6, 5-FU — is a name, not a number;
// digits followed by a unit ("10mg"), an ordinal suffix ("10th") or a
// hyphen and a lower-case word ("5-year"), or after a lower-case word and a
// hyphen ("mid-2020"), are still a number.
func NumbersIn(s string) []Number {
	orig := []rune(s)
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = formatFold(r)
	}
	var out []Number
	for i := 0; i < len(rs); {
		start := i
		leadingPoint := rs[i] == '.' && i+1 < len(rs) && isASCIIDigit(rs[i+1]) && (i == 0 || !isAlnum(rs[i-1]))
		if !isASCIIDigit(rs[i]) && !leadingPoint {
			i++
			continue
		}
		intPart, frac, end := scanNumber(rs, start)
		i = end
		if isName(rs, start, end) {
			// Skip the rest of the name ("SARS-CoV-2", "H2S") so its digits
			// are not read as numbers either.
			for i < len(rs) && (isAlnum(rs[i]) || (rs[i] == '-' && i+1 < len(rs) && isAlnum(rs[i+1]))) {
				i++
			}
			continue
		}
		n := Number{Text: strings.TrimSpace(string(orig[start:end])), Value: canonical(intPart, frac)}
		if isSign(rs, start-1) {
			n.Negative = rs[start-1] == '-'
			n.Text = string(orig[start-1]) + n.Text
		}
		if end < len(rs) && rs[end] == '%' {
			n.Text += "%"
		}
		out = append(out, n)
	}
	return out
}

// isSign reports whether rs[i] is a sign of the number after it rather
// than a hyphen or the dash of a range: "(−0.5", "by -0.5" are signs;
// "12-14", "7.4%–37%", "0.6 - 0.9" and "IL-6" are not.
func isSign(rs []rune, i int) bool {
	if i < 0 || (rs[i] != '-' && rs[i] != '+') {
		return false
	}
	j := i - 1
	for j >= 0 && unicode.IsSpace(rs[j]) {
		j--
	}
	if j < 0 {
		return true
	}
	prev := rs[j]
	if j == i-1 && (isLetter(prev) || strings.ContainsRune(").]%", prev)) {
		return false // attached: a hyphen or a range dash
	}
	return !isASCIIDigit(prev) && prev != '%'
}

// scanNumber reads the number starting at rs[start]: integer digits with
// optional thousands groups (a first group of one to three digits, then
// groups of three after a comma or a space: "1,234", "75 000"), then an
// optional fraction.
func scanNumber(rs []rune, start int) (intPart, frac string, end int) {
	var ib, fb strings.Builder
	i, group := start, 0
	for i < len(rs) && isASCIIDigit(rs[i]) {
		ib.WriteRune(rs[i])
		i++
		group++
		grouped := ib.Len() > group // a separator was already read
		if i < len(rs) && (rs[i] == ',' || rs[i] == groupSpace || rs[i] == ' ') &&
			(group == 3 || !grouped && group < 3) && threeDigitsThenEnd(rs, i+1) {
			i++ // a thousands separator: the digits continue
			group = 0
		}
	}
	if i+1 < len(rs) && rs[i] == '.' && isASCIIDigit(rs[i+1]) {
		i++
		for i < len(rs) && isASCIIDigit(rs[i]) {
			fb.WriteRune(rs[i])
			i++
		}
	}
	return ib.String(), fb.String(), i
}

// threeDigitsThenEnd reports whether rs[i:] starts with exactly three digits
// not followed by another digit: a thousands group.
func threeDigitsThenEnd(rs []rune, i int) bool {
	if i+3 > len(rs) {
		return false
	}
	for _, r := range rs[i : i+3] {
		if !isASCIIDigit(r) {
			return false
		}
	}
	return i+3 == len(rs) || !isASCIIDigit(rs[i+3])
}

// isName reports whether the digits rs[start:end] belong to a token that
// mixes letters and digits.
func isName(rs []rune, start, end int) bool {
	if start > 0 && isLetter(rs[start-1]) {
		return true // BRCA1, H2S, T2
	}
	if start > 1 && rs[start-1] == '-' && isLetter(rs[start-2]) {
		// COVID-19, IL-6, SARS-CoV-2 are names; "mid-2020" and a number
		// glued to a word to hide it ("about-93%") are not.
		for j := start - 2; j >= 0 && isLetter(rs[j]); j-- {
			if !unicode.IsLower(rs[j]) {
				return true
			}
		}
		return false
	}
	if end < len(rs) && isLetter(rs[end]) {
		j := end
		for j < len(rs) && isLetter(rs[j]) {
			j++
		}
		return !units[string(rs[end:j])] // 5FU, 2nd are names; 10mg is not
	}
	if end+1 < len(rs) && rs[end] == '-' && isLetter(rs[end+1]) {
		return unicode.IsUpper(rs[end+1]) // 5-FU is a name, 5-year is not
	}
	return false
}

// canonical is the number's value in canonical digits.
func canonical(intPart, frac string) string {
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		return intPart
	}
	return intPart + "." + frac
}

// groupSpace stands for the thin and no-break spaces that group thousands.
const groupSpace = '\u2009'

// formatFold maps formatting variants to one form: decimal digits of any
// script to ASCII, dashes and minus signs to '-', the middle dot used as a
// decimal point to '.', grouping spaces to groupSpace. Superscript and
// other non-decimal digits are left alone: they are not digits.
func formatFold(r rune) rune {
	switch {
	case r >= '0' && r <= '9':
		return r
	case unicode.Is(unicode.Nd, r):
		return '0' + digitValue(r)
	}
	switch r {
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\ufe58', '\ufe63', '\uff0d':
		return '-'
	case '\u00b7', '\u2027', '\u2219':
		return '.'
	case '\u00a0', '\u2007', '\u2009', '\u202f', '\u200a':
		return groupSpace
	case '\uff0c':
		return ','
	case '\uff0e':
		return '.'
	}
	return r
}

// digitValue is the value of a decimal digit of any script. Unicode
// allocates decimal digits in runs of ten starting at zero, so the value is
// the offset from the start of the run modulo ten.
func digitValue(r rune) rune {
	first := r
	for unicode.Is(unicode.Nd, first-1) {
		first--
	}
	return (r - first) % 10
}

func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }
func isLetter(r rune) bool     { return unicode.IsLetter(r) }
func isAlnum(r rune) bool      { return isASCIIDigit(r) || isLetter(r) }

// UnsupportedNumbers returns the numbers written in text that none of the
// quotes holds and that are not one of years (the cited records'
// publication years), each once. A negative number needs a negative one; a
// plain number may match a negative one, since "fell by 0.5" restates
// "−0.5".
func UnsupportedNumbers(text string, quotes []string, years []int) []Number {
	quoted := map[string]bool{}
	negative := map[string]bool{}
	for _, q := range quotes {
		for _, n := range NumbersIn(q) {
			quoted[n.Value] = true
			negative[n.Value] = negative[n.Value] || n.Negative
		}
	}
	for _, y := range years {
		quoted[strconv.Itoa(y)] = true
	}
	var out []Number
	seen := map[string]bool{}
	for _, n := range NumbersIn(text) {
		if quoted[n.Value] && (!n.Negative || negative[n.Value]) || seen[n.Text] {
			continue
		}
		seen[n.Text] = true
		out = append(out, n)
	}
	return out
}

// numberFailures checks that every number written with digits in each
// cited claim appears in one of that claim's quotes or is the publication
// year of a record it cites. Headings and the title are prose a reader takes
// as findings too: a number in a heading must be in a quote of its section,
// a number in the title in a quote of the draft or in the lead (topic,
// dates) the user asked for.
func numberFailures(d contract.Draft, lead contract.Lead, years func(citedDOI string) (int, bool)) []contract.Diagnostic {
	var out []contract.Diagnostic
	support := func(claims []contract.Claim) (quotes []string, ys []int) {
		for _, c := range claims {
			for _, ct := range c.Citations {
				quotes = append(quotes, ct.Quote)
				if y, ok := years(ct.DOI); ok {
					ys = append(ys, y)
				}
			}
		}
		return quotes, ys
	}
	for i, sec := range d.Sections {
		quotes, ys := support(sec.Claims)
		for _, n := range UnsupportedNumbers(sec.Heading, quotes, ys) {
			out = append(out, contract.Diagnostic{Reason: contract.ReasonNumberNotInQuote,
				Detail: fmt.Sprintf("heading of section %d: the number %s is in none of the section's quotes", i+1, n.Text)})
		}
		for _, c := range sec.Claims {
			if len(c.Citations) == 0 {
				continue // already uncited
			}
			quotes, ys := support([]contract.Claim{c})
			for _, n := range UnsupportedNumbers(c.Text, quotes, ys) {
				out = append(out, contract.Diagnostic{ClaimID: c.ID, Reason: contract.ReasonNumberNotInQuote,
					Detail: fmt.Sprintf("the number %s is in none of this claim's quotes", n.Text)})
			}
		}
	}
	quotes, ys := support(d.Claims())
	quotes = append(quotes, lead.Topic, lead.Name, lead.Since, lead.Until)
	for _, n := range UnsupportedNumbers(d.Title, quotes, ys) {
		out = append(out, contract.Diagnostic{Reason: contract.ReasonNumberNotInQuote,
			Detail: fmt.Sprintf("title: the number %s is in no quote of the draft nor in the lead", n.Text)})
	}
	return out
}
