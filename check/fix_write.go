package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FixTarget refuses an output path for --fix that would overwrite the
// input (by name or as the same file through a link) or, unless force,
// any existing file: --fix never touches the original.
func FixTarget(input, out string, force bool) error {
	if out == "" || out == "-" {
		return fmt.Errorf("%w: --fix: name an output file", ErrInput)
	}
	inAbs, err1 := filepath.Abs(input)
	outAbs, err2 := filepath.Abs(out)
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("%w: --fix %s: %w", ErrInput, out, err)
	}
	if input != stdinName && inAbs == outAbs {
		return fmt.Errorf("%w: --fix %s: that is the input file; --fix writes a copy, never the original", ErrInput, out)
	}
	outInfo, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%w: --fix %s: %w", ErrInput, out, err)
	}
	if inInfo, err := os.Stat(input); err == nil && os.SameFile(inInfo, outInfo) {
		return fmt.Errorf("%w: --fix %s: that is the input file; --fix writes a copy, never the original", ErrInput, out)
	}
	if outInfo.IsDir() {
		return fmt.Errorf("%w: --fix %s: is a directory", ErrInput, out)
	}
	if !force {
		return fmt.Errorf("%w: --fix %s: file exists (--force replaces it)", ErrInput, out)
	}
	return nil
}

// WriteFix writes doc with the report's DOI fixes (see Fixed) to out,
// after FixTarget, through a temporary file renamed into place so a
// failed write leaves no half file. It returns the fixes made.
func (r Report) WriteFix(doc Document, out string, force bool) ([]Fix, error) {
	if err := FixTarget(doc.Name, out, force); err != nil {
		return nil, err
	}
	text, fixes, err := r.Fixed(doc)
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".citeloop-fix-*")
	if err != nil {
		return nil, fmt.Errorf("--fix %s: %w", out, err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename, a no-op
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("--fix %s: %w", out, err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("--fix %s: %w", out, err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return nil, fmt.Errorf("--fix %s: %w", out, err)
	}
	return fixes, nil
}

// FixSummary says in one line what --fix changed.
func FixSummary(out string, fixes []Fix) string {
	added, corrected := 0, 0
	for _, f := range fixes {
		if f.Old == "" {
			added++
		} else {
			corrected++
		}
	}
	return fmt.Sprintf("fix: wrote %s: %d DOI(s) added, %d corrected", out, added, corrected)
}
