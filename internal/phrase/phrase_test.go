package phrase

import "testing"

func TestClean(t *testing.T) {
	tests := []struct{ give, want string }{
		{"  cancer \t screening ", "cancer screening"},
		{`a"b\c*d?e`, "a b c d e"},
		{"line\nbreak\x00nul", "line break nul"},
		{"O'Brien-Smith (UK): AND", "O'Brien-Smith (UK): AND"},
		{"\uFFFD", ""},
	}
	for _, tt := range tests {
		if got := Clean(tt.give); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestHasWord(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"", false},
		{"( ) : -", false},
		{"é", true},
		{"7", true},
	}
	for _, tt := range tests {
		if got := HasWord(tt.give); got != tt.want {
			t.Errorf("HasWord(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

func TestWords(t *testing.T) {
	got := Words("Müller-Lee, H. (2020): CRISPR–Cas9!")
	want := []string{"müller", "lee", "h", "2020", "crispr", "cas9"}
	if len(got) != len(want) {
		t.Fatalf("Words = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Words = %q, want %q", got, want)
		}
	}
}
