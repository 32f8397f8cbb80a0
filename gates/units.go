package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Units: what a number counts or measures is part of how a reader reads it.
// "39.4%" is not "39.4 patients", "82 months" is not "82 days", "5 mg/kg" is
// not "5 mg". The grammar (grammar.go) reads a number's unit with it: a
// unit of the closed set below written after the number, glued ("82months",
// "10mg", "39.4%"), after spaces ("82 months", "51.7 %"), or, for a unit
// spelled in letters, after a hyphen ("5-year", "10-mg"); a currency also
// before it ("$5", "US$ 5", "€5", "USD 5"). Every spelling of a unit reads
// as its one canonical name: "%" = "percent" = "per cent", "months" =
// "month" = "mo", "5-year" = "5 years", "µg" = "μg" = "mcg". A compound
// unit is read whole: "mg/dL", "mg per kg", "mg kg⁻¹" are "mg/dL".
//
// A claim's number with a unit needs the same unit in its quote; a claim's
// number without one may be backed by a quote's number with one ("survival
// was 82" by "82 months"), unless the claim counts something else with it
// ("39.4 patients" is not backed by "39.4%": numbers.go).
//
// The set, by kind (canonical name first):
//
//   - shares: % (percent, per cent, pct), ‰ (per mille, per mil), ‱ (basis
//     points, bps), pp (percentage points, percent points, p.p.);
//   - multiples: fold (-fold, times, ×, x glued to the number);
//   - time: s (sec, second, only after a space when written "s"), ms, min
//     (minute), h (hr, hour), d (day), wk (week), mo (month), yr (y, year,
//     "year-old"), decade, person-yr (person-years, patient-years, PY);
//   - mass: pg, ng, µg (μg, mcg, ug), mg, g (gram), kg, lb, oz;
//   - volume: nL, µL, mL, dL, L (litre, liter), cc;
//   - length and area: nm, µm, mm, cm, m (metre, meter), km, ft, mile,
//     and their squares and cubes (m², cm2, km³);
//   - amount and concentration: mol, mmol, µmol, nmol, pmol, mM, µM, nM,
//     pM, mEq, IU, mIU, U, ppm, ppb;
//   - pressure and energy: mmHg (mm Hg), cmH₂O, Pa, kPa, atm, kcal, cal,
//     kJ, MJ;
//   - rates and physics: Hz, kHz, MHz, bpm, rpm, Gy, cGy, mGy, Sv, mSv,
//     µSv, Bq, kBq, MBq, GBq, mCi, mV, kV, mA, kW, mW, dB, Ω, kΩ;
//   - temperature and angle: °C (ºC, degrees Celsius), °F, °, the prime
//     ′, double prime ″ (′′) and triple prime ‴ (minutes and seconds of arc,
//     feet and inches); length: Å (U+00C5 or the angstrom sign U+212B);
//   - molecules: bp (base pairs), kb, Mb, kDa, Da, nt;
//   - currencies: $ (dollar), usd (US$, USD, US dollar), aud (A$, AUD), cad
//     (C$, CA$, CAD), eur (€, EUR, euro), gbp (£, GBP), jpy (JPY, yen), cny
//     (CNY, RMB, yuan), inr (INR, rupee), chf (CHF).
//
// Letters that are too often something else are not units: M (molar, or
// million), K, A, V, W, J, T, l (a letter that looks like 1), "in" (a
// word), "s" glued ("1990s"). A name's digits carry no unit spelled in
// letters: "β2m" is a name, not 2 metres.

// unitWords are units spelled in letters, matched exactly as written (case
// matters: "mM" is millimolar, "MM" is no unit) and, for spelled-out words,
// in any case with an optional plural "s".
var unitWords = map[string]string{
	"pct": "%",
	"bps": "‱",
	"pp":  "pp", "fold": "fold", "times": "fold", "x": "fold",
	"sec": "s", "s": "s", "ms": "ms", "min": "min", "mins": "min",
	"h": "h", "hr": "h", "hrs": "h",
	"d": "d", "wk": "wk", "wks": "wk", "mo": "mo", "mos": "mo",
	"y": "yr", "yr": "yr", "yrs": "yr", "PY": "person-yr",
	"pg": "pg", "ng": "ng", "µg": "µg", "μg": "µg", "mcg": "µg", "ug": "µg", "mg": "mg", "g": "g", "kg": "kg",
	"lb": "lb", "lbs": "lb", "oz": "oz",
	"nL": "nL", "nl": "nL", "µL": "µL", "μL": "µL", "µl": "µL", "μl": "µL", "uL": "µL", "mL": "mL", "ml": "mL",
	"dL": "dL", "dl": "dL", "L": "L", "cc": "cc",
	"nm": "nm", "µm": "µm", "μm": "µm", "mm": "mm", "cm": "cm", "m": "m", "km": "km", "ft": "ft",
	"mol": "mol", "mmol": "mmol", "µmol": "µmol", "μmol": "µmol", "nmol": "nmol", "pmol": "pmol",
	"mM": "mM", "µM": "µM", "μM": "µM", "uM": "µM", "nM": "nM", "pM": "pM",
	"mEq": "mEq", "IU": "IU", "mIU": "mIU", "U": "U", "ppm": "ppm", "ppb": "ppb",
	"mmHg": "mmHg", "Pa": "Pa", "kPa": "kPa", "atm": "atm", "kcal": "kcal", "cal": "cal", "kJ": "kJ", "MJ": "MJ",
	"Hz": "Hz", "kHz": "kHz", "MHz": "MHz", "bpm": "bpm", "rpm": "rpm",
	"Gy": "Gy", "cGy": "cGy", "mGy": "mGy", "Sv": "Sv", "mSv": "mSv", "µSv": "µSv", "μSv": "µSv",
	"Bq": "Bq", "kBq": "kBq", "MBq": "MBq", "GBq": "GBq", "mCi": "mCi",
	"mV": "mV", "kV": "kV", "mA": "mA", "kW": "kW", "mW": "mW", "dB": "dB", "Ω": "Ω", "kΩ": "kΩ",
	"bp": "bp", "kb": "kb", "kbp": "kb", "Mb": "Mb", "Mbp": "Mb", "kDa": "kDa", "Da": "Da", "nt": "nt",
	"USD": "usd", "AUD": "aud", "CAD": "cad", "EUR": "eur", "GBP": "gbp", "JPY": "jpy", "CNY": "cny", "RMB": "cny",
	"INR": "inr", "CHF": "chf",
}

// spelledUnits are units spelled out as words, matched in any case and
// with an optional plural "s" ("Months", "years", "percent").
var spelledUnits = map[string]string{
	"percent": "%", "permille": "‰",
	"second": "s", "millisecond": "ms", "minute": "min", "hour": "h", "day": "d", "week": "wk", "month": "mo",
	"year": "yr", "decade": "decade",
	"gram": "g", "milligram": "mg", "microgram": "µg", "nanogram": "ng", "kilogram": "kg", "pound": "lb", "ounce": "oz",
	"litre": "L", "liter": "L", "millilitre": "mL", "milliliter": "mL", "microlitre": "µL", "microliter": "µL",
	"metre": "m", "meter": "m", "centimetre": "cm", "centimeter": "cm", "millimetre": "mm", "millimeter": "mm",
	"kilometre": "km", "kilometer": "km", "micrometre": "µm", "micrometer": "µm", "mile": "mile", "foot": "ft", "feet": "ft",
	"mole": "mol", "millimole": "mmol", "micromole": "µmol",
	"calorie": "cal", "kilocalorie": "kcal", "joule": "J",
	"dollar": "$", "euro": "eur", "yen": "jpy", "yuan": "cny", "rupee": "inr",
}

// unitPhrases are units of two words, with a space or a hyphen between
// them, matched in any case (plural "s" on the second word optional).
var unitPhrases = map[string]string{
	"per cent": "%", "per mille": "‰", "per mil": "‰", "basis point": "‱",
	"percentage point": "pp", "percent point": "pp",
	"person year": "person-yr", "patient year": "person-yr",
	"mm hg": "mmHg", "degree celsius": "°C", "degree fahrenheit": "°F", "base pair": "bp",
	"us dollar": "usd", "pound sterling": "gbp",
}

// unitSymbols are units written with a symbol, longest first.
var unitSymbols = []struct{ text, unit string }{
	{"%", "%"}, {"‰", "‰"}, {"‱", "‱"}, {"p.p.", "pp"},
	{"°C", "°C"}, {"ºC", "°C"}, {"° C", "°C"}, {"°F", "°F"}, {"ºF", "°F"}, {"°", "°"},
	{"′′", "″"}, {"″", "″"}, {"‴", "‴"}, {"′", "′"}, {"Å", "Å"}, {"Å", "Å"},
	{"×", "fold"}, {"$", "$"}, {"€", "eur"}, {"£", "gbp"}, {"¥", "¥"}, {"₹", "inr"},
}

// currencyPrefixes are the currency symbols and codes written before a
// number, with the letters that may be glued before a dollar sign.
var (
	currencySigns   = map[string]string{"$": "$", "€": "eur", "£": "gbp", "¥": "¥", "₹": "inr"}
	dollarCountries = map[string]string{"us": "usd", "a": "aud", "au": "aud", "c": "cad", "ca": "cad", "nz": "nzd", "hk": "hkd", "s": "sgd"}
	currencyCodes   = map[string]string{"usd": "usd", "aud": "aud", "cad": "cad", "eur": "eur", "gbp": "gbp", "jpy": "jpy", "cny": "cny", "rmb": "cny", "inr": "inr", "chf": "chf"}
)

// lengthUnits may take a power: "m²", "cm2", "km³".
var lengthUnits = map[string]bool{"m": true, "cm": true, "mm": true, "km": true, "µm": true, "nm": true}

// unitGap is what stands between a number and its unit.
type unitGap uint8

const (
	gapGlued unitGap = iota
	gapSpace
	gapHyphen
)

// readUnit reads the unit of the number that ends at s[i] and returns its
// canonical name and where it ends, or "" and i. letters says whether a
// unit spelled in letters may follow (not after a name's digits).
func readUnit(s string, i int, letters bool) (string, int) {
	u, e := unitAfter(s, i, letters)
	if u == "" {
		return "", i
	}
	for range 3 {
		v, f := perUnit(s, e)
		if v == "" {
			break
		}
		u, e = u+"/"+v, f
	}
	return u, e
}

// unitAfter reads a simple unit after s[i]: glued, after spaces, or after
// a hyphen.
func unitAfter(s string, i int, letters bool) (string, int) {
	if u, e := unitAt(s, i, gapGlued, letters); u != "" {
		return u, e
	}
	if j := skipSpaces(s, i); j > i {
		return unitAt(s, j, gapSpace, letters)
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); n > 0 && isDash(r) {
		if u, e := unitAt(s, i+n, gapHyphen, letters); u != "" {
			return u, e
		}
	}
	return "", i
}

// perUnit reads the denominator of a compound unit after s[i]: "/dL",
// " per kg", " kg⁻¹", "·kg⁻¹", ".kg-1".
func perUnit(s string, i int) (string, int) {
	if strings.HasPrefix(s[i:], "/") {
		if u, e := unitAt(s, i+1, gapGlued, true); u != "" && !strings.Contains(u, "/") {
			return u, e
		}
		return "", i
	}
	j := skipSpaces(s, i)
	if j == i {
		for _, dot := range []string{"·", "⋅", "."} {
			if strings.HasPrefix(s[i:], dot) {
				j = i + len(dot) // "mmol·L⁻¹", "mg.dL-1"
			}
		}
		if j == i {
			return "", i
		}
	}
	if w, e := letterRun(s, j); strings.EqualFold(w, "per") {
		if k := skipSpaces(s, e); k > e {
			if u, f := unitAt(s, k, gapGlued, true); u != "" {
				return u, f
			}
		}
		return "", i
	}
	if u, e := unitAt(s, j, gapGlued, true); u != "" {
		for _, inv := range []string{"⁻¹", "-1", "\u22121"} {
			if strings.HasPrefix(s[e:], inv) && !isDigitAt(s, e+len(inv)) {
				return u, e + len(inv)
			}
		}
	}
	return "", i
}

func isDigitAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsDigit(r)
}

// unitAt reads a unit starting at s[j], written after a number with gap.
func unitAt(s string, j int, gap unitGap, letters bool) (string, int) {
	if j >= len(s) {
		return "", j
	}
	for _, sym := range unitSymbols {
		if !strings.HasPrefix(s[j:], sym.text) {
			continue
		}
		e := j + len(sym.text)
		switch {
		case gap == gapHyphen:
			return "", j
		case sym.unit == "fold" && (gap != gapGlued || isDigitAt(s, skipSpaces(s, e)) || wordAt(s, e)):
			return "", j // "2 × 2", "×10⁹" belong to other readings
		case strings.HasSuffix(sym.text, "C") || strings.HasSuffix(sym.text, "F"):
			if wordAt(s, e) {
				continue // "°Cel…": try "°"
			}
		case currencySigns[sym.text] != "" && isDigitAt(s, skipSpaces(s, e)):
			return "", j // the sign of the next amount: "5 $10"
		}
		return sym.unit, e
	}
	if !letters {
		return "", j
	}
	w, e := letterRun(s, j)
	if w == "" {
		return "", j
	}
	if u, f := unitPhrase(s, w, e); u != "" {
		return u, f
	}
	if lengthUnits[unitWords[w]] {
		if p, f := unitPower(s, e); p != "" {
			return unitWords[w] + p, f
		}
	}
	if w == "cmH" {
		for _, water := range []string{"2O", "₂O"} {
			if strings.HasPrefix(s[e:], water) && !wordAt(s, e+len(water)) && !isDigitAt(s, e+len(water)) {
				return "cmH₂O", e + len(water)
			}
		}
	}
	if wordAt(s, e) || isDigitAt(s, e) {
		return "", j
	}
	if u, ok := unitWords[w]; ok {
		switch {
		case w == "s" && gap != gapSpace, w == "x" && gap != gapGlued:
			return "", j
		}
		return u, e
	}
	low := strings.ToLower(w)
	if u, ok := spelledUnits[low]; ok {
		return u, e
	}
	if u, ok := spelledUnits[strings.TrimSuffix(low, "s")]; ok && strings.HasSuffix(low, "s") {
		return u, e
	}
	if low == "times" {
		return "fold", e
	}
	return "", j
}

// unitPhrase reads a two-word unit whose first word w ends at s[e].
func unitPhrase(s, w string, e int) (string, int) {
	k := e
	if r, n := utf8.DecodeRuneInString(s[k:]); n > 0 && isDash(r) {
		k += n
	} else if k = skipSpaces(s, e); k == e {
		return "", e
	}
	w2, f := letterRun(s, k)
	if w2 == "" || wordAt(s, f) || isDigitAt(s, f) {
		return "", e
	}
	first, second := strings.ToLower(w), strings.ToLower(w2)
	for _, a := range []string{first, strings.TrimSuffix(first, "s")} { // "degrees Celsius"
		for _, b := range []string{second, strings.TrimSuffix(second, "s")} {
			if u, ok := unitPhrases[a+" "+b]; ok {
				return u, f
			}
		}
	}
	return "", e
}

// unitPower reads the power of a length unit at s[e]: "²", "³", "2", "3".
func unitPower(s string, e int) (string, int) {
	for _, p := range []struct{ text, power string }{{"²", "²"}, {"³", "³"}, {"2", "²"}, {"3", "³"}} {
		if strings.HasPrefix(s[e:], p.text) {
			f := e + len(p.text)
			if !wordAt(s, f) && !isDigitAt(s, f) {
				return p.power, f
			}
		}
	}
	return "", e
}

// letterRun returns the run of letters at s[j] (the micro sign and Greek
// mu among them) and where it ends.
func letterRun(s string, j int) (string, int) {
	e := j
	for e < len(s) {
		r, n := utf8.DecodeRuneInString(s[e:])
		if !unicode.IsLetter(r) {
			break
		}
		e += n
	}
	return s[j:e], e
}

// wordAt reports whether a letter starts at s[i].
func wordAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// currencyBefore reads a currency sign written just before a number (with
// optional spaces) in gap, the text between the part before and the
// number: "$", "€ ", "US$". It returns the currency and how many bytes of
// the end of gap it takes.
func currencyBefore(gap string) (string, int) {
	t := strings.TrimRightFunc(gap, unicode.IsSpace)
	for sign, unit := range currencySigns {
		if strings.HasSuffix(t, sign) {
			return unit, len(gap) - len(t) + len(sign)
		}
	}
	return "", 0
}

// unitString is how a reading shows a number's unit: a symbol against
// the number ("39.4%"), a word after a space ("82 mo").
func unitString(u string) string {
	if u == "" {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(u); unicode.IsLetter(r) {
		return " " + u
	}
	return u
}
