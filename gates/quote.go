package gates

// MaxQuoteWords is the longest quote the gate accepts. A quote longer than
// this is not a quote but a copy, and a cheap way to game containment.
const MaxQuoteWords = 40
