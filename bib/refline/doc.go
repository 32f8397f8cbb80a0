// Package refline reads the authors (the whole list, "et al." kept), title,
// year, venue, volume, issue and pages of a reference as people write it in
// Markdown or plain text: APA and Harvard
// ("Family, A. B. (2019). Title. Journal…"), author–year lists ("Family &
// Other (2019) — *Title.*"), Vancouver/NLM ("Family AB, Other C. Title.
// Journal. 2019;12:45–67."), Nature ("Family, A. B. & Other, C. Title.
// Journal 12, 45–67 (2019).") and quoted titles (Chicago, IEEE, MLA),
// numbered or bulleted, with Markdown emphasis and links.
//
// `check` compares what a line says with the record of the line's DOI and
// calls a differing paper a mismatch, so a wrong parse would accuse a
// correct reference. Parse therefore answers only when the line's shape
// leaves no doubt where the title and the year are; any other line is
// refused (Read says why), and its DOI is checked for existence only. A field it cannot
// place (a year only in a volume, several different years) is left empty
// rather than guessed, so it is not compared.
package refline
