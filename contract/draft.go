package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Draft is the writer's output: claims grouped in sections, each citing
// sources by DOI with a short verbatim quote. A writer that cannot support a
// brief from its sources sets Refused and says in Missing what is needed.
type Draft struct {
	Title    string    `json:"title"`
	Sections []Section `json:"sections"`
	Refused  bool      `json:"refused"`
	Missing  string    `json:"missing"`
}

// Section is a headed group of claims.
type Section struct {
	Heading string  `json:"heading"`
	Claims  []Claim `json:"claims"`
}

// Claim is one factual statement with its citations.
type Claim struct {
	ID        string     `json:"id"`
	Text      string     `json:"text"`
	Citations []Citation `json:"citations"`
}

// Citation points a claim at a source by DOI, with a quote that must appear
// verbatim in that source.
type Citation struct {
	DOI   string `json:"doi"`
	Quote string `json:"quote"`
}

// Claims returns every claim of the draft in order.
func (d Draft) Claims() []Claim {
	var out []Claim
	for _, s := range d.Sections {
		out = append(out, s.Claims...)
	}
	return out
}

// Digest is the SHA-256 of the draft's canonical JSON. The gate binds its
// proof to it, so any change to the draft after approval is detected.
func (d Draft) Digest() string { return digestJSON(d) }

func digestJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		// Only types with channels or funcs fail to marshal; ours have none.
		panic(fmt.Sprintf("contract: digest: %v", err))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ErrInvalidJSON is wrapped by every error of ParseDraft and ParseObjections.
var ErrInvalidJSON = errors.New("model output does not match the contract")

// ParseDraft decodes a writer's answer strictly: unknown fields, missing
// required fields, wrong types, trailing data and structural nonsense (a
// claim without id or text, duplicate claim ids) are errors. A refused draft
// needs no sections but must say what is missing.
func ParseDraft(data []byte) (Draft, error) { return parseDraft(data, false) }

// parseDraft is ParseDraft; a repair's answer may hold no claim and a
// blank title (ParseRepair).
func parseDraft(data []byte, repair bool) (Draft, error) {
	var w struct {
		Title    *string `json:"title"`
		Sections *[]struct {
			Heading *string `json:"heading"`
			Claims  *[]struct {
				ID        *string `json:"id"`
				Text      *string `json:"text"`
				Citations *[]struct {
					DOI   *string `json:"doi"`
					Quote *string `json:"quote"`
				} `json:"citations"`
			} `json:"claims"`
		} `json:"sections"`
		Refused *bool   `json:"refused"`
		Missing *string `json:"missing"`
	}
	if err := decodeStrict(data, &w); err != nil {
		return Draft{}, err
	}
	var d Draft
	switch {
	case w.Title == nil:
		return Draft{}, missing("title")
	case w.Sections == nil:
		return Draft{}, missing("sections")
	case w.Refused == nil:
		return Draft{}, missing("refused")
	}
	d.Title, d.Refused = *w.Title, *w.Refused
	if w.Missing != nil {
		d.Missing = *w.Missing
	}
	if err := checkProse("title", d.Title, !d.Refused && !repair); err != nil {
		return Draft{}, err
	}
	// "missing" is a message for the user, never part of a brief: line
	// breaks and tabs may lay it out, other hidden characters may not.
	if err := checkProse("missing", strings.NewReplacer("\n", " ", "\r", " ", "\t", " ").Replace(d.Missing), d.Refused); err != nil {
		return Draft{}, err
	}
	if d.Refused && d.Missing == "" {
		return Draft{}, fmt.Errorf("%w: refused draft must say what is missing", ErrInvalidJSON)
	}
	ids := map[string]bool{}
	for i, s := range *w.Sections {
		if s.Heading == nil {
			return Draft{}, missing(fmt.Sprintf("sections[%d].heading", i))
		}
		if s.Claims == nil {
			return Draft{}, missing(fmt.Sprintf("sections[%d].claims", i))
		}
		if err := checkProse(fmt.Sprintf("sections[%d].heading", i), *s.Heading, false); err != nil {
			return Draft{}, err
		}
		sec := Section{Heading: *s.Heading, Claims: []Claim{}}
		for j, c := range *s.Claims {
			at := fmt.Sprintf("sections[%d].claims[%d]", i, j)
			switch {
			case c.ID == nil || *c.ID == "":
				return Draft{}, missing(at + ".id")
			case c.Text == nil || *c.Text == "":
				return Draft{}, missing(at + ".text")
			case c.Citations == nil:
				return Draft{}, missing(at + ".citations")
			case ids[FoldID(*c.ID)]:
				return Draft{}, fmt.Errorf("%w: %s.id %q is used twice (ids are compared trimmed and case-folded)", ErrInvalidJSON, at, *c.ID)
			}
			ids[FoldID(*c.ID)] = true
			if err := checkProse(at+".id", *c.ID, true); err != nil {
				return Draft{}, err
			}
			if err := checkProse(at+".text", *c.Text, true); err != nil {
				return Draft{}, err
			}
			claim := Claim{ID: *c.ID, Text: *c.Text, Citations: []Citation{}}
			for k, ct := range *c.Citations {
				if ct.DOI == nil {
					return Draft{}, missing(fmt.Sprintf("%s.citations[%d].doi", at, k))
				}
				if ct.Quote == nil {
					return Draft{}, missing(fmt.Sprintf("%s.citations[%d].quote", at, k))
				}
				claim.Citations = append(claim.Citations, Citation{DOI: *ct.DOI, Quote: *ct.Quote})
			}
			sec.Claims = append(sec.Claims, claim)
		}
		d.Sections = append(d.Sections, sec)
	}
	if d.Sections == nil {
		d.Sections = []Section{}
	}
	if !repair && !d.Refused && len(d.Claims()) == 0 {
		return Draft{}, fmt.Errorf("%w: draft has no claims and is not refused", ErrInvalidJSON)
	}
	return d, nil
}

// ObjectionKind classifies a skeptic's objection.
type ObjectionKind string

// The objection kinds of the contract.
const (
	KindUnsupported   ObjectionKind = "unsupported"
	KindExtrapolation ObjectionKind = "extrapolation"
	KindDOIMismatch   ObjectionKind = "doi_mismatch"
	KindOverclaim     ObjectionKind = "overclaim"
	KindOther         ObjectionKind = "other"
)

// ObjectionKinds lists every valid kind, for schemas and validation.
var ObjectionKinds = []ObjectionKind{KindUnsupported, KindExtrapolation, KindDOIMismatch, KindOverclaim, KindOther}

// Objection is one structured complaint about one claim.
type Objection struct {
	ClaimID string        `json:"claim_id"`
	Kind    ObjectionKind `json:"kind"`
	Detail  string        `json:"detail"`
}

// Objections is the skeptic's output. An empty list means no objection.
type Objections struct {
	Objections []Objection `json:"objections"`
}

// ParseObjections decodes a skeptic's answer strictly. The objections field
// is required (an empty list is the only way to say "no objection"), every
// objection needs a claim id and a known kind.
func ParseObjections(data []byte) (Objections, error) {
	var w struct {
		Objections *[]struct {
			ClaimID *string `json:"claim_id"`
			Kind    *string `json:"kind"`
			Detail  *string `json:"detail"`
		} `json:"objections"`
	}
	if err := decodeStrict(data, &w); err != nil {
		return Objections{}, err
	}
	if w.Objections == nil {
		return Objections{}, missing("objections")
	}
	out := Objections{Objections: []Objection{}}
	for i, o := range *w.Objections {
		at := fmt.Sprintf("objections[%d]", i)
		switch {
		case o.ClaimID == nil || *o.ClaimID == "":
			return Objections{}, missing(at + ".claim_id")
		case o.Kind == nil:
			return Objections{}, missing(at + ".kind")
		case !slices.Contains(ObjectionKinds, ObjectionKind(*o.Kind)):
			return Objections{}, fmt.Errorf("%w: %s.kind %q is not one of %v", ErrInvalidJSON, at, *o.Kind, ObjectionKinds)
		case o.Detail == nil:
			return Objections{}, missing(at + ".detail")
		case IsBlank(*o.ClaimID):
			return Objections{}, fmt.Errorf("%w: %s.claim_id %q names no claim", ErrInvalidJSON, at, *o.ClaimID)
		}
		out.Objections = append(out.Objections, Objection{ClaimID: *o.ClaimID, Kind: ObjectionKind(*o.Kind), Detail: *o.Detail})
	}
	return out, nil
}

// ResolveClaims matches every objection to a claim of d, comparing ids
// trimmed and case-folded, and rewrites its claim id to the claim's own. An
// objection that names no claim of the draft is the skeptic breaking its
// contract: it fails the answer (wrapping ErrInvalidJSON) rather than
// vanishing, because a dropped objection is an objection nobody answers.
func (o Objections) ResolveClaims(d Draft) (Objections, error) {
	ids := map[string]string{}
	for _, c := range d.Claims() {
		ids[FoldID(c.ID)] = c.ID
	}
	out := Objections{Objections: make([]Objection, 0, len(o.Objections))}
	for i, ob := range o.Objections {
		id, ok := ids[FoldID(ob.ClaimID)]
		if !ok {
			return Objections{}, fmt.Errorf("%w: objections[%d].claim_id %q names no claim of the draft", ErrInvalidJSON, i, ob.ClaimID)
		}
		ob.ClaimID = id
		out.Objections = append(out.Objections, ob)
	}
	return out, nil
}

func missing(field string) error {
	return fmt.Errorf("%w: required field %s is missing or null", ErrInvalidJSON, field)
}
