package europepmc

import "github.com/citeloop/citeloop/oracles"

var _ oracles.Identifier = (*Client)(nil)

// Identity names the service this client asks: its name and base URL, so a
// cache keeps a mirror's answers apart from the real service's.
func (c *Client) Identity() string { return Name + " " + c.base }
