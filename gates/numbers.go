package gates

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/contract"
)

// Number is a token of prose that a reader reads as holding a number: a
// number (grammar.go) with the letters written against it. Letters glued to
// it belong to it ("BRCA1", "82months", "H₂S", "10mg"), so does a word
// joined to it by a hyphen before it ("IL-6", "COVID-19", "Grade-3",
// "mid-2020"), and a name joined after it ("5-FU"); an ordinary word after
// a hyphen does not ("5-year" reads 5, like "five-year").
type Number struct {
	// Text is the token as written.
	Text string
	// Reading is how it reads: its words case-folded, its numbers in
	// canonical form with their comparison and minus signs ("il 6",
	// "<0.05", "-0.5", "75000").
	Reading string
	// Negative is set when its first number has a minus sign.
	Negative bool
	parts    []part
	// spaced is parts with the word written after the token with a space,
	// if any: "82 months" also reads as "82months" does.
	spaced []part
}

// NumbersIn returns the tokens of s (read as NFC) that hold a number, in
// order, read as a claim is read.
func NumbersIn(s string) []Number {
	s = contract.ReadNFC(s)
	return tokens(s, readParts(s, readClaim))
}

// tokens groups a claim's parts into the tokens that hold a number.
func tokens(s string, parts []part) []Number {
	var out []Number
	next := 0
	for k := range parts {
		if k < next || !parts[k].isNum() {
			continue
		}
		lo, hi := k, k
		for lo > next && (parts[lo].sep == sepGlued || parts[lo].sep == sepJoin) {
			lo--
		}
		for hi+1 < len(parts) && (parts[hi+1].sep == sepGlued || parts[hi+1].sep == sepJoin) {
			hi++
		}
		if lo > next && parts[lo].sep == sepHyphen && !parts[lo-1].isNum() {
			lo--
		}
		if hi+1 < len(parts) && parts[hi+1].sep == sepHyphen && !parts[hi+1].isNum() && parts[hi+1].name {
			hi++
			for hi+1 < len(parts) && parts[hi+1].sep == sepGlued {
				hi++
			}
		}
		ps := parts[lo : hi+1]
		after := hi+1 < len(parts) && parts[hi+1].sep == sepSoft && !parts[hi+1].isNum()
		if len(ps) == 1 && ps[0].unit == "" && !ps[0].nameDigit && after && counts(parts[hi+1].word) {
			ps[0].counted = true // "39.4 patients" counts patients
		}
		n := Number{Text: s[ps[0].start:ps[len(ps)-1].end], Reading: reading(ps), Negative: firstNegative(ps), parts: ps}
		if after {
			n.spaced = parts[lo : hi+2]
		}
		out = append(out, n)
		next = hi + 1
	}
	return out
}

// Unit returns the canonical unit of the token's last number ("%", "mo",
// "mg/dL", units.go), or "" if it has none.
func (n Number) Unit() string {
	for i := len(n.parts) - 1; i >= 0; i-- {
		if n.parts[i].isNum() {
			return n.parts[i].unit
		}
	}
	return ""
}

func reading(ps []part) string {
	var b strings.Builder
	for i, p := range ps {
		switch {
		case i > 0 && p.sep == sepJoin:
			b.WriteRune(p.joint)
		case i > 0:
			b.WriteByte(' ')
		}
		if !p.isNum() {
			b.WriteString(p.word)
			continue
		}
		b.WriteString(p.cmp)
		if p.neg {
			b.WriteByte('-')
		}
		b.WriteString(p.num)
		b.WriteString(unitString(p.unit))
	}
	return b.String()
}

func firstNegative(ps []part) bool {
	for _, p := range ps {
		if p.isNum() {
			return p.neg
		}
	}
	return false
}

// counts reports whether a number followed by word counts something: a
// content word ("39.4 patients") or "of" ("39.4 of them", "11 of 14").
func counts(word string) bool { return word == "of" || !isStopWord(word) }

// backing is a text that may back the numbers of a claim, read liberally,
// with the units it names apart from any number ("the mean length of
// remission in months was 89.45").
type backing struct {
	parts []part
	// named is where each unit the text names apart from a number is
	// first named.
	named map[string]int
}

func newBacking(s string) backing {
	s = contract.ReadNFC(s)
	b := backing{parts: readParts(s, readBacking)}
	for k, p := range b.parts {
		if p.isNum() {
			// A number counting the word after it, as a claim's would.
			next := k + 1
			p.counted = p.unit == "" && next < len(b.parts) && !b.parts[next].isNum() && b.parts[next].sep == sepSoft && counts(b.parts[next].word)
			b.parts[k] = p
			continue
		}
		if u := namedUnit(s, p); u != "" {
			if b.named == nil {
				b.named = map[string]int{}
			}
			if _, ok := b.named[u]; !ok {
				b.named[u] = p.start
			}
		}
	}
	return b
}

// quantityUnits are the quantities whose unit a text names by naming them:
// an age is in years, a percentage in percent.
var quantityUnits = map[string]string{"age": "yr", "aged": "yr", "percentage": "%"}

// namedUnit returns the unit a word of a text names, apart from a number:
// a unit of two letters or more ("months", "per cent"), or a quantity
// whose unit is implied ("age").
func namedUnit(s string, p part) string {
	if u, ok := quantityUnits[p.word]; ok {
		return u
	}
	if p.end-p.start < 2 {
		return ""
	}
	u, _ := unitAt(s, p.start, gapSpace, true)
	return u
}

// holds reports whether the token's parts appear in b, read the same way,
// as consecutive parts not split by punctuation, beginning and ending
// where a part of b begins and ends unglued and outside a whole:
// "Grade-3" is in "grade 3", "1" is not in "BRCA1" nor in "1:3", "2021"
// not in "2021-03-04" (the mean of "65 ± 10" may be cut out). A token
// followed by a word after a space is held with that word too: "5 FU" is
// in "5FU". A claim's minus sign needs one in b; a plain number may
// restate a negative one ("fell by 0.5" for "−0.5"). Comparison signs
// must be the same. A claim's unit must be b's ("82 days" is not in "82
// months", "39.4" with "%" not in "39.4 patients"); a claim's number
// without one may be b's with one, unless it counts the word after it
// ("39.4 patients" is not in "39.4%").
func (b backing) holds(n Number) bool {
	if b.holdsParts(n.parts) {
		return true
	}
	return n.spaced != nil && b.holdsParts(n.spaced)
}

func (bk backing) holdsParts(parts []part) bool {
	b, k := bk.parts, len(parts)
	for i := 0; i+k <= len(b); i++ {
		if i > 0 && (b[i].sep == sepGlued || b[i].sep == sepJoin) || i+k < len(b) && cutInside(b[i+k]) {
			continue
		}
		ok := true
		for j := 0; j < k && ok; j++ {
			ok = (j == 0 || b[i+j].sep != sepHard && sameJoin(parts[j], b[i+j])) && samePart(parts[j], b[i+j], bk.named)
		}
		if ok {
			return true
		}
	}
	return false
}

// cutInside reports whether a backing's token ending before q would be
// cut out of a whole or a glued word: "1" of "1:3", "1" of "1st".
func cutInside(q part) bool {
	return q.sep == sepGlued || q.sep == sepJoin && q.joint != '±'
}

// sameJoin reports whether two parts after the first of their tokens are
// joined alike: a whole's sign must be the same ("1:3" is not "1/3"), and a
// whole is not parts written apart.
func sameJoin(c, q part) bool {
	if c.sep == sepJoin || q.sep == sepJoin {
		return c.sep == q.sep && c.joint == q.joint
	}
	return true
}

// samePart reports whether a claim's part c reads as a backing's part q.
// A claim's unit needs q's, or a bare q (counting nothing) after the text
// names the unit (named: "in months was 89.45", "the mean age was 51.65").
func samePart(c, q part, named map[string]int) bool {
	if c.isNum() != q.isNum() {
		return false
	}
	if !c.isNum() {
		return c.word == q.word
	}
	if c.num != q.num || c.cmp != q.cmp || c.neg && !q.neg {
		return false
	}
	if c.unit != "" {
		at, ok := named[c.unit]
		return c.unit == q.unit || q.unit == "" && !q.counted && ok && at < q.start
	}
	return !c.counted || q.unit == ""
}

// UnsupportedNumbers returns the tokens of text that hold a number and
// that none of the backing texts holds (backing.holds), each once.
func UnsupportedNumbers(text string, backs []string) []Number {
	bs := make([]backing, len(backs))
	for i, s := range backs {
		bs[i] = newBacking(s)
	}
	return unsupported(text, bs)
}

func unsupported(text string, bs []backing) []Number {
	var out []Number
	seen := map[string]bool{}
	for _, n := range NumbersIn(text) {
		if seen[n.Text] {
			continue
		}
		found := false
		for _, b := range bs {
			if b.holds(n) {
				found = true
				break
			}
		}
		if !found {
			seen[n.Text] = true
			out = append(out, n)
		}
	}
	return out
}

// numberFailures checks that every token holding a number in each cited
// claim is in one of that claim's quotes or in the title of a record it
// cites. Headings and the title are prose a reader takes as findings too:
// a heading's numbers must be in a quote of its section (or a title its
// claims cite), the title's in a quote of the draft (or a cited title).
// Nothing else backs a number: not a record's year, not the lead.
func numberFailures(d contract.Draft, titleOf func(citedDOI string) (string, bool)) []contract.Diagnostic {
	var out []contract.Diagnostic
	cache := map[string]backing{}
	back := func(s string) backing {
		b, ok := cache[s]
		if !ok {
			b = newBacking(s)
			cache[s] = b
		}
		return b
	}
	support := func(claims []contract.Claim) []backing {
		var bs []backing
		for _, c := range claims {
			for _, ct := range c.Citations {
				bs = append(bs, back(ct.Quote))
				if t, ok := titleOf(ct.DOI); ok {
					bs = append(bs, back(t))
				}
			}
		}
		return bs
	}
	for i, sec := range d.Sections {
		for _, n := range unsupported(sec.Heading, support(sec.Claims)) {
			out = append(out, contract.Diagnostic{Reason: contract.ReasonNumberNotInQuote, Section: i + 1,
				Detail: fmt.Sprintf("heading of section %d: %s (read as %s) is in none of the section's quotes", i+1, quoteToken(n.Text), n.Reading)})
		}
		for _, c := range sec.Claims {
			if len(c.Citations) == 0 {
				continue // already uncited
			}
			for _, n := range unsupported(c.Text, support([]contract.Claim{c})) {
				out = append(out, contract.Diagnostic{ClaimID: c.ID, Reason: contract.ReasonNumberNotInQuote,
					Detail: fmt.Sprintf("%s (read as %s) is in none of this claim's quotes", quoteToken(n.Text), n.Reading)})
			}
		}
	}
	for _, n := range unsupported(d.Title, support(d.Claims())) {
		out = append(out, contract.Diagnostic{Reason: contract.ReasonNumberNotInQuote,
			Detail: fmt.Sprintf("title: %s (read as %s) is in no quote of the draft", quoteToken(n.Text), n.Reading)})
	}
	return out
}

func quoteToken(s string) string { return "\u201c" + s + "\u201d" }

// foldWord is how a word is compared: NFKC, lower case, final sigma as
// sigma.
func foldWord(w string) string {
	w = contract.ReadNFKC(w)
	return strings.Map(func(r rune) rune {
		if r == 'ς' {
			return 'σ'
		}
		return unicode.ToLower(r)
	}, w)
}
