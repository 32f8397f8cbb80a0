// Package oracletest is the conformance suite every oracles.Oracle passes:
// found only on an exact DOI match, not found only on a proper answer,
// every asked DOI answered, hostile DOIs never sent, and every fault a server
// can inflict (5xx, 429, timeouts, resets, truncated, garbage, HTML and
// oversized bodies, a proxy's HTML or empty 404, a 200 carrying another
// DOI's record) answered Unknown, never Found and never NotFound.
//
// An oracle package runs it from its tests with a Harness that builds the
// oracle against an httptest server and a Handler that speaks the API's real
// wire protocol from recorded fixtures:
//
//	func TestConformance(t *testing.T) {
//		oracletest.Run(t, oracletest.Harness{New: newOracle, Handler: fakeAPI, Known: records})
//	}
package oracletest
