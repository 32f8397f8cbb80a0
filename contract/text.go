package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// ErrHiddenCharacters is wrapped (with ErrInvalidJSON) by a parse error for
// prose holding a character a reader does not see as the gate checked it.
var ErrHiddenCharacters = errors.New("hidden_characters")

// ErrBlankText is wrapped (with ErrInvalidJSON) by a parse error for prose
// that holds no visible character.
var ErrBlankText = errors.New("blank text")

// ErrDuplicateKey is wrapped (with ErrInvalidJSON) by a parse error for a
// JSON object that names a key twice: encoding/json would keep only the last
// value, so one of the two would vanish unseen.
var ErrDuplicateKey = errors.New("duplicate key")

// HiddenRune returns the first character of s that renders as something
// other than itself or as nothing: control characters (newline and tab
// included: prose is one line), format characters (bidirectional overrides
// and isolates, zero-width joiners and spaces, the byte-order mark, tag
// characters, the soft hyphen), line and paragraph separators, private-use
// code points and surrogates. A right-to-left override makes a reader see
// other characters than the gate checked, so none of them may reach a brief.
func HiddenRune(s string) (r rune, at int, ok bool) {
	for i, c := range s {
		if isHidden(c) {
			return c, i, true
		}
	}
	return 0, 0, false
}

func isHidden(r rune) bool {
	return r == utf8.RuneError ||
		unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp) ||
		isVariationSelector(r)
}

func isVariationSelector(r rune) bool {
	return unicode.Is(unicode.Variation_Selector, r)
}

// invisibleLetters are letters and symbols that render as blank space.
var invisibleLetters = map[rune]bool{
	'\u115f': true, '\u1160': true, '\u3164': true, '\uffa0': true, // Hangul fillers
	'\u2800': true, // Braille pattern blank
	'\u180e': true, // Mongolian vowel separator
}

// IsBlank reports whether s holds no visible character: only spaces,
// format and control characters, combining marks with nothing to combine
// with, and letters that render as blank.
func IsBlank(s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) || isHidden(r) || unicode.Is(unicode.Mn, r) || invisibleLetters[r] {
			continue
		}
		return false
	}
	return true
}

// RuneName describes r for an error message: "U+202E RIGHT-TO-LEFT OVERRIDE".
func RuneName(r rune) string {
	if name := runenames.Name(r); name != "" && !strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X %s", r, name)
	}
	return fmt.Sprintf("U+%04X", r)
}

// checkProse rejects prose that is blank or holds a hidden character. field
// names the offending field for the error message.
func checkProse(field, s string, required bool) error {
	if r, at, ok := HiddenRune(s); ok {
		return fmt.Errorf("%w: %s holds hidden character %s at byte %d (%w)", ErrInvalidJSON, field, RuneName(r), at, ErrHiddenCharacters)
	}
	if required && IsBlank(s) {
		return fmt.Errorf("%w: %s is blank: it holds no visible character (%w)", ErrInvalidJSON, field, ErrBlankText)
	}
	return nil
}

// decodeStrict decodes one JSON value into v, rejecting duplicate object
// keys at any depth, unknown fields and trailing data.
func decodeStrict(data []byte, v any) error {
	if err := rejectDuplicateKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidJSON, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: trailing data after the JSON value", ErrInvalidJSON)
	}
	return nil
}

// rejectDuplicateKeys walks the tokens of the first JSON value in data and
// fails on an object naming a key twice. Keys are compared the way
// encoding/json matches them to struct fields (case-insensitively), so
// "objections" and "Objections" count as the same key. Syntax errors are
// left to the decoder, which reports them with more context.
func rejectDuplicateKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		object bool
		keys   map[string]bool
		isKey  bool   // the next string token is a key
		key    string // the last key read, for paths
		path   string
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF or a syntax error the decoder will report
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if key, ok := tok.(string); ok && top != nil && top.object && top.isKey {
			folded := foldKey(key)
			if top.keys[folded] {
				return fmt.Errorf("%w: key %q appears twice in %s (%w)", ErrInvalidJSON, key, top.path, ErrDuplicateKey)
			}
			top.keys[folded], top.isKey, top.key = true, false, key
			continue
		}
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			path := "the top-level value"
			switch {
			case top != nil && top.object:
				path = top.key
				if top.path != "the top-level value" {
					path = top.path + "." + top.key
				}
			case top != nil:
				path = top.path + "[]"
			}
			stack = append(stack, &frame{object: d == '{', keys: map[string]bool{}, isKey: d == '{', path: path})
			continue
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return nil
		}
		if top := stack[len(stack)-1]; top.object {
			top.isKey = true
		}
	}
}

// foldKey maps every rune to the smallest rune of its case-folding orbit,
// so keys that encoding/json would match to the same field fold equal
// (including the Kelvin sign and the long s).
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// FoldID is the form in which claim ids are compared: trimmed of spaces and
// case-folded, so an objection to " c2" names claim "C2".
func FoldID(id string) string {
	return foldKey(strings.TrimSpace(id))
}

// The gate's reason codes for the prose around citations.
const (
	// ReasonReferenceInText: the title, a heading or a claim holds a DOI,
	// URL, PMID, PMCID, numeric reference bracket or author–year citation.
	// References appear only as rendered from the ledger.
	ReasonReferenceInText Reason = "reference_in_text"
	// ReasonNumberNotInQuote: a claim writes a number with digits that none
	// of its quotes holds (nor the cited record's publication year).
	ReasonNumberNotInQuote Reason = "number_not_in_quote"
	// ReasonHiddenCharacters: prose holds a control or format character.
	ReasonHiddenCharacters Reason = "hidden_characters"
	// ReasonBlankText: a claim or the title holds no visible character.
	ReasonBlankText Reason = "blank_text"
)

// The reasons of the character rules of prose (see gates).
const (
	// ReasonDisallowedCharacter: prose holds a character outside the
	// allowlist of scientific English, a digit that is not ASCII 0–9 or a
	// combining mark left after NFC.
	ReasonDisallowedCharacter Reason = "disallowed_character"
	// ReasonMixedScript: a word of prose mixes scripts (Latin and Greek
	// count as one), so it reads as another word: "5О%" with a Cyrillic O.
	ReasonMixedScript Reason = "mixed_script"
	// ReasonNotationNotInQuote: a subscript or superscript run ("H₂S"), a
	// Greek letter inside a Latin word ("Aβ-fibre") is in none of the
	// claim's quotes with its neighbours.
	ReasonNotationNotInQuote Reason = "notation_not_in_quote"
)
