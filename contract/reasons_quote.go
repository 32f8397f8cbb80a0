package contract

// Reason codes of the quote rules (see gates): a quote must be informative,
// in the authoritative text, and from a source that is evidence.
const (
	// ReasonQuoteTooShort: the quote has too few words, or only stop
	// words, numbers and punctuation, to prove anything.
	ReasonQuoteTooShort Reason = "quote_too_short"
	// ReasonSourceTextMismatch: the quote is in the --sources file's text
	// but not in the text the oracle returns for the DOI.
	ReasonSourceTextMismatch Reason = "source_text_mismatch"
	// ReasonNotEvidence: the source is an erratum, correction or
	// retraction notice, which is never citable evidence.
	ReasonNotEvidence Reason = "not_evidence"
)
