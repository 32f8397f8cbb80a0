package extract

// FirstRaw returns the first DOI in text as written (its Found.Raw), or ""
// when text holds none: the DOI finder contract.ReferenceIn takes.
func FirstRaw(text string) string {
	if found := Extract(text); len(found) > 0 {
		return found[0].Raw
	}
	return ""
}
