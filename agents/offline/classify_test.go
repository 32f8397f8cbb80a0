package offline_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/contract"
)

// TestClassifySentence: real sentences of the embedded corpus
// (testdata/corpus/europepmc-core.json), each of the kind a reader would
// give it, with the label of the section it stands in ("" in an
// unstructured abstract). The last three fragments are made up: the corpus
// holds no cut-off sentence, entity or open bracket.
func TestClassifySentence(t *testing.T) {
	tests := []struct {
		section, give string
		want          offline.Kind
	}{
		// Findings: a structured abstract's results and conclusions.
		{"results", "The two-year probability of young prostate cancer patients remaining under active surveillance was lower in Germany than in other countries.", offline.Finding},
		{"results", "The age-standardized 5-year relative survival was higher in females than males (52.7 % and 36.3 %).", offline.Finding},
		{"results", "Patient multidisciplinary meeting presentation increased from 74% to 86%.", offline.Finding},
		{"conclusions", "The community partnership approach and culturally tailored cancer education effectively improved cancer screening awareness and intentions among Chinese-Australians.", offline.Finding},
		{"findings", "Barriers to early detection include taboo and stigma, fear of death, and gender norms and roles.", offline.Finding},
		{"data analysis", "A high rate (67-98%) of TRE adherence was observed, alongside improvements in quality of life.", offline.Finding},
		// Findings of an unstructured abstract: a result verb with a number or an effect.
		{"", "The overall pooled RR of bladder cancer for SHS exposure was 1.16 [95% confidence interval (CI): 0.95-1.43], with slight differences when considering exposure settings.", offline.Finding},
		{"", "Stratified analyses by sex showed no differences in risk of bladder cancer by sex, with an RR of 1.35 (95% CI: 0.86-2.13) in males and 1.31 (95% CI: 0.98-1.73) in females.", offline.Finding},
		{"", "Physical activity is associated with reduced breast cancer risk, likely through hormonal and metabolic pathways.", offline.Finding},
		{"", "As of the end of 2025, the analysis identified 107 AI deployments across 82 cities in 22 European countries.", offline.Finding},
		// Background: labelled, or a definition in an unstructured abstract.
		{"background", "The burden of breast cancer for older adults has been rising with the increasing population aging.", offline.Background},
		{"issue addressed", "Despite national cancer screening programs in Australia, people from culturally and linguistically diverse (CALD) backgrounds, particularly Chinese-Australians, demonstrate significantly lower participation rates in cancer screening.", offline.Background},
		{"", "Breast cancer is the most common cancer in women, with risk factors including lifestyle, genetic predisposition, and hormonal influences.", offline.Background},
		{"", "Bladder cancer is the 10th most frequently diagnosed cancer worldwide.", offline.Background},
		{"", "Cancer-associated cachexia (CAC) is a prevalent condition that accelerates cancer progression and heightens treatment-related adverse effects in patients by affecting multiple organ systems.", offline.Background},
		// Aims.
		{"objective", "This study investigated whether psychological flexibility, the key construct in the Acceptance and Commitment Therapy (ACT) model of psychological and behavioural change, significantly predicts wellbeing and functioning in people living with and beyond cancer.", offline.Aim},
		{"", "This review explores the role of Mendelian randomization (MR) in the analysis of modifiable risk factors for breast cancer.", offline.Aim},
		{"", "This systematic review and meta-analysis aims to update the evidence on the association between SHS exposure and bladder cancer risk, considering sex differences and exposure settings.", offline.Aim},
		// Methods, labelled or not, and method sentences inside results.
		{"methods", "The incidence and mortality rates of specific cancer types in older individuals in 2022 were sourced from the Global Cancer Today database.", offline.Method},
		{"methods", "Twenty-four educational sessions were delivered in Cantonese or Mandarin to 821 Chinese-Australians.", offline.Method},
		{"results", "There were 184,216 patients were included in the study after quality control, including 101,338 males and 82,878 females.", offline.Method},
		{"", "Pooled relative risks (RRs) were calculated using random-effects models.", offline.Method},
		// Fragments: no finite verb, cut off, markup left in.
		{"methods", "Trends in breast cancer incidence acquired from the Cancer Incidence in Five Continents (CI5) database.", offline.Fragment},
		{"", "Keywords: Molecular Imaging, Cancer, MRI, PET/CT, Ultrasound, Muscular, Oncology © RSNA, 2025", offline.Fragment},
		{"results", "mortality was lower in the intervention group.", offline.Fragment},
		{"results", "Survival was higher (p &lt; 0.05) in the treated group.", offline.Fragment},
		{"results", "Survival was higher in the treated group (HR 0.8.", offline.Fragment},
	}
	for _, tt := range tests {
		if got := offline.ClassifySentence(tt.section, tt.give); got != tt.want {
			t.Errorf("ClassifySentence(%q, %q) = %s, want %s", tt.section, tt.give, got, tt.want)
		}
	}
}

// TestClassifyCarriesLabels: a structured abstract's label holds for the
// sentences after it until the next label.
func TestClassifyCarriesLabels(t *testing.T) {
	got := offline.Classify("Background: Screening rates are lower in remote areas than in cities. Methods: Sessions were delivered to 821 people. Results: Participation increased after the sessions. Uptake rose from 7% to 37%.")
	want := []offline.Sentence{
		{Text: "Screening rates are lower in remote areas than in cities.", Section: "background", Kind: offline.Background},
		{Text: "Sessions were delivered to 821 people.", Section: "methods", Kind: offline.Method},
		{Text: "Participation increased after the sessions.", Section: "results", Kind: offline.Finding},
		{Text: "Uptake rose from 7% to 37%.", Section: "results", Kind: offline.Finding},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Classify (-want +got):\n%s", diff)
	}
}

// skepticLedger holds two real records of the embedded corpus, their
// abstracts cut to the sentences the cases quote.
func skepticLedger() contract.Ledger {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1016/j.canep.2025.102866", Title: "A population-based analysis of cancer survival in Fujian Province, southeast China during 2021-2023.",
			Abstract: "Background: Population-based survival data is commonly used to evaluate the effectiveness of cancer prevention and treatment. Results: In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival. Most cancer survival was higher in females than in males."},
		{ID: "S2", DOI: "10.3238/arztebl.m2025.0099", Title: "The Early Detection, Diagnostic Evaluation, and Local Treatment of Prostate Cancer: A Paradigm Shift.",
			Abstract: "Results: This new PSA-MRI algorithm increases accuracy in detecting clinically significant prostate cancers, enabling the previously recommended annual testing and digital rectal examination to be avoided. However, the indication for active surveillance of prostate cancer has been expanded to ISUP grade group 1 and 2 cancers with favorable risk."},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}

// TestRuleSkepticObjectsAsAReaderWould: one case per class the skeptic
// can see without a model, each a claim an extractive writer could make.
func TestRuleSkepticObjectsAsAReaderWould(t *testing.T) {
	const fujian, psa = "10.1016/j.canep.2025.102866", "10.3238/arztebl.m2025.0099"
	tests := []struct {
		name, topic, doi, quote, text string
		want                          []contract.ObjectionKind
		detail                        string
	}{
		{name: "a finding that says its population", topic: "breast cancer", doi: fujian,
			quote: "In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival.",
			text:  "In females in Fujian, China, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival."},
		{name: "population narrower than the title implies", topic: "breast cancer", doi: fujian,
			quote: "In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival.",
			text:  "In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival.",
			want:  []contract.ObjectionKind{contract.KindExtrapolation}, detail: "China"},
		{name: "background stated as a finding", topic: "cancer survival", doi: fujian,
			quote: "Population-based survival data is commonly used to evaluate the effectiveness of cancer prevention and treatment.",
			text:  "Population-based survival data is commonly used in China to evaluate the effectiveness of cancer prevention and treatment.",
			want:  []contract.ObjectionKind{contract.KindUnsupported}, detail: "background"},
		{name: "off the lead's topic", topic: "breast cancer", doi: fujian,
			quote: "Most cancer survival was higher in females than in males.",
			text:  "Most cancer survival in China was higher in females than in males.",
			want:  []contract.ObjectionKind{contract.KindOther}, detail: "topic"},
		{name: "opens with This", topic: "prostate cancer", doi: psa,
			quote: "This new PSA-MRI algorithm increases accuracy in detecting clinically significant prostate cancers, enabling the previously recommended annual testing and digital rectal examination to be avoided.",
			text:  "This new PSA-MRI algorithm increases accuracy in detecting clinically significant prostate cancers, enabling the previously recommended annual testing and digital rectal examination to be avoided.",
			want:  []contract.ObjectionKind{contract.KindOther}, detail: `'This'`},
		{name: "opens with However", topic: "prostate cancer", doi: psa,
			quote: "However, the indication for active surveillance of prostate cancer has been expanded to ISUP grade group 1 and 2 cancers with favorable risk.",
			text:  "However, the indication for active surveillance of prostate cancer has been expanded to ISUP grade group 1 and 2 cancers with favorable risk.",
			want:  []contract.ObjectionKind{contract.KindOther}, detail: `'However'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
				{ID: "c1", Text: tt.text, Citations: []contract.Citation{{DOI: tt.doi, Quote: tt.quote}}},
			}}}}
			res, err := offline.RuleSkeptic{}.Review(context.Background(), contract.ReviewRequest{Lead: contract.Lead{Topic: tt.topic}, Ledger: skepticLedger(), Draft: d})
			if err != nil {
				t.Fatal(err)
			}
			var got []contract.ObjectionKind
			var details []string
			for _, o := range res.Objections.Objections {
				got = append(got, o.Kind)
				details = append(details, o.Detail)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("objection kinds (-want +got):\n%s\ndetails: %q", diff, details)
			}
			if tt.detail != "" && (len(details) == 0 || !strings.Contains(details[0], tt.detail)) {
				t.Errorf("details %q, want one saying %q", details, tt.detail)
			}
		})
	}
}

// TestExtractiveWriterRepairsWhatTheSkepticObjects: told the skeptic's
// objections, the writer says the population a claim left out and takes an
// opening "However" off, and drops a claim it cannot repair; the repaired
// draft draws no objection.
func TestExtractiveWriterRepairsWhatTheSkepticObjects(t *testing.T) {
	ctx := context.Background()
	ledger := skepticLedger()
	for _, tt := range []struct {
		topic string
		want  []string
	}{
		{"breast cancer", []string{"In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival (a study in China)."}},
		{"prostate cancer", []string{"The indication for active surveillance of prostate cancer has been expanded to ISUP grade group 1 and 2 cancers with favorable risk."}},
	} {
		lead := contract.Lead{Topic: tt.topic}
		w := offline.ExtractiveWriter{}
		first, err := w.Write(ctx, contract.WriteRequest{Lead: lead, Ledger: ledger, Iteration: 1})
		if err != nil {
			t.Fatal(err)
		}
		rev, err := offline.RuleSkeptic{}.Review(ctx, contract.ReviewRequest{Lead: lead, Ledger: ledger, Draft: first.Draft})
		if err != nil {
			t.Fatal(err)
		}
		if len(rev.Objections.Objections) == 0 {
			t.Fatalf("%s: pass 1 drew no objection; the case shows nothing", tt.topic)
		}
		prev := first.Draft
		second, err := w.Write(ctx, contract.WriteRequest{Lead: lead, Ledger: ledger, Iteration: 2, Previous: &prev, Objections: rev.Objections.Objections})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range second.Draft.Claims() {
			got = append(got, c.Text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: repaired claims (-want +got):\n%s", tt.topic, diff)
		}
		again, _ := offline.RuleSkeptic{}.Review(ctx, contract.ReviewRequest{Lead: lead, Ledger: ledger, Draft: second.Draft})
		if n := len(again.Objections.Objections); n != 0 {
			t.Errorf("%s: the repair drew %d objections: %+v", tt.topic, n, again.Objections.Objections)
		}
	}
}
