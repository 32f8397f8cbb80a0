package offline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// The checks a skeptic can make without a model, one function each, shared
// by RuleSkeptic (which objects) and ExtractiveWriter (which, repairing,
// proposes no claim that would draw one).

// quotedKind is the kind of the abstract sentence a citation quotes, and
// whether the quote was found within one sentence of the cited abstract.
func quotedKind(e contract.Entry, quote string) (Kind, bool) {
	q := strings.TrimSpace(quote)
	if q == "" {
		return "", false
	}
	for _, s := range Classify(e.Abstract) {
		if strings.Contains(s.Text, q) {
			return s.Kind, true
		}
	}
	return "", false
}

// openers are the first words of a sentence that leans on the one before
// it. connectives among them can be taken off and leave a sentence that
// stands alone.
var (
	openers = []string{"this", "these", "those", "that", "it", "its", "they", "their", "such", "however", "moreover",
		"furthermore", "nonetheless", "nevertheless", "thus", "therefore", "hence", "additionally", "in addition",
		"in contrast", "conversely", "similarly", "likewise", "also", "another", "collectively", "consequently",
		"in this context", "overall"}
	connectives = []string{"however", "moreover", "furthermore", "nonetheless", "nevertheless", "additionally",
		"in addition", "also", "overall", "consequently", "thus", "therefore", "hence"}
	danglingRefs = []string{"the two groups", "both groups", "the former", "the latter", "the above", "these factors",
		"these effects", "this disparity", "this gap", "our results", "our findings", "as mentioned", "as described above"}
)

// leaning returns why a claim's text does not stand alone ("" when it
// does): an opening word that refers back, or a reference to something
// outside it.
func leaning(text string) string {
	low := strings.ToLower(strings.TrimSpace(text))
	for _, it := range []string{"it was estimated", "it is estimated", "it was found", "it was shown", "it was observed", "it was reported"} {
		if strings.HasPrefix(low, it) {
			return "" // a dummy subject, not a reference back
		}
	}
	for _, o := range openers {
		if rest, ok := strings.CutPrefix(low, o); ok && (rest == "" || strings.IndexAny(rest[:1], " ,;:") == 0) {
			return fmt.Sprintf("it opens with '%s', which refers to what came before it in the abstract", text[:len(o)])
		}
	}
	for _, d := range danglingRefs {
		if strings.Contains(low, d) {
			return fmt.Sprintf("'%s' refers to something the claim does not state", d)
		}
	}
	return ""
}

// unlean takes an opening connective ("However, ") off text, or returns
// "" when there is none to take off.
func unlean(text string) string {
	low := strings.ToLower(text)
	for _, c := range connectives {
		if strings.HasPrefix(low, c+", ") {
			rest := []rune(strings.TrimSpace(text[len(c)+2:]))
			if len(rest) == 0 {
				return ""
			}
			return strings.ToUpper(string(rest[0])) + string(rest[1:])
		}
	}
	return ""
}

// offTopic returns why a claim is off the lead's topic ("" when it is on
// it): a claim must name every content word of a topic of up to three,
// half of a longer one, and one when the lead matches any topic word.
func offTopic(text string, lead contract.Lead) string {
	topic := contentWords(lead.Topic)
	if len(topic) == 0 {
		return ""
	}
	got := overlap(topic, contentWords(text))
	need := 1.0
	switch {
	case lead.AnyTopicWord:
		need = 1 / float64(len(distinct(topic)))
	case len(distinct(topic)) > 3:
		need = 0.5
	}
	if got+1e-9 >= need {
		return ""
	}
	return fmt.Sprintf("the claim does not say it is about '%s'", strings.TrimSpace(lead.Topic))
}

func distinct(ws []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// population is a group a study can be narrowed to: its name for a
// reader, the words of a source title that name it, and the words of a
// claim or topic that say so.
type population struct {
	name  string
	title []string
	says  []string
	place bool
}

// in is how a repaired claim or an objection says it: "(a study) of
// dogs", "(a study) in China".
func (p population) in() string {
	if p.place || p.name == "a cell line" {
		return "in " + p.name
	}
	return "of " + p.name
}

var populations = []population{
	{"dogs", []string{"canine", "dog", "dogs"}, []string{"canine", "dog"}, false},
	{"mice", []string{"murine", "mouse", "mice"}, []string{"murine", "mouse", "mice"}, false},
	{"rats", []string{"rat", "rats"}, []string{"rat"}, false},
	{"a cell line", []string{"cell line"}, []string{"cell", "in vitro"}, false},
	{"plants", []string{"arabidopsis", "plant", "plants"}, []string{"arabidopsis", "plant"}, false},
	{"older people", []string{"older", "elderly"}, []string{"older", "elderly", "aged", "≥60", "≥ 60", "≥65", "60 years", "65 years", "75 and above"}, false},
	{"children", []string{"children", "child", "childhood", "paediatric", "pediatric"}, []string{"child", "paediatric", "pediatric"}, false},
	{"adolescents", []string{"adolescent", "adolescents", "teenagers"}, []string{"adolescent", "teen"}, false},
	{"young patients", []string{"young"}, []string{"young", "under 60", "under 45"}, false},
	{"women", []string{"women", "woman", "women's", "female", "females"}, []string{"women", "woman", "female", "breast", "ovarian", "cervical", "uterine", "endometrial", "mammogra"}, false},
	{"men", []string{"men", "man", "male", "males"}, []string{" men", "male", "prostat", "testicular"}, false},
	{"China", []string{"china", "chinese", "fujian"}, []string{"china", "chinese", "fujian"}, true},
	{"Germany", []string{"germany", "german"}, []string{"germany", "german"}, true},
	{"Australia", []string{"australia", "australian", "australians", "tasmania", "victorian", "victoria"}, []string{"australia", "tasmania", "victoria"}, true},
	{"Morocco", []string{"morocco", "moroccan"}, []string{"morocc"}, true},
	{"Jordan", []string{"jordan"}, []string{"jordan"}, true},
	{"the United Kingdom", []string{"uk", "british", "england"}, []string{"uk", "united kingdom", "british", "england"}, true},
	{"the United States", []string{"usa", "american", "americans"}, []string{"united states", "usa", "american", "us "}, true},
	{"Europe", []string{"europe", "european"}, []string{"europe"}, true},
	{"Africa", []string{"africa", "african"}, []string{"africa"}, true},
	{"Asia", []string{"asia", "asian"}, []string{"asia"}, true},
	{"Japan", []string{"japan", "japanese"}, []string{"japan"}, true},
	{"India", []string{"india", "indian"}, []string{"india"}, true},
	{"Canada", []string{"canada", "canadian"}, []string{"canad"}, true},
}

// narrower returns why a claim's population is narrower than the brief's
// title implies ("" when it is not): the cited source's title names a
// population (a species, a cell line, an age group, a sex, a country) that
// neither the claim nor the lead's topic names.
func narrower(text string, lead contract.Lead, e contract.Entry) string {
	if p, ok := narrowerPopulation(text, lead, e); ok {
		return fmt.Sprintf("the cited study is %s (%s), which the claim does not say", p.in(), e.DOI)
	}
	return ""
}

// narrowerPopulation is the first population e's title names that neither
// text nor the lead's topic says.
func narrowerPopulation(text string, lead contract.Lead, e contract.Entry) (population, bool) {
	title := " " + strings.Join(tokenRE.FindAllString(strings.ReplaceAll(strings.ToLower(contract.CleanText(e.Title)), "-", " "), -1), " ") + " "
	says := " " + strings.ToLower(text+" "+lead.Topic) + " "
	// A compound of places ("Chinese-Australian") is its own population.
	for _, w := range tokenRE.FindAllString(contract.CleanText(e.Title), -1) {
		parts := strings.Split(strings.ToLower(w), "-")
		if len(parts) == 2 && isPlace(parts[0]) && isPlace(parts[1]) {
			if strings.Contains(says, strings.ToLower(w)) {
				return population{}, false
			}
			return population{name: w + "s", says: []string{strings.ToLower(w)}}, true
		}
	}
	for _, p := range populations {
		named := false
		for _, w := range p.title {
			named = named || strings.Contains(title, " "+w+" ")
		}
		if !named {
			continue
		}
		said := false
		for _, w := range p.says {
			said = said || strings.Contains(says, w)
		}
		if !said {
			return p, true
		}
	}
	return population{}, false
}

func isPlace(w string) bool {
	for _, p := range populations {
		if p.place && slices.Contains(p.title, w) {
			return true
		}
	}
	return false
}

// review returns the objections the rule-based skeptic raises to one
// claim of a draft for lead over ledger.
func review(c contract.Claim, lead contract.Lead, ledger contract.Ledger, minOverlap float64) []contract.Objection {
	var out []contract.Objection
	object := func(k contract.ObjectionKind, format string, args ...any) {
		out = append(out, contract.Objection{ClaimID: c.ID, Kind: k, Detail: fmt.Sprintf(format, args...)})
	}
	var quotes, sources strings.Builder
	var cited []contract.Entry
	for _, cite := range c.Citations {
		quotes.WriteString(cite.Quote + " ")
		for _, e := range ledger.Entries {
			if strings.EqualFold(e.DOI, strings.TrimSpace(cite.DOI)) {
				sources.WriteString(e.Text() + " ")
				cited = append(cited, e)
				if k, ok := quotedKind(e, cite.Quote); ok && k != Finding {
					object(contract.KindUnsupported, "the quote is a %s sentence of %s, not one of its findings", k, e.DOI)
				}
			}
		}
	}
	text := " " + strings.ToLower(c.Text) + " "
	q := " " + strings.ToLower(quotes.String()) + " "
	for _, w := range overclaims {
		if containsWord(text, w) && !containsWord(q, w) {
			object(contract.KindOverclaim, "'%s' states more certainty than the cited quote", w)
			break
		}
	}
	srcNums := map[string]bool{}
	for _, n := range numbers(sources.String() + " " + quotes.String()) {
		srcNums[n] = true
	}
	for _, n := range numbers(c.Text) {
		if !srcNums[n] {
			object(contract.KindUnsupported, "the number %s does not appear in the cited sources", n)
			break
		}
	}
	if len(c.Citations) > 0 {
		if ov := overlap(contentWords(c.Text), contentWords(quotes.String())); ov < minOverlap {
			object(contract.KindExtrapolation, "only %.0f%% of the claim's content words are in its quotes", ov*100)
		}
	}
	if why := offTopic(c.Text, lead); why != "" {
		object(contract.KindOther, "off the lead's topic: %s", why)
	}
	if why := leaning(c.Text); why != "" {
		object(contract.KindOther, "the claim does not stand alone: %s", why)
	}
	for _, e := range cited {
		if why := narrower(c.Text, lead, e); why != "" {
			object(contract.KindExtrapolation, "population narrower than the title implies: %s", why)
			break
		}
	}
	return out
}
