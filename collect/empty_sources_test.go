package collect

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
)

// TestFileCollectorEmptyFileIsAnInputError: a file with no records is the
// user's mistake (exit 2, "no records in FILE"), not a refusal.
func TestFileCollectorEmptyFileIsAnInputError(t *testing.T) {
	tests := []struct{ name, give string }{
		{"empty.bib", ""},
		{"blank.txt", "\n\n  \n"},
		{"comments.txt", "# my references\n# none yet\n"},
		{"empty.json", "[]"},
		{"empty.ris", "\ufeff"},
		{"empty.jsonl", "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.name, tt.give)
			_, err := NewFileCollector(path, nil, testOptions(t)).Collect(context.Background(), contract.Lead{})
			if !errors.Is(err, ErrSources) || !strings.Contains(err.Error(), "no records in "+path) {
				t.Errorf("got %v, want ErrSources saying no records in %s", err, path)
			}
		})
	}
	path := writeFile(t, "one.txt", "10.1002/hpja.70059\n")
	if _, err := NewFileCollector(path, nil, testOptions(t)).Collect(context.Background(), contract.Lead{}); err != nil {
		t.Errorf("a file with one record: %v", err)
	}
}
