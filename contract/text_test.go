package contract_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

func TestHiddenRune(t *testing.T) {
	tests := []struct {
		give   string
		want   rune
		wantAt int
		wantOK bool
	}{
		{give: "Screening reduced mortality by 20%.", wantOK: false},
		{give: "Café, naïve, 95% CI 0.95–1.43, p < 0.05, ≥ 65 years", wantOK: false},
		{give: "Krebs \u00e4\u00f6\u00fc und \u4e2d\u6587", wantOK: false},
		{give: "abc\u202edcba", want: '\u202e', wantAt: 3, wantOK: true},
		{give: "\u2066isolate\u2069", want: '\u2066', wantOK: true},
		{give: "x\u200by", want: '\u200b', wantAt: 1, wantOK: true},
		{give: "x\u200dy", want: '\u200d', wantAt: 1, wantOK: true},
		{give: "\ufeffBOM", want: '\ufeff', wantOK: true},
		{give: "soft\u00adhyphen", want: '\u00ad', wantAt: 4, wantOK: true},
		{give: "line\nbreak", want: '\n', wantAt: 4, wantOK: true},
		{give: "tab\there", want: '\t', wantAt: 3, wantOK: true},
		{give: "esc\x1b[31m", want: '\x1b', wantAt: 3, wantOK: true},
		{give: "c1\u0085", want: '\u0085', wantAt: 2, wantOK: true},
		{give: "sep\u2028x", want: '\u2028', wantAt: 3, wantOK: true},
		{give: "tag\U000E0041", want: '\U000E0041', wantAt: 3, wantOK: true},
		{give: "pua\ue000", want: '\ue000', wantAt: 3, wantOK: true},
		{give: "vs\ufe0f", want: '\ufe0f', wantAt: 2, wantOK: true},
		{give: "bad\xffutf8", want: '\ufffd', wantAt: 3, wantOK: true},
		{give: "lrm\u200e", want: '\u200e', wantAt: 3, wantOK: true},
		{give: "alm\u061c", want: '\u061c', wantAt: 3, wantOK: true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.give), func(t *testing.T) {
			r, at, ok := contract.HiddenRune(tt.give)
			if ok != tt.wantOK || r != tt.want || at != tt.wantAt {
				t.Errorf("HiddenRune = %U, %d, %v; want %U, %d, %v", r, at, ok, tt.want, tt.wantAt, tt.wantOK)
			}
		})
	}
}

func TestIsBlank(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{give: "", want: true},
		{give: "   ", want: true},
		{give: "\u00a0\u2003\u3000", want: true},
		{give: " \u200b\u200c\u200d\u2060\ufeff ", want: true},
		{give: "\u3164\u115f\u2800", want: true},
		{give: "\u0301\u0308", want: true},
		{give: "\t\n", want: true},
		{give: ".", want: false},
		{give: "  x  ", want: false},
		{give: "\u200bA", want: false},
		{give: "中", want: false},
	}
	for _, tt := range tests {
		if got := contract.IsBlank(tt.give); got != tt.want {
			t.Errorf("IsBlank(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

func TestRuneName(t *testing.T) {
	if got, want := contract.RuneName('\u202e'), "U+202E RIGHT-TO-LEFT OVERRIDE"; got != want {
		t.Errorf("RuneName = %q, want %q", got, want)
	}
	if got, want := contract.RuneName('\ue000'), "U+E000"; got != want {
		t.Errorf("RuneName = %q, want %q", got, want)
	}
}

// draftJSON builds a one-claim draft answer with the given title, heading,
// claim id and text, each a raw JSON string literal body.
func draftJSON(title, heading, id, text string) string {
	return `{"title":"` + title + `","sections":[{"heading":"` + heading + `","claims":[{"id":"` + id + `","text":"` + text + `","citations":[{"doi":"10.1/a","quote":"q"}]}]}],"refused":false,"missing":""}`
}

func TestParseDraftRejectsHiddenAndBlankProse(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		wantErr error
		wantIn  string
	}{
		{name: "rtl override in claim text", give: draftJSON("T", "H", "C1", `Survival was \u202e%4.39\u202c.`), wantErr: contract.ErrHiddenCharacters, wantIn: "sections[0].claims[0].text holds hidden character U+202E RIGHT-TO-LEFT OVERRIDE"},
		{name: "isolate in title", give: draftJSON(`Brief \u2067x\u2069`, "H", "C1", "x"), wantErr: contract.ErrHiddenCharacters, wantIn: "title holds hidden character U+2067"},
		{name: "zero width space in heading", give: draftJSON("T", `Re\u200bsults`, "C1", "x"), wantErr: contract.ErrHiddenCharacters, wantIn: "sections[0].heading"},
		{name: "newline in claim text", give: draftJSON("T", "H", "C1", `one\n## Fake heading`), wantErr: contract.ErrHiddenCharacters, wantIn: "U+000A"},
		{name: "escape sequence in claim text", give: draftJSON("T", "H", "C1", `red \u001b[31m`), wantErr: contract.ErrHiddenCharacters, wantIn: "U+001B"},
		{name: "hidden character in claim id", give: draftJSON("T", "H", `C1\u200b`, "x"), wantErr: contract.ErrHiddenCharacters, wantIn: ".id"},
		{name: "spaces only", give: draftJSON("T", "H", "C1", "   "), wantErr: contract.ErrBlankText, wantIn: "sections[0].claims[0].text is blank"},
		{name: "no-break and ideographic spaces", give: draftJSON("T", "H", "C1", `\u00a0\u3000`), wantErr: contract.ErrBlankText},
		{name: "hangul filler", give: draftJSON("T", "H", "C1", `\u3164`), wantErr: contract.ErrBlankText},
		{name: "blank title", give: draftJSON(" ", "H", "C1", "x"), wantErr: contract.ErrBlankText, wantIn: "title is blank"},
		{name: "blank claim id", give: draftJSON("T", "H", " ", "x"), wantErr: contract.ErrBlankText},
		{name: "ids equal after folding", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"C1","text":"x","citations":[]},{"id":" c1","text":"y","citations":[]}]}],"refused":false,"missing":""}`, wantErr: contract.ErrInvalidJSON, wantIn: "used twice"},
		{name: "hidden character in missing", give: `{"title":"","sections":[],"refused":true,"missing":"trials\u202e"}`, wantErr: contract.ErrHiddenCharacters, wantIn: "missing holds"},
		{name: "blank missing", give: `{"title":"","sections":[],"refused":true,"missing":" \u200b"}`, wantErr: contract.ErrHiddenCharacters},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := contract.ParseDraft([]byte(tt.give))
			if !errors.Is(err, tt.wantErr) || !errors.Is(err, contract.ErrInvalidJSON) {
				t.Fatalf("ParseDraft error = %v, want %v wrapping ErrInvalidJSON", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantIn) {
				t.Errorf("error %q does not say %q", err, tt.wantIn)
			}
		})
	}
	if _, err := contract.ParseDraft([]byte(`{"title":"","sections":[],"refused":true,"missing":"Needs:\n- randomised trials\n\t- cohorts"}`)); err != nil {
		t.Errorf("line breaks in missing rejected: %v", err)
	}
	if _, err := contract.ParseDraft([]byte(draftJSON("Krebs: Überleben", "Ergebnisse — 2020", "C1", `Survival was 39.4 % (95% CI 0.95–1.43); p < .05`))); err != nil {
		t.Errorf("ordinary prose rejected: %v", err)
	}
}

func TestParseRejectsDuplicateKeys(t *testing.T) {
	tests := []struct {
		name   string
		give   string
		parse  func([]byte) error
		wantIn string
	}{
		{name: "objections twice", give: `{"objections":[{"claim_id":"C1","kind":"other","detail":"x"}],"objections":[]}`, parse: parseObjections, wantIn: `key "objections" appears twice in the top-level value`},
		{name: "objections twice in other case", give: `{"objections":[{"claim_id":"C1","kind":"other","detail":"x"}],"OBJECTIONS":[]}`, parse: parseObjections, wantIn: `"OBJECTIONS" appears twice`},
		{name: "kelvin sign folds like json does", give: `{"objections":[{"claim_id":"C1","kind":"other","detail":"x","\u212aind":"overclaim"}]}`, parse: parseObjections, wantIn: "objections[]"},
		{name: "claim_id twice in an objection", give: `{"objections":[{"claim_id":"C1","kind":"other","detail":"x","claim_id":"C2"}]}`, parse: parseObjections, wantIn: `"claim_id" appears twice in objections[]`},
		{name: "title twice", give: `{"title":"A","title":"B","sections":[],"refused":true,"missing":"m"}`, parse: parseDraft, wantIn: `"title" appears twice`},
		{name: "quote twice in a citation", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"C1","text":"x","citations":[{"doi":"10.1/a","quote":"q","quote":"r"}]}]}],"refused":false,"missing":""}`, parse: parseDraft, wantIn: "sections[].claims[].citations[]"},
		{name: "text twice in a claim", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"C1","text":"x","text":"y","citations":[]}]}],"refused":false,"missing":""}`, parse: parseDraft, wantIn: `"text" appears twice`},
		{name: "sections twice", give: `{"title":"T","sections":[],"sections":[{"heading":"H","claims":[]}],"refused":true,"missing":"m"}`, parse: parseDraft, wantIn: `"sections" appears twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse([]byte(tt.give))
			if !errors.Is(err, contract.ErrDuplicateKey) || !errors.Is(err, contract.ErrInvalidJSON) {
				t.Fatalf("error = %v, want ErrDuplicateKey wrapping ErrInvalidJSON", err)
			}
			if !strings.Contains(err.Error(), tt.wantIn) {
				t.Errorf("error %q does not say %q", err, tt.wantIn)
			}
		})
	}
	// The same key in sibling objects is not a duplicate.
	ok := `{"objections":[{"claim_id":"C1","kind":"other","detail":"x"},{"claim_id":"C2","kind":"other","detail":"y"}]}`
	if err := parseObjections([]byte(ok)); err != nil {
		t.Errorf("sibling objects rejected: %v", err)
	}
}

func parseObjections(b []byte) error { _, err := contract.ParseObjections(b); return err }
func parseDraft(b []byte) error      { _, err := contract.ParseDraft(b); return err }

func TestResolveClaims(t *testing.T) {
	draft := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{{ID: "C1", Text: "a"}, {ID: "c2", Text: "b"}}}}}
	tests := []struct {
		name    string
		give    []contract.Objection
		want    []contract.Objection
		wantErr string
	}{
		{name: "exact", give: []contract.Objection{{ClaimID: "C1", Kind: contract.KindOther, Detail: "d"}}, want: []contract.Objection{{ClaimID: "C1", Kind: contract.KindOther, Detail: "d"}}},
		{name: "case and spaces", give: []contract.Objection{{ClaimID: " C2 ", Kind: contract.KindOverclaim}, {ClaimID: "c1"}}, want: []contract.Objection{{ClaimID: "c2", Kind: contract.KindOverclaim}, {ClaimID: "C1"}}},
		{name: "none", give: []contract.Objection{}, want: []contract.Objection{}},
		{name: "unknown claim", give: []contract.Objection{{ClaimID: "C1"}, {ClaimID: "C3"}}, wantErr: `objections[1].claim_id "C3" names no claim of the draft`},
		{name: "prefix is not a match", give: []contract.Objection{{ClaimID: "C"}}, wantErr: "names no claim"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := contract.Objections{Objections: tt.give}.ResolveClaims(draft)
			if tt.wantErr != "" {
				if err == nil || !errors.Is(err, contract.ErrInvalidJSON) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ResolveClaims error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ResolveClaims: %v", err)
			}
			if diff := cmp.Diff(tt.want, got.Objections); diff != "" {
				t.Errorf("ResolveClaims (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseObjectionsRejectsBlankClaimID(t *testing.T) {
	_, err := contract.ParseObjections([]byte(`{"objections":[{"claim_id":" \u200b","kind":"other","detail":"x"}]}`))
	if !errors.Is(err, contract.ErrInvalidJSON) || !strings.Contains(err.Error(), "names no claim") {
		t.Errorf("error = %v, want a blank claim id rejected", err)
	}
}
