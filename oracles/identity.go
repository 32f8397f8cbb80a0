package oracles

// Identifier is an optional capability: an oracle that implements it names
// every setting that can change its answers (its base URL, a mirror, a
// corpus's content), so that a cache never serves one oracle's answer to
// another of the same name. Credentials and contact addresses are not part
// of an identity: they change who asks, not what the answer is.
type Identifier interface {
	Identity() string
}

// IdentityOf is o's identity: Identity() when o implements Identifier,
// else its name.
func IdentityOf(o Oracle) string {
	if id, ok := o.(Identifier); ok {
		if s := id.Identity(); s != "" {
			return s
		}
	}
	return o.Name()
}
