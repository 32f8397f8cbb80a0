package agents

import (
	"github.com/citeloop/citeloop/contract"
)

// The JSON schemas sent as structured-output constraints. They mirror
// contract.ParseDraft and contract.ParseObjections, which remain the final
// validation: a provider that ignores the schema still cannot get a bad
// answer through. Every property is required and no other is allowed, the
// subset both Gemini's responseJsonSchema and OpenAI's strict mode accept.

func object(props map[string]any, required ...string) map[string]any {
	return map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
}

func array(items map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": items}
}

func str(desc string) map[string]any {
	return map[string]any{"type": "string", "description": desc}
}

// DraftSchema is the JSON schema of contract.Draft.
func DraftSchema() map[string]any {
	citation := object(map[string]any{
		"doi":   str("DOI of a source, copied exactly from its doi attribute"),
		"quote": str("verbatim excerpt of that source, at most 25 words"),
	}, "doi", "quote")
	claim := object(map[string]any{
		"id":        str("stable claim id such as C1"),
		"text":      str("one factual sentence"),
		"citations": array(citation),
	}, "id", "text", "citations")
	section := object(map[string]any{
		"heading": str("section heading"),
		"claims":  array(claim),
	}, "heading", "claims")
	return object(map[string]any{
		"title":    str("brief title"),
		"sections": array(section),
		"refused":  map[string]any{"type": "boolean"},
		"missing":  str("what evidence is missing; empty unless refused"),
	}, "title", "sections", "refused", "missing")
}

// ObjectionsSchema is the JSON schema of contract.Objections.
func ObjectionsSchema() map[string]any {
	kinds := make([]any, len(contract.ObjectionKinds))
	for i, k := range contract.ObjectionKinds {
		kinds[i] = string(k)
	}
	objection := object(map[string]any{
		"claim_id": str("id of the claim objected to"),
		"kind":     map[string]any{"type": "string", "enum": kinds},
		"detail":   str("what is wrong, precisely"),
	}, "claim_id", "kind", "detail")
	return object(map[string]any{"objections": array(objection)}, "objections")
}
