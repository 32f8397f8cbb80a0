package httpx

import "github.com/citeloop/citeloop/oracles"

// OptionsFrom builds the Options an oracle's Factory derives from registry
// settings: Contact, Timeout, MaxAttempts, RatePerSecond, MaxConcurrent,
// MaxBodyBytes, Logger (s.Log(), never nil) and, when s.HTTPClient is set,
// its Transport. Every other field, Name included, is left zero for the
// oracle to set; zero fields take their defaults in New.
func OptionsFrom(s oracles.Settings) Options {
	o := Options{
		Contact:       s.Contact,
		Timeout:       s.Timeout,
		MaxAttempts:   s.MaxAttempts,
		RatePerSecond: s.RatePerSecond,
		MaxConcurrent: s.MaxConcurrent,
		MaxBodyBytes:  s.MaxBodyBytes,
		Logger:        s.Log(),
	}
	if s.HTTPClient != nil {
		o.Transport = s.HTTPClient.Transport
	}
	return o
}
