package contract

// MaxQuoteWords is the longest quote the gate accepts. A quote longer than
// this is not a quote but a copy, and a cheap way to game containment. It
// lives here, below the gate, so the offline writer can keep to it too.
const MaxQuoteWords = 40
