// Package doi is DOI syntax shared by every layer of citeloop: the gate,
// the oracles, the prompts, the renderers and the reference checker all
// normalise and compare DOIs through this one package, so that a DOI the
// gate accepts is the same string everywhere else. It imports nothing of
// the project. What a DOI is (syntax.go) is defined once here, and its
// subpackage extract, which finds DOIs in free text, reads DOIs by it.
package doi
