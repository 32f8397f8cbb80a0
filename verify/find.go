package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/citeloop/citeloop/brief"
)

// ErrNoBrief is wrapped when a path holds no brief.json.
var ErrNoBrief = errors.New("no brief.json found")

// Find resolves paths to the brief.json files they name: a brief.json, a
// brief folder, or a tree of brief folders, sorted and deduplicated.
func Find(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("verify %s: %w", p, err)
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		n := len(out)
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && d.Name() == brief.BriefFile(brief.JSON) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("verify %s: %w", p, err)
		}
		if len(out) == n {
			return nil, fmt.Errorf("verify %s: %w (a brief is verified from its brief.json: write briefs with --format including json)", p, ErrNoBrief)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
