package batch

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
)

// Lead is a lead with the key that names it in the queue and in the output
// folder.
type Lead struct {
	Key  string
	Lead contract.Lead
	// Dir, when set, is the folder inside the engine's OutDir that
	// receives the lead's outcome (a night's); "" is OutDir itself.
	Dir string
	// Scope, when set, keeps the lead's standing brief apart from the
	// leads of the same key in other leads files (a night of a folder of
	// files): "" is the key alone.
	Scope string
}

var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// MaxKeyBytes is the longest folder name a lead's key may be: NAME_MAX on
// Linux and the BSDs, and 255 UTF-16 units on NTFS, APFS and FAT (a key is
// ASCII, so bytes and units agree).
const MaxKeyBytes = 255

// ownNames are the files the batch (and its report) write beside the lead
// folders of an output folder: a lead named like one would be a folder in
// the way of that file, or the file in the way of the folder.
var ownNames = []string{
	SummaryFile, DatabaseFile, DatabaseFile + "-wal", DatabaseFile + "-shm", DatabaseFile + "-journal",
	"report.json", "report.html", "index.html",
}

// IsOwnName reports whether name, compared without case (as macOS and
// Windows compare names), is a file the batch or its report writes beside
// the lead folders. batch/report's files are listed here, since this
// package cannot import it; a test there holds the two together.
func IsOwnName(name string) bool {
	return slices.ContainsFunc(ownNames, func(n string) bool { return strings.EqualFold(n, name) })
}

// deviceName matches the names Windows keeps for devices whatever the
// extension (NUL, nul.txt, COM1.json).
var deviceName = regexp.MustCompile(`(?i)^(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])(\..*)?$`)

// checkKey says why key cannot name a lead's folder on every file system a
// batch folder may be copied to, or "" when it can. The rule is about the
// name, not a list of bad ids: a key holds only letters, digits, '.', '-'
// and '_' (Keys maps every other character of an id to '_'), and must also
// be at most MaxKeyBytes, not a name Windows keeps for a device, and not a
// file of the batch's own.
func checkKey(id, key string) string {
	switch {
	case key == "":
		return fmt.Sprintf("%q has no letter or digit to name its folder", id)
	case len(key) > MaxKeyBytes:
		return fmt.Sprintf("is %d bytes as a folder name; at most %d (a portable folder name)", len(key), MaxKeyBytes)
	case deviceName.MatchString(key):
		return fmt.Sprintf("%q is a device name on Windows (CON, PRN, AUX, NUL, COM0-9, LPT0-9, with any extension): not a portable folder name", key)
	case IsOwnName(key):
		return fmt.Sprintf("%q is the name of a file the batch writes in its output folder: give the lead another id", key)
	}
	return ""
}

// Keys names each lead by its id made safe for a path, or by its position
// among the leads when it has none (give leads ids for nights that must
// match the standing briefs after the file is edited). A lead whose id
// cannot name a portable folder (see checkKey), or whose key names the
// same folder as an earlier lead's (compared without case, as macOS and
// Windows do), is returned as an error naming file, and left out.
func Keys(file string, ls []contract.Lead) ([]Lead, []error) {
	k := keyer{file: file}
	var out []Lead
	var errs []error
	for i, l := range ls {
		keyed, err := k.key(l, i+1)
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
// folded to lower case, and the row that took it, not the key: about 40
// bytes a lead. Two different keys share a digest with a probability near
// n²/2¹²⁹, 10⁻³¹ for 10,000 leads. A second reading of the same bytes
// (known) holds nothing per lead: it is told which leads were refused.
type keyer struct {
	file string
	n    int
	seen map[[16]byte]int
	// taken lists the positions (n) of the leads refused as taken so far,
	// or with known, those a first reading refused.
	taken []int
	known bool
}

// keyError is a row error about a lead's id.
func (k *keyer) keyError(row int, msg string) error {
	return &leads.LeadError{File: filepath.Base(k.file), Row: row, Field: "id", Msg: msg}
}

// key keys l, the next lead of the file, read from row (0 when unknown).
func (k *keyer) key(l contract.Lead, row int) (Lead, error) {
	k.n++
	key := strings.Trim(unsafeKey.ReplaceAllString(l.ID, "_"), "._")
	if l.ID == "" {
		key = fmt.Sprintf("lead-%04d", k.n)
	} else if why := checkKey(l.ID, key); why != "" {
		return Lead{}, k.keyError(row, why)
	}
	if k.known {
		if len(k.taken) > 0 && k.taken[0] == k.n {
			k.taken = k.taken[1:]
			return Lead{}, k.keyError(row, fmt.Sprintf("%q names the same folder as an earlier lead", key))
		}
		return Lead{Key: key, Lead: l}, nil
	}
	if k.seen == nil {
		k.seen = map[[16]byte]int{}
	}
	sum := sha256.Sum256([]byte(strings.ToLower(key)))
	digest := [16]byte(sum[:16])
	if first, dup := k.seen[digest]; dup {
		k.taken = append(k.taken, k.n)
		where := "an earlier lead"
		if first > 0 {
			where = fmt.Sprintf("the lead of row %d", first)
		}
		return Lead{}, k.keyError(row, fmt.Sprintf("%q names the same folder as %s", key, where))
	}
	k.seen[digest] = row
	return Lead{Key: key, Lead: l}, nil
}
