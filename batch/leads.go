package batch

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// Lead is a lead with the key that names it in the queue and in the output
// folder.
type Lead struct {
	Key  string
	Lead contract.Lead
	// Dir, when set, is the folder inside the engine's OutDir that
	// receives the lead's outcome (a night's); "" is OutDir itself.
	Dir string
}

var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// Keys names each lead by its id made safe for a path, or by its position
// among the leads when it has none (give leads ids for nights that must
// match the standing briefs after the file is edited). A lead whose key an
// earlier lead already took is returned as an error naming file, and left
// out.
func Keys(file string, leads []contract.Lead) ([]Lead, []error) {
	seen := map[string]bool{}
	var out []Lead
	var errs []error
	for i, l := range leads {
		key := strings.Trim(unsafeKey.ReplaceAllString(l.ID, "_"), "._")
		if key == "" {
			key = fmt.Sprintf("lead-%04d", i+1)
		}
		if seen[key] {
			errs = append(errs, fmt.Errorf("%s: lead %q: id is used by an earlier lead", file, key))
			continue
		}
		seen[key] = true
		out = append(out, Lead{Key: key, Lead: l})
	}
	return out, errs
}
