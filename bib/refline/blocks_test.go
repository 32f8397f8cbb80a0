package refline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBlocks(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []Block
	}{
		{"empty", "", nil},
		{"wrapped bullets", "# Refs\n\n- A (2019) — x\n  y\n- B\r\nz\n",
			[]Block{{Lines: []string{"- A (2019) — x", "  y"}, Line: 3}, {Lines: []string{"- B", "z"}, Line: 5}}},
		{"paragraphs", "one\ntwo\n\n\nthree\n", []Block{{Lines: []string{"one", "two"}, Line: 1}, {Lines: []string{"three"}, Line: 5}}},
		{"numbered and bracketed", "1. a\n2) b\n[3] c\n* d\n+ e\n", []Block{
			{Lines: []string{"1. a"}, Line: 1}, {Lines: []string{"2) b"}, Line: 2}, {Lines: []string{"[3] c"}, Line: 3},
			{Lines: []string{"* d"}, Line: 4}, {Lines: []string{"+ e"}, Line: 5}}},
		{"heading ends a block", "a\n## H\nb\n", []Block{{Lines: []string{"a"}, Line: 1}, {Lines: []string{"b"}, Line: 3}}},
		{"bold is no bullet", "**A** x\n**B** y\n", []Block{{Lines: []string{"**A** x", "**B** y"}, Line: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Blocks(tt.give)); diff != "" {
				t.Errorf("Blocks (-want +got):\n%s", diff)
			}
		})
	}
	if got := (Block{Lines: []string{"a", "b"}}).Text(); got != "a\nb" {
		t.Errorf("Text = %q", got)
	}
}
