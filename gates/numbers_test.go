package gates_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/gates"
)

func readings(ns []gates.Number) []string {
	out := []string{}
	for _, n := range ns {
		out = append(out, n.Reading)
	}
	return out
}

// TestNumbersIn: the grammar's reading of every notation.
func TestNumbersIn(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		// A percent sign, with or without a space, is the number's unit.
		{give: "39.4% were metastatic", want: []string{"39.4%"}},
		{give: "39.4 % were metastatic", want: []string{"39.4%"}},
		// Grouping: a comma, a space of any width or nothing.
		{give: "1,234 patients and 1 234 controls and 75 000 men", want: []string{"1234", "1234", "75000"}},
		{give: "75\u202f000 and 75\u2009000 and 75\u00a0000 and 75000", want: []string{"75000", "75000", "75000", "75000"}},
		{give: "1,234,567 records and 1 234 567 more", want: []string{"1234567", "1234567"}},
		{give: "12 345 and 1,234.5", want: []string{"12345", "1234.5"}},
		// A head of four digits or one starting with 0 groups nothing.
		{give: "in 2019 120 patients", want: []string{"2019", "120"}},
		{give: "in 2019, 120 patients", want: []string{"2019", "120"}},
		{give: "1234,567", want: []string{"1234", "567"}},
		{give: "n = 12345 and 1234567", want: []string{"12345", "1234567"}},
		// Mixed separators end the grouping.
		{give: "1,234 567", want: []string{"1234", "567"}},
		// Decimal marks match only themselves.
		{give: "2,3% and 821.000 and 0.80 and 12.345", want: []string{"2,3%", "821.000", "0.80", "12.345"}},
		{give: "0,345 and 2,30 and 2,3456", want: []string{"0,345", "2,30", "2,3456"}},
		{give: ".05 and 0.05 and 39·4", want: []string{"0.05", "0.05", "39.4"}},
		{give: "007 and 0.0", want: []string{"7", "0.0"}},
		// Exponents in every notation.
		{give: "p = 4e-12, 4E-12, 4×10^-12, 4 × 10⁻¹², 4 x 10^-12, 4·10⁻¹²", want: []string{"0.000000000004", "0.000000000004", "0.000000000004", "0.000000000004", "0.000000000004", "0.000000000004"}},
		{give: "10⁹ cells and 10^9 cells and 1e9 cells", want: []string{"1000000000", "1000000000", "1000000000"}},
		{give: "2⁵ and 3.5e+2", want: []string{"2^5", "350"}},
		{give: "4e-99999 and 4e-9999", want: []string{"4 e", "99999", "4e-9999"}},
		// Comparison signs are part of the number; "=" is no sign.
		{give: "p < .05, P<0.05, p = .09, ≥65 years, ≤ 3, p > 0.1, ~1,200, ≈ 5, <=2, >=7", want: []string{"<0.05", "<0.05", "0.09", "≥65 yr", "≤3", ">0.1", "~1200", "~5", "≤2", "≥7"}},
		// Signs: a dash after a word or bracket is a minus; after a number
		// (with or without spaces) or attached to a word it is a dash.
		{give: "a change of −0.5 and -0.5 and (−1.2 to 0.3)", want: []string{"-0.5", "-0.5", "-1.2", "0.3"}},
		{give: "12-14, 12–14, 0.6 - 0.9, 0.6 -0.9, 7.4% -37%", want: []string{"12", "14", "12", "14", "0.6", "0.9", "0.6", "0.9", "7.4%", "37%"}},
		{give: "-0.5 at the start and +3.4 points", want: []string{"-0.5", "+3.4"}}, // an explicit plus is part of the number
		// Letters written against a number are part of it: a unit (units.go)
		// or other letters.
		{give: "82months, 10mg, 60Gy, the 10th, 2nd, 5FU", want: []string{"82 mo", "10 mg", "60 Gy", "10 th", "2 nd", "5 fu"}},
		{give: "IL-6, BRCA1, COVID-19, SARS-CoV-2, HbA1c, 5-FU, H2S", want: []string{"il 6", "brca 1", "covid 19", "cov 2", "hba 1 c", "5 fu", "h 2 s"}},
		{give: "Grade-3 toxicity, mid-2020, about-93%", want: []string{"grade 3", "mid 2020", "about 93%"}},
		// A unit after a hyphen is the number's: "5-year" is "5 years"; an
		// ordinary word after a hyphen is not part of it.
		{give: "5-year survival, 12-month follow-up, 15-Year Survival", want: []string{"5 yr", "12 mo", "15 yr"}},
		{give: "98percent and 2-fold and 2fold", want: []string{"98%", "2 fold", "2 fold"}},
		{give: "5-point scale, 3-arm trial", want: []string{"5", "3"}},
		// Super- and subscripts read through NFKC after a letter; after a
		// number they are an exponent.
		{give: "H₂S, I², CO₂, L⁻¹, rose²˒³", want: []string{"h 2 s", "i 2", "co 2", "l -1", "rose 2", "3"}},
		// Number words of the closed set, and Roman numerals after a word.
		{give: "Twenty-four sessions, twenty-one, five-year survival, twofold, tenfold, half, a quarter", want: []string{"24", "21", "5 yr", "2 fold", "10 fold", "0.5", "0.25"}},
		{give: "a hundred, two hundred, two hundred and fifty, 1.2 million, 75 thousand, three billion", want: []string{"100", "200", "250", "1200000", "75000", "3000000000"}},
		{give: "one of the three, the third, first, hundreds of", want: []string{"3"}},
		{give: "stage III, phase II, Pol IV, type-II, stage IIIb, stage IIIB, grade XII", want: []string{"3", "2", "4", "type 2", "3 b", "3 b", "12"}},
		{give: "III at the start, CI and CML and MD, IIII, VV, XL", want: []string{}},
		{give: "stage iv and type ii but not stage i or vitamin x", want: []string{"4", "2"}},
		// Digits of other scripts read as digits (and are refused as
		// characters); a letter that looks like a digit is a letter.
		{give: "٣٩.٤% and ３９ and 𝟗𝟑", want: []string{"39.4%", "39", "93"}},
		{give: "5\u041e% and 5\u039f%", want: []string{"5 \u043e", "5 \u03bf"}},
		// A ratio, a time, a slash and an ISO date are wholes.
		{give: "ratio 1:3 and 1/234", want: []string{"1:3", "1/234"}},
		{give: "at 14:30, on 2021-03-04 and 03/04/2021, 5 ± 2 and 5+/-2", want: []string{"14:30", "2021-3-4", "3/4/2021", "5±2", "5±2"}},
		{give: "2019-2021 and 2021-13-04 and 2021 - 03 - 04", want: []string{"2019", "2021", "2021", "13", "4", "2021", "3", "4"}},
		// Vulgar fractions are numbers; a per mille sign is part of one.
		{give: "½ of them and 1½ doses and ¾", want: []string{"0.5", "1 0.5", "0.75"}},
		{give: "5‰ and 5 ‰ and 5%", want: []string{"5‰", "5‰", "5%"}},
		{give: "", want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, readings(gates.NumbersIn(tt.give))); diff != "" {
				t.Errorf("NumbersIn(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

func TestNumbersInKeepsTheWrittenText(t *testing.T) {
	var got []string
	for _, n := range gates.NumbersIn("fell by −0.5 to 1,234 in IL-6 (p < .05)") {
		got = append(got, n.Text)
	}
	want := []string{"−0.5", "1,234", "IL-6", "< .05"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NumbersIn texts (-want +got):\n%s", diff)
	}
	if ns := gates.NumbersIn("by −0.5"); len(ns) != 1 || !ns[0].Negative {
		t.Errorf("−0.5 should be negative: %+v", ns)
	}
}

// TestUnsupportedNumbers: every token holding a number must be in a
// backing text, read the same way.
func TestUnsupportedNumbers(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		quotes []string
		want   []string
	}{
		{name: "transposed digits", text: "93.4% were metastatic.", quotes: []string{"39.4% were metastatic"}, want: []string{"93.4%"}},
		{name: "formatting only", text: "39.4% of 1234 were metastatic.", quotes: []string{"39.4 % of 1,234 were metastatic"}, want: []string{}},
		{name: "range ends", text: "Adherence was 67% to 99%.", quotes: []string{"A high rate (67-98%) of TRE adherence"}, want: []string{"99%"}},
		{name: "second quote holds it", text: "Survival was 51.7% and 43.8%.", quotes: []string{"was 51.7 %", "was 43.8 %"}, want: []string{}},
		{name: "a year backs nothing", text: "A 2025 study found 20% to 50%.", quotes: []string{"is 20% to 50%."}, want: []string{"2025"}},
		{name: "negative needs negative", text: "The change was -0.5.", quotes: []string{"changed by 0.5"}, want: []string{"-0.5"}},
		{name: "minus sign variants", text: "The change was -0.5.", quotes: []string{"changed by −0.5"}, want: []string{}},
		{name: "plain restates negative", text: "It fell by 0.5.", quotes: []string{"changed by −0.5"}, want: []string{}},
		{name: "names are read too", text: "COVID-19 affected BRCA1 carriers.", quotes: []string{"the pandemic affected carriers"}, want: []string{"COVID-19", "BRCA1"}},
		{name: "names compare without case", text: "covid-19 affected Brca1 carriers.", quotes: []string{"COVID-19 affected BRCA1 carriers"}, want: []string{}},
		{name: "no quote", text: "Survival was 12%.", want: []string{"12%"}},
		{name: "reported once", text: "12% then 12% again.", quotes: []string{"none"}, want: []string{"12%"}},
		{name: "p-value", text: "The difference was significant (p < .01).", quotes: []string{"(p <.05)"}, want: []string{"< .01"}},
		// The examples.
		{name: "exponent", text: "The association was strong (p = 4e-12).", quotes: []string{"the association was strong (p < .001)"}, want: []string{"4e-12"}},
		{name: "exponent notations agree", text: "p = 4 × 10⁻¹²", quotes: []string{"with p = 4e-12 in the model"}, want: []string{}},
		{name: "glued months", text: "Median survival was 82months.", quotes: []string{"median survival was 28 months"}, want: []string{"82months"}},
		{name: "glued months backed", text: "Median survival was 82months.", quotes: []string{"median survival was 82 months"}, want: []string{}},
		{name: "glued percent", text: "In 98percent of cases.", quotes: []string{"in 89% of cases"}, want: []string{"98percent"}},
		{name: "glued percent backed", text: "In 98percent of cases.", quotes: []string{"in 98 % of cases"}, want: []string{}},
		{name: "title-case year", text: "15-Year Survival", quotes: []string{"the 5-year survival was high"}, want: []string{"15-Year"}},
		{name: "grade", text: "Grade-3 toxicity was rare.", quotes: []string{"grade 2 toxicity was rare"}, want: []string{"Grade-3"}},
		{name: "grade backed", text: "Grade-3 toxicity was rare.", quotes: []string{"grade 3 toxicity was rare"}, want: []string{}},
		{name: "decimal comma", text: "Mortality was 2,3%.", quotes: []string{"mortality was 2 and 3 per cent"}, want: []string{"2,3%"}},
		{name: "decimal comma matches only itself", text: "Mortality was 2,3%.", quotes: []string{"mortality was 2.3%"}, want: []string{"2,3%"}},
		{name: "decimal point matches only itself", text: "We enrolled 821.000 patients.", quotes: []string{"we enrolled 821 patients"}, want: []string{"821.000"}},
		{name: "grouped is not the year", text: "We enrolled 2,025 patients.", quotes: []string{"published in 2025, the study enrolled patients"}, want: []string{}},
		{name: "grouped needs the number", text: "We enrolled 2,025 patients.", quotes: []string{"the study enrolled 2,205 patients"}, want: []string{"2,025"}},
		{name: "space grouping", text: "About 75,000 men are diagnosed.", quotes: []string{"approximately 75 000 men receive a diagnosis"}, want: []string{}},
		{name: "cut group", text: "About 75 men are diagnosed.", quotes: []string{"approximately 75 000 men receive a diagnosis"}, want: []string{"75"}},
		{name: "look-alike letter", text: "Survival was 5\u041e%.", quotes: []string{"survival was 50%"}, want: []string{"5\u041e"}},
		{name: "comparison must match", text: "p = 0.05", quotes: []string{"p < 0.05"}, want: []string{"0.05"}},
		{name: "equals is no sign", text: "HR = 0.80", quotes: []string{"HR 0.80"}, want: []string{}},
		{name: "number words", text: "Twenty-four sessions were held.", quotes: []string{"24 sessions were delivered"}, want: []string{}},
		{name: "number words changed", text: "Twenty-five sessions were held.", quotes: []string{"24 sessions were delivered"}, want: []string{"Twenty-five"}},
		{name: "digits for words", text: "24 sessions were held.", quotes: []string{"Twenty-four educational sessions"}, want: []string{}},
		{name: "roman numeral", text: "Most had stage IV disease.", quotes: []string{"most had stage III disease"}, want: []string{"IV"}},
		{name: "roman numeral backed by digits", text: "Most had stage III disease.", quotes: []string{"most had stage 3 disease"}, want: []string{}},
		{name: "subscript through NFKC", text: "H2S enhanced efficacy.", quotes: []string{"the presence of H₂S enhanced the antitumor efficacy"}, want: []string{}},
		{name: "superscript reference marks", text: "Efficacy rose²˒³.", quotes: []string{"efficacy rose in the treated arm"}, want: []string{"rose²", "³"}},
		{name: "digit in a name not a number", text: "In 1 patient.", quotes: []string{"BRCA1 carriers"}, want: []string{"1"}},
		{name: "thousands", text: "1.2 million people", quotes: []string{"1,200,000 people were screened"}, want: []string{}},
		{name: "vulgar fraction", text: "¾ of patients responded.", quotes: []string{"half of the patients responded"}, want: []string{"¾"}},
		{name: "vulgar fraction backed", text: "½ of patients responded.", quotes: []string{"half of the patients responded"}, want: []string{}},
		{name: "per mille is not percent", text: "Mortality was 5‰.", quotes: []string{"mortality was 5%"}, want: []string{"5‰"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
			for _, n := range gates.UnsupportedNumbers(tt.text, tt.quotes) {
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
	year  int    // the record's publication year, which backs nothing
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
		if bad := gates.UnsupportedNumbers(p.text, []string{p.quote}); len(bad) > 0 {
			t.Errorf("faithful paraphrase rejected for %v: %s", bad, p.text)
		}
		nums := gates.NumbersIn(p.text)
		if len(nums) == 0 {
			t.Errorf("paraphrase has no number to check: %s", p.text)
		}
		// Change each number in turn; every change must be caught.
		for _, n := range nums {
			changed, ok := changeNumber(p, n)
			if !ok {
				continue // written in words
			}
			mutants++
			bad := gates.UnsupportedNumbers(changed, []string{p.quote})
			if len(bad) != 1 {
				t.Errorf("changed %s in %q: unsupported = %v, want exactly the changed number", n.Text, changed, bad)
			}
		}
	}
	t.Logf("%d paraphrases, %d one-number mutants", len(paraphrases), mutants)
}

// changeNumber replaces the last digit of n in p.text by one that makes a
// number neither the quote nor the text holds.
func changeNumber(p paraphrase, n gates.Number) (string, bool) {
	present := map[string]bool{}
	for _, q := range gates.NumbersIn(p.quote) {
		present[q.Reading] = true
	}
	for _, q := range gates.NumbersIn(p.text) {
		present[q.Reading] = true
	}
	i := strings.LastIndexAny(n.Text, "0123456789")
	if i < 0 {
		return "", false
	}
	for k := 1; k <= 9; k++ {
		d := (int(n.Text[i]-'0') + k) % 10
		changed := n.Text[:i] + string(rune('0'+d)) + n.Text[i+1:]
		if v := gates.NumbersIn(changed); len(v) == 1 && !present[v[0].Reading] {
			return strings.Replace(p.text, n.Text, changed, 1), true
		}
	}
	return "", false
}

// FuzzNumbersIn: any text reads without panic, every token has its text,
// and a text always backs its own numbers.
func FuzzNumbersIn(f *testing.F) {
	for _, s := range []string{
		"39.4 % of 1,234 (95% CI 0.95–1.43; p < .001)", "COVID-19 in H2S-BRCA1", "−0.5 to +3.4", "75 000 men",
		"٣٩.٤% ９３", "1,2,3,4", "...5", "5.", "-", "1-2-3-4", "10mg 3rd 5-year mid-2020", "[1] (Smith et al., 2020) doi:10.1/x",
		"\u202e%7.15", "00.00", "1 234 567,890.000", "4 × 10⁻¹²", "twenty-four hundred and", "stage IIIb", "10^", "1e", "2⁻",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range gates.NumbersIn(s) {
			if n.Text == "" || n.Reading == "" {
				t.Errorf("NumbersIn(%q): token %+v has no text or reading", s, n)
			}
		}
		if bad := gates.UnsupportedNumbers(s, []string{s}); len(bad) > 0 {
			t.Errorf("UnsupportedNumbers(%q) against itself = %v", s, bad)
		}
		_ = gates.ReferenceIn(s)
	})
}
