package collect

import (
	"sort"
	"strings"

	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/oracles"
)

// merge folds duplicates into one hit each; a survivor takes the place of
// its group's first member. Two hits are the same work when they share a
// DOI, when one names the other as the same work (Hit.SameWork: Europe
// PMC's "Preprint of"/"Preprint in" links), or when a preprint and another
// record have the same normalised title (at least four words, so
// "Correction." never matches). Of a group the published record wins over
// a preprint, then the one with the longer abstract, then the newer, then
// the smaller DOI. Dropped preprints count as superseded_preprint, the rest
// as duplicate. Groups are visited in the order their first member appears,
// so the exclusions (and the ledger's notes) are the same on every run.
func (b *ledgerBuilder) merge(docs []oracles.Hit) []oracles.Hit {
	parent := make([]int, len(docs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(i, j int) {
		if ri, rj := find(i), find(j); ri != rj {
			parent[rj] = ri
		}
	}
	byDOI := map[string]int{}
	byKey := map[string]int{}
	byTitle := map[string][]int{}
	for i, d := range docs {
		if j, ok := byDOI[d.Record.DOI]; ok {
			union(j, i)
		} else {
			byDOI[d.Record.DOI] = i
		}
		if k := d.Key(); k != "" {
			byKey[k] = i
		}
		if t := titleKey(d.Record.Title); t != "" {
			byTitle[t] = append(byTitle[t], i)
		}
	}
	for i, d := range docs {
		for _, k := range d.SameWork {
			if j, ok := byKey[k]; ok {
				union(i, j)
			}
		}
	}
	for _, group := range byTitle {
		for _, i := range group {
			if !docs[i].Record.Preprint {
				continue
			}
			for _, j := range group {
				union(i, j)
			}
		}
	}
	// groups lists each group's members in input order; order lists the
	// groups by first member, never by map iteration order.
	groups := map[int][]int{}
	var order []int
	for i := range docs {
		r := find(i)
		if _, ok := groups[r]; !ok {
			order = append(order, r)
		}
		groups[r] = append(groups[r], i)
	}
	// A group's survivor takes the place of its first member.
	type survivor struct{ pos, idx int }
	winners := make([]survivor, 0, len(groups))
	for _, r := range order {
		g := groups[r]
		first := g[0] // groups list members in input order
		sort.SliceStable(g, func(a, c int) bool { return better(docs[g[a]], docs[g[c]]) })
		winners = append(winners, survivor{pos: first, idx: g[0]})
		for _, i := range g[1:] {
			switch {
			case docs[i].Record.DOI == docs[g[0]].Record.DOI:
				b.exclude(ExcludedDuplicate, docs[i].Record.DOI)
			case docs[i].Record.Preprint:
				b.exclude(ExcludedPreprint, docs[i].Record.DOI+" → "+docs[g[0]].Record.DOI)
			default:
				b.exclude(ExcludedDuplicate, docs[i].Record.DOI)
			}
		}
	}
	sort.Slice(winners, func(a, c int) bool { return winners[a].pos < winners[c].pos })
	out := make([]oracles.Hit, 0, len(winners))
	for _, w := range winners {
		out = append(out, docs[w.idx])
	}
	return out
}

// better reports whether a should be kept over b of the same work.
func better(a, b oracles.Hit) bool {
	switch {
	case a.Record.Preprint != b.Record.Preprint:
		return !a.Record.Preprint
	case len(a.Record.Abstract) != len(b.Record.Abstract):
		return len(a.Record.Abstract) > len(b.Record.Abstract)
	case a.Record.Year != b.Record.Year:
		return a.Record.Year > b.Record.Year
	default:
		return a.Record.DOI < b.Record.DOI
	}
}

// titleKey is the title's lower-cased words, or "" when it has fewer than
// four, too few to identify a work.
func titleKey(title string) string {
	toks := phrase.Words(title)
	if len(toks) < 4 {
		return ""
	}
	return strings.Join(toks, " ")
}
