// Package jats reads a JATS XML article, as Europe PMC's fullTextXML
// serves it, into the text a reader of the article sees, one section at a
// time, and drops what must never be quoted as the article's own words:
// reference lists, acknowledgements, funding, declarations, footnotes and
// the other back matter, wherever the response puts them.
//
// Europe PMC serves two live forms (see testdata/europepmc-fulltext): one
// with a <back> element holding the back matter, and one without it, where
// the back matter comes as <sec> elements at the end of <body>. Read tells
// which form it saw (Article.Form) and treats both alike.
//
// Each Section keeps two texts. Text is the marker-free view: citation
// markers in all three styles ("[1–3]", a superscript "135" after a full
// stop, "(1,2)" and author–year "(Wu et al. 2026)") are removed with the
// brackets that hold them, so "diabetes. The second…" reads as a reader of
// the rendered page copies it. Raw keeps the markers as the text nodes
// spell them ("diabetes.135 The second…"). Numbers are to be read from Text
// only, so a citation marker never backs a number.
//
// Sub- and superscripts are joined to their base without spaces and keep
// their meaning: "10<sup>−4</sup>" reads "10⁻⁴", never "10-4", and
// "H<sub>2</sub>S" reads "H₂S" (a script with no Unicode form reads "^x"
// for a superscript, plain text for a subscript). Inline MathML reads as its
// tokens joined without spaces, scripts as above ("C₀", "Cg"), so a quote
// across a formula verifies when it spells the formula that way. Tables and
// figure legends are sections of their own ("table 2", "figure 1 legend"),
// and the abstract's sections are kept apart from the body's
// ("abstract › Methods" is not "body › 2 Methods").
//
// Read streams the XML with encoding/xml, fetches no DTD or entity, and
// bounds what it holds: the input by Options.MaxBytes and the nesting by
// Options.MaxDepth.
package jats
