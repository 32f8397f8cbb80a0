package verify

import (
	"context"
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// fullTexts reads, once per brief and source, the full texts the quotes of
// a brief were found in, for re-finding them.
type fullTexts struct {
	by   map[string]oracles.FullTexter
	src  oracles.FullTexter
	read map[string]*contract.FullText
	errs map[string]error
}

// newFullTexts picks what serves full texts: Options.FullTexts by the
// name of the oracle that served a full text, else the oracle when it
// serves them, else none.
func newFullTexts(o Options) *fullTexts {
	f := &fullTexts{by: o.FullTexts, read: map[string]*contract.FullText{}, errs: map[string]error{}}
	f.src, _ = o.Oracle.(oracles.FullTexter)
	return f
}

func (f *fullTexts) get(ctx context.Context, e contract.Entry) (*contract.FullText, error) {
	key := e.FullText.Oracle + " " + e.FullText.ID
	if ft, ok := f.read[key]; ok {
		return ft, f.errs[key]
	}
	src := f.src
	if s, ok := f.by[e.FullText.Oracle]; ok {
		src = s
	}
	if src == nil {
		err := fmt.Errorf("no full-text service to re-read %s from (verify offline)", e.FullText.ID)
		f.read[key], f.errs[key] = nil, err
		return nil, err
	}
	res, err := src.FullText(ctx, e.FullText.ID)
	var ft *contract.FullText
	if err == nil {
		if ft = collect.ReadFullTextOf(res, e.DOI); !ft.Checked() {
			err = errors.New(ft.Reason)
		}
	}
	f.read[key], f.errs[key] = ft, err
	return ft, err
}

// refind looks for a quote the title and abstract do not hold in the full
// text the brief's gate found it in (the verdict names the section): in
// the same section, the quote holds (a note when the full text was fetched
// again and differs); found in another section, it moved (a note, the
// brief still verifies); not found while its section is still there, it
// changed; its section gone too, it is gone (both Changed). A full text
// that cannot be had makes the quote unknown.
func (r *Result) refind(ctx context.Context, f *fullTexts, e contract.Entry, claim, quote, what string, qc gates.QuoteCheck) {
	ft, err := f.get(ctx, e)
	if err != nil {
		r.add(Unknown, Finding{Code: "full_text_unknown", DOI: e.DOI, Cause: oracles.CauseOfErr(err),
			Detail: fmt.Sprintf("claim %s: %s quote is not in the title or abstract of %s and its full text could not be read again: %v", claim, what, e.ID, err)})
		return
	}
	foundIn, pathKept := "", false
	for _, s := range ft.Sections {
		if s.Path == qc.Section {
			pathKept = true
		}
		if foundIn == "" && (matches(s.Text, quote) || matches(s.Raw, quote)) {
			foundIn = s.Path
		}
		if s.Path == qc.Section && (matches(s.Text, quote) || matches(s.Raw, quote)) {
			foundIn = s.Path
			break
		}
	}
	same := ft.Hash == e.FullText.Hash
	switch {
	case foundIn != "" && foundIn == qc.Section:
		if !same {
			r.note("claim %s: the full text of %s differs from the one the brief was checked against (%s form now), but the quote is still in %s", claim, e.ID, ft.Form, foundIn)
		}
	case foundIn != "":
		r.note("claim %s: moved: the quote of %s is now in %q, not %q (the full text was re-served, %s form)", claim, e.ID, foundIn, qc.Section, ft.Form)
	case pathKept:
		r.add(Changed, Finding{Code: "quote_changed", DOI: e.DOI, Detail: fmt.Sprintf("claim %s: %s quote is no longer in %q of %s's full text, which is still there", claim, what, qc.Section, e.ID)})
	default:
		r.add(Changed, Finding{Code: "quote_gone", DOI: e.DOI, Detail: fmt.Sprintf("claim %s: %s quote and its section %q are gone from %s's full text", claim, what, qc.Section, e.ID)})
	}
}

func matches(text, quote string) bool {
	if text == "" {
		return false
	}
	_, p := gates.MatchQuote(text, quote)
	return p.OK()
}
