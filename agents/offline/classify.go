package offline

import (
	"regexp"
	"strings"
	"unicode"
)

// Kind is what an abstract sentence does: report a finding, give the
// background, state the aim, describe the methods, or fail to be a
// sentence at all. The extractive writer states only findings; the
// rule-based skeptic objects to a claim quoting anything else.
type Kind string

// The kinds of Classify.
const (
	Finding    Kind = "finding"
	Background Kind = "background"
	Aim        Kind = "aim"
	Method     Kind = "method"
	Fragment   Kind = "fragment"
)

// Sentence is one sentence of an abstract with the label of the section
// it stands in ("results", "" in an unstructured abstract) and its kind.
type Sentence struct {
	Text    string
	Section string
	Kind    Kind
}

// Classify splits an abstract into sentences and classifies each. A
// structured abstract's labels decide first: results, findings and
// conclusions hold findings, background and issue the background,
// objectives the aim, methods and design the methods. Within any section a
// sentence stating an aim or a method is classed so, and an unlabelled
// sentence is a finding only when it has a result verb (or a measure such
// as a pooled RR stated with "was") with a number or an effect word. A sentence with no finite verb, an unclosed bracket, an
// HTML entity or no closing stop is a fragment wherever it stands.
func Classify(abstract string) []Sentence {
	var out []Sentence
	for _, s := range labelledSentences(abstract) {
		out = append(out, Sentence{Text: s.text, Section: s.section, Kind: ClassifySentence(s.section, s.text)})
	}
	return out
}

// ClassifySentence classifies one sentence standing in section (a lower-case
// label such as "results", or "").
func ClassifySentence(section, s string) Kind {
	if isFragment(s) {
		return Fragment
	}
	low := " " + strings.Join(cueWordRE.FindAllString(strings.ToLower(s), -1), " ") + " "
	switch sectionKind(section) {
	case Background:
		return Background
	case Aim:
		return Aim
	case Method:
		return Method
	case Finding:
		switch {
		case hasAny(low, aimCues):
			return Aim
		case hasAny(low, methodCues) && !hasAny(low, resultVerbs):
			return Method
		}
		return Finding
	}
	switch {
	case hasAny(low, aimCues):
		return Aim
	case hasAny(low, methodCues):
		return Method
	case hasAny(low, backgroundCues):
		return Background
	case (hasAny(low, resultVerbs) || hasAny(low, resultNouns) && hasAny(low, copulas)) && (numberRE.MatchString(s) || hasAny(low, effectWords)):
		return Finding
	}
	return Background
}

// sectionKind maps a structured abstract's label to the kind its
// sentences have; "" for no label or one it does not know.
func sectionKind(label string) Kind {
	l := strings.TrimRight(strings.ToLower(label), "?:. ")
	switch {
	case l == "":
		return ""
	case strings.HasPrefix(l, "result"), strings.HasPrefix(l, "finding"), strings.HasPrefix(l, "conclusion"),
		strings.HasPrefix(l, "interpretation"), strings.HasPrefix(l, "main outcome"), l == "so what",
		l == "data analysis", l == "data synthesis", l == "outcomes":
		return Finding
	case strings.HasPrefix(l, "background"), strings.HasPrefix(l, "introduction"), strings.HasPrefix(l, "context"),
		strings.HasPrefix(l, "issue"), strings.HasPrefix(l, "rationale"), strings.HasPrefix(l, "importance"):
		return Background
	case strings.HasPrefix(l, "objective"), strings.HasPrefix(l, "aim"), strings.HasPrefix(l, "purpose"):
		return Aim
	case strings.HasPrefix(l, "method"), strings.HasPrefix(l, "design"), strings.HasPrefix(l, "setting"),
		strings.HasPrefix(l, "participant"), strings.HasPrefix(l, "material"), strings.HasPrefix(l, "patients and"),
		l == "data sources", l == "data extraction", l == "study selection", l == "registration":
		return Method
	}
	return ""
}

var (
	aimCues = []string{" we aimed", " aimed to ", " aims to ", " the aim ", " our aim", " objective", " this study investigated",
		" we investigated", " this review explores", " this article reviews", " this study addresses", " we describe",
		" purpose of", " here we", " in the current study the authors investigated", " this study aims"}
	methodCues = []string{" were sourced", " were obtained", " were collected", " was conducted", " were conducted",
		" we conducted", " were included", " was included", " were analysed", " were analyzed", " was used", " were used",
		" we used", " were calculated", " was calculated", " were performed", " were identified via", " retrieved",
		" were recruited", " were enrolled", " were randomized", " were randomised", " is based on", " were abstracted",
		" were manually", " were evaluated using", " was evaluated using", " took place", " was developed", " were selected",
		" data were ", " was established", " were delivered"}
	backgroundCues = []string{" is the most common", " is a potent", " is a prevalent", " is known", " remains less clear",
		" remain unclear", " are unclear", " is unclear", " has posed", " over the years", " is of particular interest",
		" is a robust", " is a well-established", " is the 10th", " are undergoing", " is commonly used", " is critical"}
	resultVerbs = []string{" showed ", " shows ", " show ", " found ", " revealed ", " demonstrated ", " demonstrates ",
		" indicated ", " indicate ", " indicates ", " suggest ", " suggests ", " suggested ", " associated ", " increased ",
		" decreased ", " reduced ", " improved ", " improves ", " predicted ", " predicts ", " lowered ", " observed ",
		" identified ", " yielded ", " resulted ", " enhanced ", " lessen ", " remained ", " reached ", " was higher",
		" were higher", " was lower", " were lower", " appear ", " appears ", " declined ", " rose ", " doubled ",
		" is associated", " are associated", " was associated", " were associated"}
	// resultNouns are the measures a finding reports ("the pooled RR ...
	// was 1.16").
	resultNouns = []string{" pooled ", " rr ", " hr ", " hazard ratio", " odds ratio", " relative risk", " prevalence ",
		" incidence ", " survival ", " mortality ", " sensitivity ", " specificity "}
	copulas     = []string{" was ", " were ", " is ", " are "}
	effectWords = []string{" higher ", " lower ", " greater ", " fewer ", " more likely", " less likely", " significant",
		" risk", " odds", " ratio", "%", " increase", " decrease", " reduced ", " improved ", " protective", " elevated",
		" effective", " effects "}
)

func hasAny(low string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(low, c) {
			return true
		}
	}
	return false
}

var (
	// cueWordRE finds the words and signs a cue is matched against, so
	// that "observed," meets " observed ".
	cueWordRE = regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}'\-]*|[%≥≤]`)
	entityRE  = regexp.MustCompile(`&(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);|<[a-zA-Z/]`)
	tokenRE   = regexp.MustCompile(`[\p{L}][\p{L}'\-]*`)
	// finiteVerbs are the auxiliaries and verbs whose presence makes a
	// sentence a clause; a sentence with none of them and no past-tense
	// verb that is not a bare participle ("data acquired from") is a
	// fragment.
	finiteVerbs = map[string]bool{}
	// participlePrep follows a past participle that heads no clause.
	participlePrep = map[string]bool{"by": true, "from": true, "in": true, "with": true, "to": true, "at": true, "for": true,
		"on": true, "via": true, "using": true, "through": true, "under": true, "into": true}
)

func init() {
	for _, w := range strings.Fields(`is are was were has have had can could may might will would should must shall do does did
	show shows showed find finds found reveal reveals revealed demonstrate demonstrates demonstrated indicate indicates indicated
	suggest suggests suggested increase increases increased decrease decreases decreased reduce reduces reduced improve improves
	improved predict predicts predicted remain remains remained reach reaches reached occur occurs occurred experience experienced
	include includes included lessen lessens persist persists provide provides provided affect affects identify identifies
	identified observe observes observed lead leads led enable enables enabled account accounts accounted rank ranks ranked
	receive received require requires required contribute contributes contributed examine examined investigate investigated
	aim aimed use used develop developed evaluate evaluated assess assessed explore explores explored review reviews reviewed
	address addresses addressed document documents documented convert converts converted cut cuts bear bears begin begins
	accelerate accelerates rely relies emerge emerged exceed exceeded decline declines declined rise rises rose fall falls fell
	double doubled appear appears underwent undergo need needs pose drive drives suffer suffers cause causes lack lacks
	impede impedes allow allows differ differs vary varies fall outperform outperformed mediate mediates mediated
	enhance enhances enhanced yield yields yielded result results resulted remain`) {
		finiteVerbs[w] = true
	}
}

// isFragment reports whether s is not a whole sentence: it starts with
// a lower-case letter or a stop, ends without a stop, leaves a bracket
// open, holds markup or an HTML entity, or has no finite verb.
func isFragment(s string) bool {
	s = strings.TrimSpace(s)
	rs := []rune(s)
	if len(rs) == 0 {
		return true
	}
	if !unicode.IsUpper(rs[0]) && !unicode.IsDigit(rs[0]) {
		return true
	}
	if last := rs[len(rs)-1]; last != '.' && last != '!' && last != '?' {
		return true
	}
	if strings.Count(s, "(") != strings.Count(s, ")") || strings.Count(s, "[") != strings.Count(s, "]") {
		return true
	}
	if entityRE.MatchString(s) {
		return true
	}
	return !hasFiniteVerb(s)
}

func hasFiniteVerb(s string) bool {
	toks := tokenRE.FindAllString(strings.ToLower(s), -1)
	for i, t := range toks {
		if finiteVerbs[t] {
			// A listed verb in -ed right after an article is an adjective
			// ("the reduced dose"); any other is a verb.
			if i > 0 && strings.HasSuffix(t, "ed") && (toks[i-1] == "the" || toks[i-1] == "a" || toks[i-1] == "an") {
				continue
			}
			return true
		}
		if len(t) > 4 && strings.HasSuffix(t, "ed") && i > 0 && toks[i-1] != "the" && toks[i-1] != "a" && toks[i-1] != "an" {
			if i+1 < len(toks) && participlePrep[toks[i+1]] {
				continue // "data acquired from": a participle, not a clause
			}
			return true
		}
	}
	return false
}

// labelled is an abstract sentence and the label of its section.
type labelled struct{ text, section string }

// labelledSentences splits an abstract into sentences, carrying each
// structured-abstract label ("Results: ") to the sentences after it.
func labelledSentences(text string) []labelled {
	var out []labelled
	section := ""
	for _, s := range splitSentences(text) {
		if head, tail, ok := strings.Cut(s, ": "); ok && len(strings.Fields(head)) <= 3 && tail != "" && unicode.IsUpper([]rune(head)[0]) && !strings.ContainsAny(head, "()[]0123456789") {
			section, s = strings.ToLower(head), tail
		}
		out = append(out, labelled{text: s, section: section})
	}
	return out
}
