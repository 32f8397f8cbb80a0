package main

import "github.com/citeloop/citeloop/check"

// checkReport is the whole `check --format json` answer, as tests read it.
type checkReport struct {
	Files    []string       `json:"files"`
	Summary  map[string]int `json:"summary"`
	Warnings int            `json:"warnings"`
	Causes   []check.Cause  `json:"oracle_errors"`
	ExitCode int            `json:"exit_code"`
	DOIs     []check.Row    `json:"dois"`
}
