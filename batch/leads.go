package batch

import (
	"crypto/sha256"
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
	k := keyer{file: file}
	var out []Lead
	var errs []error
	for _, l := range leads {
		keyed, err := k.key(l)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, keyed)
	}
	return out, errs
}

// keyer keys the leads of one file in order, as Keys does. To refuse a key
// taken twice it holds a 128-bit digest (SHA-256's first half) of each key,
// not the key: about 36 bytes a lead. Two different keys share a digest
// with a probability near n²/2¹²⁹, 10⁻³¹ for 10,000 leads. A second reading
// of the same bytes (known) holds nothing per lead: it is told which leads
// were refused.
type keyer struct {
	file string
	n    int
	seen map[[16]byte]struct{}
	// taken lists the positions (n) of the leads refused so far, or with
	// known, those a first reading refused.
	taken []int
	known bool
}

// duplicateError is a lead whose key an earlier lead of its file took.
type duplicateError struct{ file, key string }

func (e duplicateError) Error() string {
	return fmt.Sprintf("%s: lead %q: id is used by an earlier lead", e.file, e.key)
}

// key keys l, the next lead of the file.
func (k *keyer) key(l contract.Lead) (Lead, error) {
	k.n++
	key := strings.Trim(unsafeKey.ReplaceAllString(l.ID, "_"), "._")
	if key == "" {
		key = fmt.Sprintf("lead-%04d", k.n)
	}
	if k.known {
		if len(k.taken) > 0 && k.taken[0] == k.n {
			k.taken = k.taken[1:]
			return Lead{}, duplicateError{file: k.file, key: key}
		}
		return Lead{Key: key, Lead: l}, nil
	}
	if k.seen == nil {
		k.seen = map[[16]byte]struct{}{}
	}
	sum := sha256.Sum256([]byte(key))
	digest := [16]byte(sum[:16])
	if _, dup := k.seen[digest]; dup {
		k.taken = append(k.taken, k.n)
		return Lead{}, duplicateError{file: k.file, key: key}
	}
	k.seen[digest] = struct{}{}
	return Lead{Key: key, Lead: l}, nil
}
