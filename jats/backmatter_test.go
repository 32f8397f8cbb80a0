package jats

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A heading is back matter when it is made of back-matter words only, one
// of them naming back matter by itself; one word of another kind makes it
// a section of the paper, whatever word it starts with.
func TestBackMatterHeadings(t *testing.T) {
	back := []string{
		"References", "Bibliography", "Literature Cited", "Works Cited", "Acknowledgements", "Acknowledgments",
		"Funding", "Sources of funding", "Role of the funder", "Financial support", "Grant information",
		"Declarations", "Declaration of competing interest", "Competing interests", "Conflicts of interest",
		"Ethics approval and consent to participate", "Consent for publication", "Availability of data and materials",
		"Data Availability Statement", "Abbreviations", "Glossary", "Supplementary material",
		"Electronic supplementary material", "Supporting information", "Author contributions",
		"CRediT authorship contribution statement", "Publisher's Note", "Footnotes", "Notes", "Disclosures",
		"ORCID iDs", "Associated Data", "7. References",
	}
	paper := []string{
		"Supplementary analyses", "Ethics of outreach", "Funding gaps and screening uptake", "Materials and methods",
		"Data analysis", "Results", "Author summary", "Supportive care", "Noteworthy findings", "Associated factors",
		"Study design", "Data", "Materials", "Role of screening", "Sources of bias", "",
	}
	for _, h := range back {
		if !isBackMatter("", h) {
			t.Errorf("%q: read as a section of the paper, want back matter", h)
		}
	}
	for _, h := range paper {
		if isBackMatter("", h) {
			t.Errorf("%q: read as back matter, want a section of the paper", h)
		}
	}
}

// Any back-matter heading with one word of the paper added (a word no
// back-matter heading holds) is the paper's.
func TestBackMatterHeadingWithAPaperWord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		heading := rapid.SampledFrom([]string{"References", "Funding", "Role of the funder", "Data availability statement", "Acknowledgements"}).Draw(t, "heading")
		word := rapid.SampledFrom([]string{"outcomes", "survival", "screening", "analyses", "uptake", "mortality", "cohort"}).Draw(t, "word")
		words := strings.Fields(heading)
		at := rapid.IntRange(0, len(words)).Draw(t, "at")
		h := strings.Join(append(words[:at:at], append([]string{word}, words[at:]...)...), " ")
		if isBackMatter("", h) {
			t.Fatalf("%q read as back matter", h)
		}
	})
}

// A section whose sec-type gives it a content kind is never dropped by its
// heading; one without is.
func TestTypedSectionKeptWhateverItsHeading(t *testing.T) {
	doc := `<article><front><article-meta><article-id pub-id-type="doi">10.1/x</article-id></article-meta></front><body>
<sec sec-type="results"><title>Supplementary analyses of funding</title><p>Uptake rose to 41% in the funded arm.</p></sec>
<sec><title>Role of the funder</title><p>The funder had no role in the 97% figure.</p></sec>
</body></article>`
	a, err := Read(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, s := range a.Sections {
		all.WriteString(s.Path + ": " + s.Text + "\n")
	}
	if !strings.Contains(all.String(), "Uptake rose to 41%") {
		t.Errorf("the typed results section was dropped:\n%s", all.String())
	}
	if strings.Contains(all.String(), "97%") {
		t.Errorf("the funder's section was kept:\n%s", all.String())
	}
}
