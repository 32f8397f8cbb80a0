// Package strictyaml decodes YAML configuration strictly and says what is
// wrong in the user's terms: an unknown key by its dotted path
// ("oracles.polcy") with the nearest valid key, a value of the wrong type by
// its key and the kind of value expected ("a whole number"), never a Go type
// name.
//
// It walks the YAML node tree against the target's struct fields before
// yaml.v3 decodes it, so the check also applies to a section that its owner
// decodes from a *yaml.Node (call Decode with the section's path). A field
// whose type decodes itself (yaml.Unmarshaler, yaml.Node, interface) is left
// to its owner; yaml.v3's own errors for it are rewritten the same way, with
// the key path found from the line.
//
// It lives under internal/ and imports nothing of the project, so configs
// and the oracle packages (which configs imports) can both use it.
package strictyaml
