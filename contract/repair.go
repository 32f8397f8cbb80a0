package contract

// ParseRepair decodes a writer's answer to a repair request as strictly as
// ParseDraft, but the answer may hold no claim (a repair of the title or a
// heading alone returns the fixed title and headings only) and a blank
// title (the title is kept unless the repair asked for a new one).
func ParseRepair(data []byte) (Draft, error) { return parseDraft(data, true) }
