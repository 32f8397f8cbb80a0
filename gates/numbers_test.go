package gates_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/gates"
)

func values(ns []gates.Number) []string {
	out := []string{}
	for _, n := range ns {
		v := n.Value
		if n.Negative {
			v = "-" + v
		}
		out = append(out, v)
	}
	return out
}

func TestNumbersIn(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{give: "39.4% were metastatic", want: []string{"39.4"}},
		{give: "39.4 % were metastatic", want: []string{"39.4"}},
		{give: "1,234 patients and 1 234 controls and 75 000 men", want: []string{"1234", "1234", "75000"}},
		{give: "1,234,567 records", want: []string{"1234567"}},
		{give: "in 2019, 120 patients", want: []string{"2019", "120"}},
		{give: "in 2019 120 patients", want: []string{"2019", "120"}},
		{give: "[2,3] and 4,56", want: []string{"2", "3", "4", "56"}},
		{give: "HR 0.80 (95% CI 0.70–0.91)", want: []string{"0.8", "95", "0.7", "0.91"}},
		{give: "12–14 and 12-14 and 12—14", want: []string{"12", "14", "12", "14", "12", "14"}},
		{give: "a change of −0.5 and -0.5 and (−1.2 to 0.3)", want: []string{"-0.5", "-0.5", "-1.2", "0.3"}},
		{give: "ratio 1:3, p<.001, p = 0.05, P = .09", want: []string{"1", "3", "0.001", "0.05", "0.09"}},
		{give: "39·4% (Lancet style)", want: []string{"39.4"}},
		{give: "007 and 1.50 and 0.0", want: []string{"7", "1.5", "0"}},
		{give: "COVID-19, BRCA1, H2S, T2, IL-6, SARS-CoV-2, HbA1c, 5-FU, 5FU, anti-PD-1", want: []string{}},
		{give: "the 10th and 2nd, mid-2020, about-93%", want: []string{"10", "2", "2020", "93"}},
		{give: "5-year survival, 12-month follow-up, 1.5-fold", want: []string{"5", "12", "1.5"}},
		{give: "10mg and 60Gy and 5 mg", want: []string{"10", "60", "5"}},
		{give: "two years and ten patients", want: []string{}},
		{give: "10⁹ cells and x² and ½", want: []string{"10"}},
		{give: "٣٩.٤% and ３９ and 𝟗𝟑", want: []string{"39.4", "39", "93"}},
		{give: "I2 = 38%, ≥65 years, n=821", want: []string{"38", "65", "821"}},
		{give: "ended in 2020.", want: []string{"2020"}},
		{give: "+3.4 points", want: []string{"3.4"}},
		{give: "", want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, values(gates.NumbersIn(tt.give))); diff != "" {
				t.Errorf("NumbersIn(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

func TestNumbersInKeepsTheWrittenText(t *testing.T) {
	got := gates.NumbersIn("fell by −0.5 to 1,234")
	want := []gates.Number{{Text: "−0.5", Value: "0.5", Negative: true}, {Text: "1,234", Value: "1234"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NumbersIn (-want +got):\n%s", diff)
	}
}

func TestUnsupportedNumbers(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		quotes []string
		years  []int
		want   []string
	}{
		{name: "transposed digits", text: "93.4% were metastatic.", quotes: []string{"39.4% were metastatic"}, want: []string{"93.4%"}},
		{name: "formatting only", text: "39.4% of 1234 were metastatic.", quotes: []string{"39.4 % of 1,234 were metastatic"}, want: []string{}},
		{name: "range ends", text: "Adherence was 67% to 99%.", quotes: []string{"A high rate (67-98%) of TRE adherence"}, want: []string{"99%"}},
		{name: "second quote holds it", text: "Survival was 51.7% and 43.8%.", quotes: []string{"was 51.7 %", "was 43.8 %"}, want: []string{}},
		{name: "publication year counts", text: "A 2025 study found 20% to 50%.", quotes: []string{"is 20% to 50%."}, years: []int{2025}, want: []string{}},
		{name: "other year does not", text: "A 2024 study found 20% to 50%.", quotes: []string{"is 20% to 50%."}, years: []int{2025}, want: []string{"2024"}},
		{name: "negative needs negative", text: "The change was -0.5.", quotes: []string{"changed by 0.5"}, want: []string{"-0.5"}},
		{name: "minus sign variants", text: "The change was -0.5.", quotes: []string{"changed by −0.5"}, want: []string{}},
		{name: "plain restates negative", text: "It fell by 0.5.", quotes: []string{"changed by −0.5"}, want: []string{}},
		{name: "names are not numbers", text: "COVID-19 affected BRCA1 carriers.", quotes: []string{"the pandemic affected carriers"}, want: []string{}},
		{name: "no quote", text: "Survival was 12%.", want: []string{"12%"}},
		{name: "reported once", text: "12% then 12% again.", quotes: []string{"none"}, want: []string{"12%"}},
		{name: "superscript is no digit", text: "A 10⁹ rise.", quotes: []string{"a 10-fold rise"}, want: []string{}},
		{name: "fullwidth digits are digits", text: "Survival was ９３.４%.", quotes: []string{"39.4%"}, want: []string{"９３.４%"}},
		{name: "p-value", text: "The difference was significant (p < .01).", quotes: []string{"(p <.05)"}, want: []string{".01"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
			for _, n := range gates.UnsupportedNumbers(tt.text, tt.quotes, tt.years) {
				got = append(got, n.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("UnsupportedNumbers (-want +got):\n%s", diff)
			}
		})
	}
}

// paraphrase is a faithful rewording of a real corpus abstract sentence:
// the numbers kept, the words changed.
type paraphrase struct {
	quote string // verbatim from the abstract
	year  int    // the record's publication year
	text  string
}

// paraphrases are written from abstracts of the offline corpus
// (oracles/snapshot/corpus/europepmc-core.json).
var paraphrases = []paraphrase{
	{quote: "The mean age was 51.65 (SD = 13.99).", year: 2025, text: "Participants averaged 51.65 years of age (standard deviation 13.99)."},
	{quote: "The mean length of remission in months was 89.45 (SD = 80.59) and mean years since diagnosis was 8.91 (SD = 6.99).", year: 2025, text: "Remission lasted 89.45 months on average (SD 80.59), with a mean of 8.91 years (SD 6.99) since diagnosis."},
	{quote: "The point prevalence of any mental disorder in patients with cancer is 20% to 50%.", year: 2025, text: "Between 20 % and 50 % of people with cancer have a mental disorder at any one time."},
	{quote: "After a diagnosis of prostate cancer, the 15-year cancer-specific survival probability is high", year: 2025, text: "Cancer-specific survival over 15 years after a prostate cancer diagnosis is high."},
	{quote: "Twenty-four educational sessions were delivered in Cantonese or Mandarin to 821 Chinese-Australians.", year: 2025, text: "Education in Cantonese or Mandarin reached 821 Chinese-Australians."},
	{quote: "Screening intentions within 6 months increased substantially across all cancer types (bowel: 7.4% to 37%; breast awareness: 21.2% to 77.6%; mammogram: 18.9% to 47.7%; cervical: 39.8% to 73.1%).", year: 2025, text: "Intention to screen within 6 months rose for bowel (7.4%–37%), breast awareness (21.2%–77.6%), mammography (18.9%–47.7%) and cervical screening (39.8%–73.1%)."},
	{quote: "Eligibility criteria from 100 CCTs were manually abstracted and conceptually mapped to variables in the Moffitt Cancer Analytics Platform.", year: 2025, text: "The eligibility criteria of 100 cancer clinical trials were abstracted by hand."},
	{quote: "Black/African American patients experienced a higher prevalence of diabetes (Δ = 3.2%), human immunodeficiency virus infection (Δ = 1.4%), and abnormal laboratory results compared with White patients.", year: 2025, text: "Diabetes was 3.2% and HIV infection 1.4% more prevalent in Black/African American than in White patients."},
	{quote: "Hispanic patients experienced a higher prevalence of human immunodeficiency virus infection (Δ = 0.2%) and a history of organ transplantation (Δ = 0.2%) compared with non-Hispanic patients.", year: 2025, text: "Among Hispanic patients, HIV infection and prior organ transplantation were each 0.2 % more prevalent."},
	{quote: "Approximately 75 000 men receive a diagnosis of prostate cancer in Germany each year.", year: 2025, text: "About 75,000 men in Germany are diagnosed with prostate cancer every year."},
	{quote: "Generally, bowel cancer screening rates are lower in rural/remote Australia (40.6% major cities; 25.3% very remote areas, 2020-21).", year: 2025, text: "Bowel screening was 40.6% in major cities but 25.3% in very remote areas of Australia in 2020–21."},
	{quote: "The age-standardized incidence rate (ASIR) and age-standardized mortality rate (ASMR) were 172.9 and 57.7 per 100,000", year: 2025, text: "Age-standardised incidence was 172.9 and mortality 57.7 per 100 000."},
	{quote: "The largest increases in ASIR from 1998-2002 to 2013-2017 were observed in South Korea, China, and Estonia.", year: 2025, text: "South Korea, China and Estonia saw the steepest rises in incidence between 1998–2002 and 2013–2017."},
	{quote: "The corresponding estimated 5-year average percentage changes (EAPC) were 6.01%, 2.89%, and 1.93%, respectively.", year: 2025, text: "Their 5-year average percentage changes were 6.01 %, 2.89 % and 1.93 %."},
	{quote: "Computed tomography revealed local invasion of the bladder in 11 of the 14 dogs.", year: 2025, text: "CT showed bladder invasion in 11 of 14 dogs."},
	{quote: "Of 9 of the 11 dogs with confirmed bladder invasion, the caudal vesical, umbilical, and prostatic arteries were cancer-feeding in 9, 1, and 9, respectively.", year: 2025, text: "In 9 of 11 dogs with bladder invasion the caudal vesical artery fed the tumour in 9 and the umbilical in 1."},
	{quote: "However, the normalized prostatic artery diameter was significantly larger for the prostate cancer group (p <.05).", year: 2025, text: "The normalised prostatic artery was wider in the cancer group (P < 0.05)."},
	{quote: "A high rate (67-98%) of TRE adherence was observed, alongside improvements in quality of life.", year: 2024, text: "Adherence to time-restricted eating ranged from 67% to 98%."},
	{quote: "Five articles demonstrated modified cancer risk factors, including beneficial effects on body mass index, adiposity, glucoregulation, and inflammation in as short a period as 8 weeks.", year: 2024, text: "Benefits to body mass index and inflammation appeared within 8 weeks."},
	{quote: "We outline a comprehensive 10-year roadmap for advancing paediatric cancer care in Jordan", year: 2025, text: "A 10-year plan for paediatric cancer care in Jordan is set out."},
	{quote: "The overall 5-year survival, irrespective of stage at the time of diagnosis, increased from 6% for patients diagnosed in 2004 to 12% for those diagnosed in 2015.", year: 2025, text: "Five-year survival across stages doubled from 6% (diagnosed 2004) to 12% (diagnosed 2015)."},
	{quote: "In contrast, the 5-year survival rate for localized disease rose from 24% to 46%, while the stage distribution only slightly increased from 11% to 14% during the same period.", year: 2025, text: "For localised disease 5-year survival went from 24% to 46%; the share diagnosed at that stage moved from 11% to 14%."},
	{quote: "Survival rates for distant disease at 4-, 3-, 2-year did not increase, however, the 1-year survival increased from 14% to 22% (2004-2019).", year: 2025, text: "One-year survival with distant disease rose from 14% to 22% between 2004 and 2019."},
	{quote: "Importantly, since only 14% of patients are diagnosed at this stage, the survival rate for most patients remains unchanged.", year: 2025, text: "Just 14 % of patients are diagnosed with localised disease."},
	{quote: "Twelve studies (eight case-control and four cohort studies), involving approximately 1200 bladder cancer cases, were included.", year: 2025, text: "The meta-analysis pooled about 1,200 bladder cancer cases."},
	{quote: "The overall pooled RR of bladder cancer for SHS exposure was 1.16 [95% confidence interval (CI): 0.95-1.43], with slight differences when considering exposure settings.", year: 2025, text: "Second-hand smoke carried a pooled relative risk of 1.16 (95% CI 0.95 to 1.43) for bladder cancer."},
	{quote: "Results show a low/moderate heterogeneity (I2 = 38%, P = 0.09).", year: 2025, text: "Heterogeneity was low to moderate (I² 38%, p = .09)."},
	{quote: "The 5-year relative survival for all cancers combined was 51.7 %, and the age-standardized 5-year relative survival was 43.8 % in 2021-2023.", year: 2025, text: "In 2021–2023, 5-year relative survival was 51.7% overall and 43.8% after age standardisation."},
	{quote: "The age-standardized 5-year relative survival was higher in females than males (52.7 % and 36.3 %).", year: 2025, text: "Women had higher age-standardised 5-year survival than men (52.7% vs 36.3%)."},
	{quote: "The survival in urban was higher than that in rural areas (49.3 % and 37.9 %).", year: 2025, text: "Urban survival exceeded rural survival, 49.3% against 37.9%."},
	{quote: "The three types of cancer with the highest survival in males were thyroid (94.5 %), testicular (77.7 %), bladder (69.1 %).", year: 2025, text: "Among men, survival was highest for thyroid (94.5%), testicular (77.7%) and bladder (69.1%) cancers."},
	{quote: "In females, thyroid cancer (94.9 %), breast cancer (77.6 %) and bladder cancer (72.1 %) were the three cancers with the highest survival.", year: 2025, text: "Among women, thyroid (94.9%), breast (77.6%) and bladder (72.1%) cancers had the best survival."},
	{quote: "Patient multidisciplinary meeting presentation increased from 74% to 86%.", year: 2025, text: "Presentation at multidisciplinary meetings rose from 74 to 86 percent."},
	{quote: "One regional Integrated Cancer Service (ICS) demonstrated statistically lower survival compared to the statewide average for gastric cancer in 2017-2021.", year: 2025, text: "In 2017 to 2021 one regional service had lower gastric cancer survival than the state average."},
	{quote: "As of the end of 2025, the analysis identified 107 AI deployments across 82 cities in 22 European countries.", year: 2026, text: "By the end of 2025 there were 107 AI deployments in 82 cities of 22 European countries."},
	{quote: "In terms of transport mode, adoption is road-centric, with road applications accounting for 89% of recorded cases", year: 2026, text: "Road applications made up 89% of the recorded cases."},
}

func TestFaithfulParaphrasesKeepTheirNumbers(t *testing.T) {
	if len(paraphrases) < 30 {
		t.Fatalf("%d paraphrases, the issue asks for at least 30", len(paraphrases))
	}
	mutants := 0
	for _, p := range paraphrases {
		if bad := gates.UnsupportedNumbers(p.text, []string{p.quote}, []int{p.year}); len(bad) > 0 {
			t.Errorf("faithful paraphrase rejected for %v: %s", bad, p.text)
		}
		nums := gates.NumbersIn(p.text)
		if len(nums) == 0 {
			t.Errorf("paraphrase has no number to check: %s", p.text)
		}
		// Change each number in turn; every change must be caught.
		for _, n := range nums {
			changed := changeNumber(t, p, n)
			mutants++
			bad := gates.UnsupportedNumbers(changed, []string{p.quote}, []int{p.year})
			if len(bad) != 1 {
				t.Errorf("changed %s in %q: unsupported = %v, want exactly the changed number", n.Text, changed, bad)
			}
		}
	}
	t.Logf("%d paraphrases, %d one-number mutants", len(paraphrases), mutants)
}

// changeNumber replaces the first occurrence of n in p.text by a number
// that differs in one digit and is neither in the quote nor the year.
func changeNumber(t *testing.T, p paraphrase, n gates.Number) string {
	t.Helper()
	present := map[string]bool{strconv.Itoa(p.year): true}
	for _, q := range gates.NumbersIn(p.quote) {
		present[q.Value] = true
	}
	for _, q := range gates.NumbersIn(p.text) {
		present[q.Value] = true
	}
	written := n.Text
	if n.Negative {
		written = written[1:]
	}
	i := strings.LastIndexAny(written, "0123456789")
	for k := 1; k <= 9; k++ {
		d := (int(written[i]-'0') + k) % 10
		changed := written[:i] + strconv.Itoa(d) + written[i+1:]
		if v := gates.NumbersIn(changed); len(v) == 1 && !present[v[0].Value] {
			return strings.Replace(p.text, written, changed, 1)
		}
	}
	t.Fatalf("no one-digit change of %s is absent from %q", n.Text, p.quote)
	return ""
}

// TestNumbersInSkipsWholeNames: a name is skipped to its end, across inner
// hyphens ("H2S-2", "IL-6-dependent"), and no further: the number after a
// name and a space is still read, and a name ending the text in a hyphen
// is no number and no panic.
func TestNumbersInSkipsWholeNames(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{give: "H2S-2 donors", want: []string{}},
		{give: "IL-6-dependent signalling", want: []string{}},
		{give: "H2S levels were 40% higher", want: []string{"40"}},
		{give: "H2S, 40% higher", want: []string{"40"}},
		{give: "a rise of COVID-19-", want: []string{}},
		{give: "COVID-19-7", want: []string{}},
		{give: "H2S-", want: []string{}},
	}
	for _, tt := range tests {
		if got := values(gates.NumbersIn(tt.give)); !cmp.Equal(got, tt.want) {
			t.Errorf("NumbersIn(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestNumbersInAtTheEdgesOfTheText: a number, a sign, a range or a name is
// read the same at the very start or end of the text as in its middle: a
// leading minus still makes the number negative, a range starting the text
// is no negative number, a capitalised name starting the text ("Covid-19")
// is still a name, and a unit, a name or a hyphen ending the text is read
// without running past it.
func TestNumbersInAtTheEdgesOfTheText(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{give: "−12% in the screened arm", want: []string{"-12"}},
		{give: "-0.5", want: []string{"-0.5"}},
		{give: "8–10 weeks of follow-up", want: []string{"8", "10"}},
		{give: "5 - 7 days", want: []string{"5", "7"}},
		{give: "Covid-19 delayed screening", want: []string{}},
		{give: "Il-6 was raised", want: []string{}},
		{give: "patients were given 10mg", want: []string{"10"}},
		{give: "patients were given 5FU", want: []string{}},
		{give: "survival at 5-", want: []string{"5"}},
	}
	for _, tt := range tests {
		if got := values(gates.NumbersIn(tt.give)); !cmp.Equal(got, tt.want) {
			t.Errorf("NumbersIn(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestNumbersInSeparators: only a comma or a (thin, no-break) space before
// a group of three digits groups thousands; a point is a decimal point even
// before exactly three digits, and a long run of digits is one number. A
// dash after a number and a space is the dash of a range, not a minus
// sign, even when glued to the next number ("0.6 -0.9"); after a word it is
// a sign ("by -0.5").
func TestNumbersInSeparators(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{give: "HR 0.345 (0.6 - 0.9)", want: []string{"0.345", "0.6", "0.9"}},
		{give: "0.6 -0.9 and 7.4% -37%, by -0.5", want: []string{"0.6", "0.9", "7.4", "37", "-0.5"}},
		{give: "12.345 and 1.234", want: []string{"12.345", "1.234"}},
		{give: "n = 12345 and 1234567", want: []string{"12345", "1234567"}},
		{give: "12 345 and 1\u2009234 and 1\u00a0234", want: []string{"12345", "1234", "1234"}},
		{give: "1/234 and 1:234", want: []string{"1", "234", "1", "234"}},
	}
	for _, tt := range tests {
		if got := values(gates.NumbersIn(tt.give)); !cmp.Equal(got, tt.want) {
			t.Errorf("NumbersIn(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}
