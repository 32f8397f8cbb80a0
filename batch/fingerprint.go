package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// Fingerprint identifies what a ledger says for a lead: the lead itself and
// each citable source's DOI, content hash and retraction flags, in DOI
// order. Retrieval times, evidence ids and collection notes do not count, so
// the same sources collected another night give the same fingerprint.
func Fingerprint(lead contract.Lead, l contract.Ledger) string {
	type source struct {
		DOI, Hash                       string
		Retracted, Notice, Erratum, Pre bool
	}
	srcs := make([]source, 0, len(l.Entries))
	for _, e := range l.Entries {
		srcs = append(srcs, source{e.DOI, e.ContentHash, e.Retracted, e.RetractionNotice, e.Erratum, e.Preprint})
	}
	slices.SortFunc(srcs, func(a, b source) int {
		if c := strings.Compare(a.DOI, b.DOI); c != 0 {
			return c
		}
		return strings.Compare(a.Hash, b.Hash)
	})
	data, err := json.Marshal(struct {
		Lead    contract.Lead
		Sources []source
	}{lead, srcs})
	if err != nil { // plain strings and bools: cannot fail
		panic(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
