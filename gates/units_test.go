package gates_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/gates"
)

// TestNumbersInReadUnits: a number's unit is read with it, glued, after a
// space or after a hyphen, every spelling as its one canonical name.
func TestNumbersInReadUnits(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{give: "39.4% and 39.4 % and 39.4 percent and 39.4 per cent and 39.4pct and 39.4 Percent", want: []string{"39.4%", "39.4%", "39.4%", "39.4%", "39.4%", "39.4%"}},
		{give: "5‰, 5 per mille, 50 basis points, 5 percentage points, 5 pp, 5 p.p.", want: []string{"5‰", "5‰", "50‱", "5 pp", "5 pp", "5 pp"}},
		{give: "82months, 82 months, 82 month, 82 mo, 82-month, 82 Months", want: []string{"82 mo", "82 mo", "82 mo", "82 mo", "82 mo", "82 mo"}},
		{give: "5-year, 5 years, 5 yr, 5 y, 65-year-old, 65 years old", want: []string{"5 yr", "5 yr", "5 yr", "5 yr", "65 yr", "65 yr"}},
		{give: "3 s, 3 sec, 3 min, 24h, 24 h, 2 hours, 7 d, 7 days, 2 wk, 2-week, 2 decades", want: []string{"3 s", "3 s", "3 min", "24 h", "24 h", "2 h", "7 d", "7 d", "2 wk", "2 wk", "2 decade"}},
		{give: "2-fold, 2fold, 2 fold, twofold, two-fold, 2 times, 2×, 2x", want: []string{"2 fold", "2 fold", "2 fold", "2 fold", "2 fold", "2 fold", "2 fold", "2 fold"}},
		{give: "10 µg, 10 μg, 10 mcg, 10mg, 10 milligrams, 2 g, 5 kg", want: []string{"10 µg", "10 µg", "10 µg", "10 mg", "10 mg", "2 g", "5 kg"}},
		{give: "5 mL, 5 ml, 5 millilitres, 2 L, 2 litres, 10 µL", want: []string{"5 mL", "5 mL", "5 mL", "2 L", "2 L", "10 µL"}},
		{give: "5 mg/kg, 5 mg per kg, 5 mg kg-1, 5 mg/kg/day, 10 mg/dL, 3 mmol/L, 25 kg/m², 25 kg/m2", want: []string{"5 mg/kg", "5 mg/kg", "5 mg/kg", "5 mg/kg/d", "10 mg/dL", "3 mmol/L", "25 kg/m²", "25 kg/m²"}},
		{give: "120 mm Hg, 120 mmHg, 10 cmH2O, 37 °C, 37°C, 37 ºC, 37 degrees Celsius, 45°", want: []string{"120 mmHg", "120 mmHg", "10 cmH₂O", "37°C", "37°C", "37°C", "37°C", "45°"}},
		{give: "60 Gy, 5 mSv, 10 IU/mL, 500 bp, 23-nt, 1000 person-years, 1000 patient-years", want: []string{"60 Gy", "5 mSv", "10 IU/mL", "500 bp", "23 nt", "1000 person-yr", "1000 person-yr"}},
		// Currencies before or after the number.
		{give: "$5, 5 dollars, US$5, US$ 5, USD 5, 5 USD, A$5, €5, 5 €, 5 euros, £5", want: []string{"5$", "5$", "5 usd", "5 usd", "5 usd", "5 usd", "5 aud", "5 eur", "5 eur", "5 eur", "5 gbp"}},
		{give: "$5 million and 1.2 million dollars", want: []string{"5000000$", "1200000$"}},
		// Number words take units too.
		{give: "twenty-four months, five-year, ten percent", want: []string{"24 mo", "5 yr", "10%"}},
		// A range's unit is its first end's too.
		{give: "5–10%, 5 to 10 %, between 5 and 10 years, aged 18–65 years, 65 ± 10 years, 5-10 mg", want: []string{"5%", "10%", "5%", "10%", "5 yr", "10 yr", "18 yr", "65 yr", "65 yr±10 yr", "5 mg", "10 mg"}},
		// "and" alone, "or" and a year before "to" share nothing.
		{give: "in 2015 and 10 years later, 5 or 10 mg", want: []string{"2015", "10 yr", "5", "10 mg"}},
		// Not units: what letters are too often something else.
		{give: "1990s, 5M, 5K, stage 2 A, 4 in 10, 5 l, 2 × 2, 5 points", want: []string{"1990 s", "5 m", "5 k", "2", "4", "10", "5", "2", "2", "5"}},
		// A name's digits take no unit spelled in letters.
		{give: "β2m, BRCA1 days, IL-6 mg, COVID-19 patients, T2DM, 3D, 5mC", want: []string{"β 2 m", "brca 1", "il 6", "covid 19", "t 2 dm", "3 d", "5 mc"}},
		// Wholes: a ratio, a time, a slash, an ISO date, a plus-minus.
		{give: "1:3, 14:30, 12/20, 2021-03-04, 5 ± 2, 5+/-2, ±2%", want: []string{"1:3", "14:30", "12/20", "2021-3-4", "5±2", "5±2", "±2%"}},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, readings(gates.NumbersIn(tt.give))); diff != "" {
				t.Errorf("NumbersIn(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

// TestUnitsMustMatch: a claim's number with a unit needs it in a quote;
// one without may be backed by one with a unit, unless it counts
// something else.
func TestUnitsMustMatch(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		quotes []string
		want   []string
	}{
		// The cases.
		{name: "a count is not a percentage", text: "Of them 39.4 patients were metastatic.", quotes: []string{"39.4% were metastatic"}, want: []string{"39.4"}},
		{name: "days are not months", text: "Median survival was 82 days.", quotes: []string{"median survival was 82 months"}, want: []string{"82 days"}},
		{name: "glued days are not months", text: "Median survival was 82days.", quotes: []string{"median survival was 82 months"}, want: []string{"82days"}},
		{name: "a bare number restates one with a unit", text: "Median survival was 82, and 39.4 were metastatic.", quotes: []string{"survival of 82 months; 39.4% were metastatic"}, want: []string{}},
		{name: "spellings are one unit", text: "39.4 per cent had 5 years of 12-week follow-up.", quotes: []string{"39.4% had 5-year follow-up of 12 weeks"}, want: []string{}},
		{name: "percent added", text: "Mortality was 12%.", quotes: []string{"mortality in 12 hospitals"}, want: []string{"12%"}},
		{name: "percent removed for a count", text: "Mortality affected 12 hospitals.", quotes: []string{"mortality was 12%"}, want: []string{"12"}},
		{name: "percent is not per mille", text: "Mortality was 5%.", quotes: []string{"mortality was 5‰"}, want: []string{"5%"}},
		{name: "percentage points are not percent", text: "Uptake rose by 5 percentage points.", quotes: []string{"uptake rose by 5%"}, want: []string{"5 percentage points"}},
		{name: "percent is not percentage points", text: "Uptake rose by 5%.", quotes: []string{"uptake rose by 5 pp"}, want: []string{"5%"}},
		{name: "mg is not mg/kg", text: "A dose of 5 mg was given.", quotes: []string{"a dose of 5 mg/kg was given"}, want: []string{"5 mg"}},
		{name: "mg/kg spelt per kg", text: "A dose of 5 mg per kg was given.", quotes: []string{"a dose of 5 mg/kg was given"}, want: []string{}},
		{name: "dollars are not euros", text: "It cost $5 million.", quotes: []string{"it cost €5 million"}, want: []string{"$5 million"}},
		{name: "US dollars spelt two ways", text: "It cost US$5 million.", quotes: []string{"it cost USD 5 million"}, want: []string{}},
		{name: "fold is times", text: "Risk was 3 times higher.", quotes: []string{"a threefold higher risk"}, want: []string{}},
		{name: "fold is not percent", text: "Risk was 3-fold higher.", quotes: []string{"risk was 3% higher"}, want: []string{"3-fold"}},
		{name: "Celsius spelt out", text: "Held at 37 degrees Celsius.", quotes: []string{"held at 37 °C"}, want: []string{}},
		// A unit the quote names before a bare number.
		{name: "unit named before the number", text: "Remission lasted 89.45 months.", quotes: []string{"the mean length of remission in months was 89.45 (SD = 80.59)"}, want: []string{}},
		{name: "age is in years", text: "Participants averaged 51.65 years of age.", quotes: []string{"The mean age was 51.65 (SD = 13.99)."}, want: []string{}},
		{name: "unit named after the number", text: "Follow-up was 82 months.", quotes: []string{"of 82, months later"}, want: []string{"82 months"}},
		{name: "a named unit does not back a count", text: "Follow-up was 82 months.", quotes: []string{"in months: 82 patients"}, want: []string{"82 months"}},
		// Ranges carry their unit on both ends.
		{name: "range unit on both ends", text: "Adherence was 67% and 98%.", quotes: []string{"adherence (67-98%)"}, want: []string{}},
		{name: "range unit is not a count", text: "Adherence was seen in 67 patients.", quotes: []string{"adherence (67-98%)"}, want: []string{"67"}},
		{name: "range spelt with to", text: "Aged 18 years and over.", quotes: []string{"aged 18 to 65 years"}, want: []string{}},
		{name: "a year before to takes no unit", text: "Diagnosed in 2004.", quotes: []string{"diagnosed in 2004, to 12%"}, want: []string{}},
		// Wholes are read whole.
		{name: "ratio", text: "The ratio was 1:3.", quotes: []string{"a ratio of 1:2 in 3 groups"}, want: []string{"1:3"}},
		{name: "no number cut out of a ratio", text: "In 3 groups.", quotes: []string{"a ratio of 1:3"}, want: []string{"3"}},
		{name: "time", text: "At 14:30 the trial stopped.", quotes: []string{"at 14:40 on day 30"}, want: []string{"14:30"}},
		{name: "date", text: "Enrolment began on 2021-03-04.", quotes: []string{"enrolment began on 2021-04-03"}, want: []string{"2021-03-04"}},
		{name: "date in its own notation", text: "Enrolment began on 2021-03-04.", quotes: []string{"enrolment began on 2021–03–04"}, want: []string{}},
		{name: "a year not cut out of a date", text: "Enrolment began in 2021.", quotes: []string{"enrolment began on 2021-03-04"}, want: []string{"2021"}},
		{name: "slash", text: "In 1/3 of cases.", quotes: []string{"in 1 of 3 cases"}, want: []string{"1/3"}},
		{name: "plus-minus", text: "Age was 65 ± 10 years.", quotes: []string{"age 65 ± 12 years; 10 sites"}, want: []string{"65 ± 10 years"}},
		{name: "the mean of a plus-minus", text: "Mean age was 65 years.", quotes: []string{"age 65 ± 10 years"}, want: []string{}},
		{name: "not its spread", text: "Mean age was 10 years.", quotes: []string{"age 65 ± 10 years"}, want: []string{"10 years"}},
		{name: "a plus-minus sign", text: "Accuracy was ±2%.", quotes: []string{"accuracy was 2%"}, want: []string{"±2%"}},
		{name: "ordinal", text: "It was the 3rd trial.", quotes: []string{"it was one of 3 trials"}, want: []string{"3rd"}},
		{name: "no number cut out of an ordinal", text: "It had 3 arms.", quotes: []string{"the 3rd arm"}, want: []string{"3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
			for _, n := range gates.UnsupportedNumbers(tt.text, tt.quotes) {
				got = append(got, n.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("UnsupportedNumbers(%q, %q) (-want +got):\n%s", tt.text, tt.quotes, diff)
			}
		})
	}
}

// TestRedTeamUnits: what an adversarial writer tried against the unit
// rules after they were built, and what the gate reads of it.
func TestRedTeamUnits(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		quotes []string
		want   []string
	}{
		// "of" after a number counts too.
		{name: "a percentage restated with of", text: "Of them, 39.4 of the patients were metastatic.", quotes: []string{"39.4% were metastatic"}, want: []string{"39.4"}},
		{name: "a count with of restated", text: "Invasion in 11 of 14 dogs.", quotes: []string{"local invasion of the bladder in 11 of the 14 dogs"}, want: []string{}},
		// Fractions in words are numbers.
		{name: "a fraction in words", text: "One-third of patients remained under surveillance.", quotes: []string{"patients remaining under active surveillance"}, want: []string{"One-third"}},
		{name: "another fraction", text: "Two-thirds remained.", quotes: []string{"three-quarters remained"}, want: []string{"Two-thirds"}},
		{name: "the same fraction", text: "Two-thirds remained.", quotes: []string{"two-thirds remained"}, want: []string{}},
		// Compound units in every notation.
		{name: "a dotted compound", text: "Glucose was 5 mmol·L⁻¹.", quotes: []string{"glucose was 5 mmol/L"}, want: []string{}},
		{name: "another denominator", text: "Glucose was 5 mmol/dL.", quotes: []string{"glucose was 5 mmol/L"}, want: []string{"5 mmol/dL"}},
		{name: "a per-day dose is not a dose", text: "A dose of 5 mg/kg/day.", quotes: []string{"a dose of 5 mg/kg"}, want: []string{"5 mg/kg/day"}},
		// Currencies and scales.
		{name: "a scale swapped", text: "It cost $5.2 billion.", quotes: []string{"it cost $5.2 million"}, want: []string{"$5.2 billion"}},
		{name: "a currency swapped", text: "It cost £5.", quotes: []string{"it cost $5"}, want: []string{"£5"}},
		{name: "a generic dollar is not the US dollar", text: "It cost US$5.", quotes: []string{"it cost $5"}, want: []string{"US$5"}},
		{name: "dollars spelt out", text: "It cost 5 dollars.", quotes: []string{"it cost $5"}, want: []string{}},
		// Signs and wholes.
		{name: "a spread moved to another mean", text: "Age was 51.65 ± 80.59.", quotes: []string{"age was 51.65 (SD = 13.99); remission 89.45 (SD = 80.59)"}, want: []string{"51.65 ± 80.59"}},
		{name: "a date read in another order", text: "On 04/03/2021.", quotes: []string{"on 03/04/2021"}, want: []string{"04/03/2021"}},
		{name: "a time written with a point", text: "At 14:30.", quotes: []string{"at 14.30"}, want: []string{"14:30"}},
		{name: "a ratio with spaces is two numbers", text: "A 1:3 ratio.", quotes: []string{"a 1 : 3 ratio"}, want: []string{"1:3"}},
		// Percent look-alikes.
		{name: "a percentile is no percentage", text: "Below the 5 percentile.", quotes: []string{"below 5%"}, want: []string{"5"}},
		{name: "points are not percent", text: "Scores rose by 5 points.", quotes: []string{"scores rose by 5%"}, want: []string{"5"}},
		{name: "per mille is not per thousand written out", text: "Mortality was 5‰.", quotes: []string{"mortality was 5 per 1000"}, want: []string{"5‰"}},
		// What stays unread, by design: verbs of change (a faithful
		// "doubled from 6% to 12%" must pass) and bare numbers.
		{name: "verbs of change are not numbers", text: "Survival doubled.", quotes: []string{"survival tripled"}, want: []string{}},
		{name: "a bare number restates one with a unit", text: "Survival was 82, overall.", quotes: []string{"survival was 82 months"}, want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
			for _, n := range gates.UnsupportedNumbers(tt.text, tt.quotes) {
				got = append(got, n.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("UnsupportedNumbers(%q, %q) (-want +got):\n%s", tt.text, tt.quotes, diff)
			}
		})
	}
}
