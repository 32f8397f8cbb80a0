package leads

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

var (
	errBroken  = errors.New("disk went away")
	errTooSoon = errors.New("read past the first rows before yielding a lead")
)

// gateReader serves head, then fails: with errTooSoon while the consumer
// has seen no lead (the input was read on before the first lead was
// yielded: it is not streamed), with errBroken once it has.
type gateReader struct {
	head []byte
	seen *bool
}

func (g *gateReader) Read(p []byte) (int, error) {
	if len(g.head) > 0 {
		n := copy(p, g.head)
		g.head = g.head[n:]
		return n, nil
	}
	if !*g.seen {
		return 0, errTooSoon
	}
	return 0, errBroken
}

// collected is what a consumer of ReadLeads or LeadsOf saw, in order.
type collected struct {
	leads []contract.Lead
	errs  []error
}

func collect(seq func(func(contract.Lead, error) bool)) collected {
	var c collected
	for l, err := range seq {
		if err != nil {
			c.errs = append(c.errs, err)
			continue
		}
		c.leads = append(c.leads, l)
	}
	return c
}

// checkFileError checks that err is the error of a whole file: it names
// the file, wraps ErrInvalidLead and cause, and is not a *LeadError.
func checkFileError(t *testing.T, err error, file string, cause error) {
	t.Helper()
	var le *LeadError
	switch {
	case errors.As(err, &le):
		t.Errorf("whole-file error %q is a *LeadError", err)
	case !errors.Is(err, ErrInvalidLead):
		t.Errorf("whole-file error %q does not wrap ErrInvalidLead", err)
	case cause != nil && !errors.Is(err, cause):
		t.Errorf("whole-file error %q does not wrap %v", err, cause)
	case !strings.HasPrefix(err.Error(), file+": invalid lead: "):
		t.Errorf("whole-file error %q does not start with %q", err, file+": invalid lead: ")
	}
}

// TestReadLeadsStreams: JSON Lines and CSV yield the first leads before
// the reader is read further, and a read error after them is one final
// whole-file error, the leads before it kept. A row cut by the read error is
// not a row. YAML is documented to read everything first.
func TestReadLeadsStreams(t *testing.T) {
	x, y := contract.Lead{ID: "a", Name: "X"}, contract.Lead{ID: "b", Name: "Y"}
	tests := []struct {
		name      string
		head      string
		want      []contract.Lead
		wantErrs  []string
		wantCause error
	}{
		{
			name:      "leads.jsonl",
			head:      `{"id":"a","name":"X"}` + "\n\n" + `{"id":"b","name":"Y","since":"soon"}` + "\n" + `{"id":"b","name":"Y"}` + "\n" + `{"id":"c","na`,
			want:      []contract.Lead{x, y},
			wantErrs:  []string{`leads.jsonl: row 3: since: "soon" is not a date (want YYYY-MM-DD)`},
			wantCause: errBroken,
		},
		{
			name:      "cut after a whole object.ndjson",
			head:      `{"id":"a","name":"X"}` + "\n" + `{"id":"b","name":"Y"}`,
			want:      []contract.Lead{x},
			wantCause: errBroken,
		},
		{
			name:      "leads.csv",
			head:      "id,name\na,X\nb,\"Y\"\"\nsecond\"\nb,Y\nc,\"Zh",
			want:      []contract.Lead{x, {ID: "b", Name: "Y\"\nsecond"}, y},
			wantCause: errBroken,
		},
		{
			name:      "bad rows.csv",
			head:      "id,name,since\na,X,\nb,Y,never\nb,Y\nb,Y,\nc,Zh",
			want:      []contract.Lead{x, y},
			wantErrs:  []string{`bad rows.csv: row 3: since: "never" is not a date (want YYYY-MM-DD)`, "bad rows.csv: row 4: lead: has 2 columns, header has 3"},
			wantCause: errBroken,
		},
		{
			name:      "leads.yaml",
			head:      "- {id: a, name: X}\n- {id: b, name: Y}\n",
			wantCause: errTooSoon,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := false
			var got collected
			for l, err := range ReadLeads(filepath.Join("some", "dir", tt.name), &gateReader{head: []byte(tt.head), seen: &seen}) {
				if err != nil {
					got.errs = append(got.errs, err)
					continue
				}
				seen = true
				got.leads = append(got.leads, l)
			}
			if diff := cmp.Diff(tt.want, got.leads); diff != "" {
				t.Errorf("leads (-want +got):\n%s", diff)
			}
			if len(got.errs) == 0 {
				t.Fatal("no error, want a final whole-file error")
			}
			rowErrs, last := got.errs[:len(got.errs)-1], got.errs[len(got.errs)-1]
			for _, e := range rowErrs {
				if !isRowError(e) {
					t.Errorf("error %q before the last is not a *LeadError", e)
				}
			}
			if diff := cmp.Diff(tt.wantErrs, errorMessages(t, rowErrs)); diff != "" {
				t.Errorf("row errors (-want +got):\n%s", diff)
			}
			checkFileError(t, last, tt.name, tt.wantCause)
		})
	}
}

// TestReadLeadsMatchesLoadLeads: collecting ReadLeads gives what LoadLeads
// gives, file by file, however the reader splits its reads.
func TestReadLeadsMatchesLoadLeads(t *testing.T) {
	readers := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
	}
	for _, tt := range leadsFileCases() {
		path := filepath.Join("testdata", "leads", tt.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		load, loadErr := LoadLeads(path)
		var loadErrs []error
		if loadErr != nil {
			loadErrs = RowErrors(loadErr)
		}
		for rname, wrap := range readers {
			t.Run(tt.file+"/"+rname, func(t *testing.T) {
				got := collect(ReadLeads(path, wrap(bytes.NewReader(data))))
				if diff := cmp.Diff(load, got.leads); diff != "" {
					t.Errorf("leads, LoadLeads (-) and ReadLeads (+):\n%s", diff)
				}
				if diff := cmp.Diff(tt.want, got.leads); diff != "" {
					t.Errorf("leads (-want +got):\n%s", diff)
				}
				msgs := errorMessages(t, got.errs)
				if diff := cmp.Diff(errorMessages(t, loadErrs), msgs); diff != "" {
					t.Errorf("errors, LoadLeads (-) and ReadLeads (+):\n%s", diff)
				}
				if diff := cmp.Diff(tt.wantErrs, msgs); diff != "" {
					t.Errorf("errors (-want +got):\n%s", diff)
				}
				for i, e := range got.errs {
					if isRowError(e) == tt.wholeFile {
						t.Errorf("error %q: row error = %v, want %v", e, !tt.wholeFile, tt.wholeFile)
					}
					if tt.wholeFile && i != len(got.errs)-1 {
						t.Errorf("whole-file error %q is not the last", e)
					}
				}
			})
		}
	}
}

// TestLeadsOfStopsEarly: a consumer that breaks after any item sees exactly
// the first items of the whole sequence (even between two errors of one
// row), and the sequence yields nothing after the break (range over func
// panics if it did).
func TestLeadsOfStopsEarly(t *testing.T) {
	for _, tt := range leadsFileCases() {
		t.Run(tt.file, func(t *testing.T) {
			seq := LeadsOf(filepath.Join("testdata", "leads", tt.file))
			type item struct {
				Lead contract.Lead
				Err  string
			}
			// first ranges over seq and breaks after k items (never,
			// with k < 0).
			first := func(k int) []item {
				var got []item
				for l, err := range seq {
					it := item{Lead: l}
					if err != nil {
						it.Err = err.Error()
					}
					got = append(got, it)
					if len(got) == k {
						break
					}
				}
				return got
			}
			all := first(-1)
			for k := 1; k <= len(all); k++ {
				got := first(k)
				if diff := cmp.Diff(all[:k], got); diff != "" {
					t.Errorf("break after %d (-want +got):\n%s", k, diff)
				}
			}
		})
	}
}

// TestLeadsOfClosesFile: breaking out of LeadsOf and ranging it to its end
// both close the file (counted in /proc/self/fd).
func TestLeadsOfClosesFile(t *testing.T) {
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatalf("counting open files: %v", err)
		}
		return len(ents)
	}
	seq := LeadsOf(filepath.Join("testdata", "leads", "leads.csv"))
	before := fds()
	for range 20 {
		for range seq {
			break
		}
		for range seq {
		}
	}
	if after := fds(); after > before {
		t.Errorf("open files: %d before, %d after 40 ranges over LeadsOf", before, after)
	}
}

// TestLeadsOfFileErrors: a file that cannot be opened or read is the only
// error, naming the file, wrapping the cause.
func TestLeadsOfFileErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		path  string
		cause error
	}{
		{name: "missing", path: filepath.Join(dir, "missing.csv"), cause: fs.ErrNotExist},
		{name: "directory", path: filepath.Join(dir, "adir.jsonl"), cause: ErrFolder},
		{name: "directory without extension", path: filepath.Join(dir, "leads"), cause: ErrFolder},
		{name: "directory yaml", path: filepath.Join(dir, "adir.yaml"), cause: ErrFolder},
	}
	for _, d := range []string{"adir.jsonl", "adir.yaml", "leads"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(LeadsOf(tt.path))
			if len(got.leads) != 0 || len(got.errs) != 1 {
				t.Fatalf("got %d leads and errors %v, want one error", len(got.leads), got.errs)
			}
			checkFileError(t, got.errs[0], filepath.Base(tt.path), tt.cause)
		})
	}
}

// TestLeadsOfTwice: the batch's two passes (validate, then enqueue) see the
// same leads and errors.
func TestLeadsOfTwice(t *testing.T) {
	seq := LeadsOf(filepath.Join("testdata", "leads", "leads.jsonl"))
	first, second := collect(seq), collect(seq)
	if diff := cmp.Diff(first.leads, second.leads); diff != "" {
		t.Errorf("leads, first (-) and second (+) pass:\n%s", diff)
	}
	if diff := cmp.Diff(errorMessages(t, first.errs), errorMessages(t, second.errs)); diff != "" || len(first.errs) == 0 {
		t.Errorf("errors, first (-) and second (+) pass:\n%s", diff)
	}
}

// TestReadLeadsLongJSONLine: a JSON Lines row over maxJSONLLine is a row
// error naming its row, and the rows after it are read.
func TestReadLeadsLongJSONLine(t *testing.T) {
	long := `{"id":"b","name":"` + strings.Repeat("y", maxJSONLLine) + `"}`
	data := `{"id":"a","name":"X"}` + "\n" + long + "\n" + `{"id":"c","name":"Z"}` + "\n" + long + long
	got := collect(ReadLeads("long.jsonl", strings.NewReader(data)))
	if diff := cmp.Diff([]contract.Lead{{ID: "a", Name: "X"}, {ID: "c", Name: "Z"}}, got.leads); diff != "" {
		t.Errorf("leads (-want +got):\n%s", diff)
	}
	msg := "the line is over 1048576 bytes; skipped (the rows after it are read)"
	want := []error{&LeadError{File: "long.jsonl", Row: 2, Field: "lead", Msg: msg}, &LeadError{File: "long.jsonl", Row: 4, Field: "lead", Msg: msg}}
	if diff := cmp.Diff(want, got.errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	path := filepath.Join(t.TempDir(), "long.jsonl")
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	load, err := LoadLeads(path)
	if diff := cmp.Diff(got.leads, load); diff != "" || err == nil || len(RowErrors(err)) != 2 {
		t.Errorf("LoadLeads: %v, %v; want the leads and errors of ReadLeads\n%s", load, err, diff)
	}
}

// TestReadLeadsJSONLineAtTheLimit: a line of exactly maxJSONLLine bytes is
// a row.
func TestReadLeadsJSONLineAtTheLimit(t *testing.T) {
	head := `{"id":"a","name":"`
	line := head + strings.Repeat("y", maxJSONLLine-len(head)-2) + `"}`
	for _, end := range []string{"\n", ""} {
		got := collect(ReadLeads("limit.jsonl", strings.NewReader(line+end)))
		if len(got.leads) != 1 || len(got.errs) != 0 {
			t.Errorf("ending %q: %d leads, errors %v; want the lead", end, len(got.leads), got.errs)
		}
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadLeadsLongCSVRecord: a CSV record over maxCSVRecord (a quote left
// open swallowing the rest of the file, or one long line) is a row error
// naming its row, and reading goes on at the line after its first; a record
// just under the bound is a lead.
func TestReadLeadsLongCSVRecord(t *testing.T) {
	tooLong := func(row, next int) string {
		return fmt.Sprintf("long.csv: row %d: lead: the record is over 1048576 bytes (a quote not closed?); skipped, reading goes on at line %d", row, next)
	}
	long := strings.Repeat("x", maxCSVRecord-100)
	tests := []struct {
		name     string
		give     string
		want     []contract.Lead
		wantErrs []string
	}{
		{
			name:     "unclosed quote",
			give:     "id,name\na,X\nb,\"unclosed\nc,Z\n" + strings.Repeat("d,W "+strings.Repeat("w", 1000)+"\n", maxCSVRecord/1000),
			want:     append([]contract.Lead{{ID: "a", Name: "X"}, {ID: "c", Name: "Z"}}, slices.Repeat([]contract.Lead{{ID: "d", Name: "W " + strings.Repeat("w", 1000)}}, maxCSVRecord/1000)...),
			wantErrs: []string{tooLong(3, 4)},
		},
		{
			name:     "unclosed quote to the end",
			give:     "id,name\na,X\nb,\"unclosed\nc,Z\n",
			want:     []contract.Lead{{ID: "a", Name: "X"}, {ID: "c", Name: "Z"}},
			wantErrs: []string{"long.csv: row 3: lead: a quote opened in this row is never closed; skipped, reading goes on at line 4"},
		},
		{
			name:     "long unquoted",
			give:     "id,name\na,X\nb," + strings.Repeat("y", 2*maxCSVRecord) + "\nc,Z\n",
			want:     []contract.Lead{{ID: "a", Name: "X"}, {ID: "c", Name: "Z"}},
			wantErrs: []string{tooLong(3, 4)},
		},
		{
			name: "just under",
			give: "id,name\na,X\nb,\"" + long + "\"\nc,Z\n",
			want: []contract.Lead{{ID: "a", Name: "X"}, {ID: "b", Name: long}, {ID: "c", Name: "Z"}},
		},
	}
	t.Run("header", func(t *testing.T) {
		got := collect(ReadLeads("long.csv", strings.NewReader("id,name"+strings.Repeat(" ", maxCSVRecord)+"\na,X\n")))
		if len(got.leads) != 0 || len(got.errs) != 1 {
			t.Fatalf("got %v and %v, want one whole-file error", got.leads, got.errs)
		}
		checkFileError(t, got.errs[0], "long.csv", errRecordTooLong)
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &countingReader{r: strings.NewReader(tt.give)}
			got := collect(ReadLeads("long.csv", src))
			if diff := cmp.Diff(tt.want, got.leads); diff != "" {
				t.Errorf("leads (-want +got):\n%.2000s", diff)
			}
			if diff := cmp.Diff(tt.wantErrs, errorMessages(t, got.errs)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			for _, e := range got.errs {
				if !isRowError(e) {
					t.Errorf("error %q is not a *LeadError", e)
				}
			}
			if src.n != len(tt.give) {
				t.Errorf("read %d bytes of %d, want all", src.n, len(tt.give))
			}
			path := filepath.Join(t.TempDir(), "long.csv")
			if err := os.WriteFile(path, []byte(tt.give), 0o600); err != nil {
				t.Fatal(err)
			}
			load, err := LoadLeads(path)
			if diff := cmp.Diff(got.leads, load); diff != "" {
				t.Errorf("LoadLeads leads differ (-ReadLeads +LoadLeads):\n%.2000s", diff)
			}
			var loadErrs []error
			if err != nil {
				loadErrs = RowErrors(err)
			}
			if diff := cmp.Diff(tt.wantErrs, errorMessages(t, loadErrs)); diff != "" {
				t.Errorf("LoadLeads errors (-want +got):\n%s", diff)
			}
		})
	}
}
