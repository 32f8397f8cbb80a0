package gates

import "github.com/citeloop/citeloop/contract"

// MaxQuoteWords is the longest quote the gate accepts: contract.MaxQuoteWords,
// which the offline writer shares.
const MaxQuoteWords = contract.MaxQuoteWords
