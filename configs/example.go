package configs

import _ "embed"

//go:embed citeloop.example.yaml
var example []byte

// Example returns the documented example configuration (every key, its
// default and why), which `citeloop config init` writes for the user.
func Example() []byte { return append([]byte(nil), example...) }
