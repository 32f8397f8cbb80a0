package check

import (
	"errors"
	"fmt"
	"github.com/citeloop/citeloop/bib"
	"io"
	"os"
)

// stdinName names the document read from standard input.
const stdinName = "<stdin>"

// MaxDocumentBytes caps one document given to Check.
const MaxDocumentBytes = 64 << 20

// ReadDocuments reads the named files ("-" is stdin, at most once), each up
// to MaxDocumentBytes, before any lookup: a bad path fails fast, wrapping
// ErrInput, and costs no request.
func ReadDocuments(stdin io.Reader, files []string) ([]Document, error) {
	return readDocuments(stdin, files, MaxDocumentBytes)
}

// readDocuments is ReadDocuments with a size cap of limit bytes.
func readDocuments(stdin io.Reader, files []string, limit int) ([]Document, error) {
	var docs []Document
	usedStdin := false
	for _, name := range files {
		var (
			b   []byte
			err error
		)
		if name == "-" {
			if usedStdin {
				return nil, inputError("check: - (stdin) given twice")
			}
			usedStdin = true
			b, err = io.ReadAll(io.LimitReader(stdin, int64(limit)+1))
			name = stdinName
		} else {
			b, err = readLimited(name, limit)
		}
		if err != nil {
			return nil, inputError("check: read %s: %v", name, err)
		}
		if len(b) > limit {
			return nil, inputError("check: %s is larger than %d bytes", name, limit)
		}
		text, err := bib.Decode(b)
		if err != nil {
			return nil, inputError("check: decode %s: %v", name, err)
		}
		docs = append(docs, Document{Name: name, Text: text})
	}
	return docs, nil
}

func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New("is a directory")
	}
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

func inputError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}
