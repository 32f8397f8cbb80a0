package markup

import (
	"testing"
)

var cleanCases = []struct {
	give      string
	wantClean bool
}{
	{give: "Plain title of a paper.", wantClean: true},
	{give: "", wantClean: true},
	{give: "P < .001 in both arms", wantClean: false},
	{give: "R&amp;D spending", wantClean: false},
	{give: "R&D", wantClean: false},
	{give: "two  spaces", wantClean: false},
	{give: " leading", wantClean: false},
	{give: "trailing ", wantClean: false},
	{give: "tab\there", wantClean: false},
	{give: "line\nbreak", wantClean: false},
	{give: "form\ffeed", wantClean: false},
	{give: "carriage\rreturn", wantClean: false},
	{give: "\u00a0no-break space at the start", wantClean: false},
	{give: "no-break\u00a0space inside", wantClean: true},
	{give: "<h4>Background</h4>Text", wantClean: false},
	{give: "H<sub>2</sub>O", wantClean: false},
	{give: "Ünïcödé – dash “quotes”", wantClean: true},
}

func TestIsCleanOnlyWhenCleaningChangesNothing(t *testing.T) {
	for _, tt := range cleanCases {
		if got := isClean(tt.give); got != tt.wantClean {
			t.Errorf("isClean(%q) = %v, want %v", tt.give, got, tt.wantClean)
		}
		if got, want := Plain(tt.give), clean(tt.give); got != want {
			t.Errorf("Plain(%q) = %q, want %q", tt.give, got, want)
		}
	}
}

// FuzzPlainShortcut: the shortcut never changes Plain's answer, and
// cleaning is idempotent where the shortcut applies.
func FuzzPlainShortcut(f *testing.F) {
	for _, tt := range cleanCases {
		f.Add(tt.give)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Plain(s), clean(s); got != want {
			t.Fatalf("Plain(%q) = %q, want %q", s, got, want)
		}
		if isClean(s) && clean(s) != s {
			t.Fatalf("isClean(%q) but cleaning gives %q", s, clean(s))
		}
	})
}
