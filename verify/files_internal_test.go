package verify

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// firstDiff names the line of the first differing byte and shows each
// side from at most 30 bytes before it, never from inside a rune.
func TestFirstDiff(t *testing.T) {
	tests := []struct {
		name      string
		got, want string
		line      int
		g, w      string
	}{
		{"first byte", "abc", "xbc", 1, "abc", "xbc"},
		{"second line", "one\ntwo\n", "one\ntwX\n", 2, "two", "twX"},
		{"third line, diff at its start", "a\nb\nc", "a\nb\nd", 3, "c", "d"},
		{"equal prefix, got longer", "same\nmore", "same\n", 2, "more", ""},
		{"equal prefix, want longer", "same\n", "same\nmore", 2, "", "more"},
		{"a long first line, the difference early in the second",
			strings.Repeat("a", 25) + "\nbcX", strings.Repeat("a", 25) + "\nbcY", 2, "bcX", "bcY"},
		{"a long line starts 30 bytes before the difference",
			strings.Repeat("a", 40) + "X", strings.Repeat("a", 40) + "Y", 1,
			strings.Repeat("a", 30) + "X", strings.Repeat("a", 30) + "Y"},
		{"exactly 30 bytes before: from the line's start",
			strings.Repeat("a", 30) + "X", strings.Repeat("a", 30) + "Y", 1,
			strings.Repeat("a", 30) + "X", strings.Repeat("a", 30) + "Y"},
		{"never from inside a rune",
			strings.Repeat("é", 20) + "bX", strings.Repeat("é", 20) + "bY", 1,
			strings.Repeat("é", 15) + "bX", strings.Repeat("é", 15) + "bY"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, g, w := firstDiff([]byte(tt.got), []byte(tt.want))
			if line != tt.line || g != tt.g || w != tt.w {
				t.Errorf("firstDiff = %d %q %q, want %d %q %q", line, g, w, tt.line, tt.g, tt.w)
			}
		})
	}
}

// excerpt is at most 80 bytes to the end of the line, cut at a rune start
// and marked with an ellipsis.
func TestExcerpt(t *testing.T) {
	tests := []struct {
		give  string
		start int
		want  string
	}{
		{"abc\ndef", 0, "abc"},
		{"abc\ndef", 4, "def"},
		{"abc", 3, ""},
		{"abc", 9, ""},
		{strings.Repeat("a", 80), 0, strings.Repeat("a", 80)},
		{strings.Repeat("a", 81), 0, strings.Repeat("a", 80) + "…"},
		{"a" + strings.Repeat("é", 50), 0, "a" + strings.Repeat("é", 39) + "…"},
		{strings.Repeat("é", 50), 0, strings.Repeat("é", 40) + "…"},
	}
	for _, tt := range tests {
		if got := excerpt([]byte(tt.give), tt.start); got != tt.want {
			t.Errorf("excerpt(%q, %d) = %q, want %q", tt.give, tt.start, got, tt.want)
		}
	}
}

// The worst status wins, whatever the order findings come in.
func TestResultStatusIsTheWorst(t *testing.T) {
	for _, order := range [][]Status{{Unknown, Changed}, {Changed, Unknown}, {Changed, OK}, {Unknown, OK, Unknown}} {
		r := Result{Status: OK}
		for _, s := range order {
			r.add(s, Finding{Code: "x"})
		}
		want := Unknown
		for _, s := range order {
			if s == Changed {
				want = Changed
			}
		}
		if r.Status != want {
			t.Errorf("%v: status %s, want %s", order, r.Status, want)
		}
		if len(r.Findings) != len(order) {
			t.Errorf("%v: %d findings, want %d", order, len(r.Findings), len(order))
		}
		if w := Worst([]Result{{Status: OK}, r, {Status: OK}}); w != want {
			t.Errorf("Worst(%v) = %s, want %s", order, w, want)
		}
	}
	if w := Worst(nil); w != OK {
		t.Errorf("Worst(nil) = %s, want ok", w)
	}
}

func TestShort(t *testing.T) {
	for give, want := range map[string]string{"": "", "0123456789ab": "0123456789ab", "0123456789abc": "0123456789ab"} {
		if got := short(give); got != want {
			t.Errorf("short(%q) = %q, want %q", give, got, want)
		}
	}
}

// jsonIntactSoFar holds only when brief.json is listed, readable and has
// the digest the stamp lists.
func TestJSONIntactSoFar(t *testing.T) {
	name := brief.BriefFile(brief.JSON)
	data := []byte(`{"stamp":null,"title":"x"}`)
	fd, err := brief.FileDigest(name, data)
	if err != nil {
		t.Fatal(err)
	}
	files := func(content string) briefFiles {
		m := fstest.MapFS{}
		if content != "" {
			m["b/"+name] = &fstest.MapFile{Data: []byte(content)}
		}
		return briefFiles{fsys: m, dir: "b", shown: func(s string) string { return s }, read: map[string][]byte{}}
	}
	listed := contract.Stamp{Files: []contract.FileDigest{fd}}
	tests := []struct {
		name  string
		stamp contract.Stamp
		file  string
		want  bool
	}{
		{"intact", listed, string(data), true},
		{"not listed", contract.Stamp{}, string(data), false},
		{"missing", listed, "", false},
		{"edited", listed, `{"stamp":null,"title":"y"}`, false},
		{"not JSON", listed, `not json`, false},
	}
	for _, tt := range tests {
		if got := jsonIntactSoFar(tt.stamp, files(tt.file), name); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// What watch reports as news: a source retracted or corrected, or a
// full-text quote changed or gone; the rest of verify's findings are not.
func TestIsNews(t *testing.T) {
	for code, want := range map[string]bool{
		"source_retracted": true, "source_corrected": true, "quote_changed": true, "quote_gone": true,
		"file_changed": false, "source_unknown": false, "full_text_unknown": false, "extra_file": false,
	} {
		if got := isNews(Finding{Code: code}); got != want {
			t.Errorf("isNews(%s) = %v, want %v", code, got, want)
		}
	}
}

// changedLine never fails, whatever the two texts: a file cut short, grown,
// or differing anywhere, in any bytes, names a line within the file.
func TestChangedLineAnyTexts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alphabet := rapid.SampledFrom([]byte{'a', '\n', 0xc3, 0xa9, 0xe2, 0x82, 0xac, ' '})
		want := rapid.SliceOfN(alphabet, 0, 200).Draw(t, "want")
		got := rapid.SliceOfN(alphabet, 0, 200).Draw(t, "got")
		if rapid.Bool().Draw(t, "prefix") {
			got = want[:rapid.IntRange(0, len(want)).Draw(t, "cut")]
		}
		f := changedLine("brief.md", got, want)
		if f.Line < 1 || f.Line > 1+bytes.Count(got, []byte("\n")) {
			t.Fatalf("line %d of a file of %d lines", f.Line, 1+bytes.Count(got, []byte("\n")))
		}
	})
}

// A file cut short of its rendering says where it ends and how much is
// missing.
func TestChangedLineCutShort(t *testing.T) {
	want := []byte("# Title\n\nA claim. [1]\n\n## References\n")
	f := changedLine("brief.md", want[:9], want)
	if f.Line != 3 || !strings.Contains(f.Detail, "ends at line 3") || !strings.Contains(f.Detail, "(28 bytes more)") {
		t.Errorf("finding %+v", f)
	}
	if f := changedLine("brief.md", want, want[:9]); strings.Contains(f.Detail, "cut short") {
		t.Errorf("a file longer than its rendering read as cut short: %+v", f)
	}
}
