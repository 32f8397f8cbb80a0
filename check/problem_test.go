package check

import "testing"

// An offline check whose unknown DOIs are all outside its corpus says so;
// any unknown from a real oracle keeps the outage wording.
func TestCheckProblemSaysWhyUnknown(t *testing.T) {
	outside := Row{Verdict: VerdictUnknown, Error: errNotInCorpus.Error()}
	down := Row{Verdict: VerdictUnknown, Error: "europepmc: 503"}
	found := Row{Verdict: VerdictFound}
	tests := []struct {
		name string
		give []Row
		want string
	}{
		{"offline, outside the corpus", []Row{found, outside}, "1 of 2 references unknown: not in the offline corpus"},
		{"an oracle down", []Row{found, down}, "1 of 2 references unknown: europepmc: 503"},
		{"both", []Row{outside, down}, "2 of 2 references unknown: an oracle could not answer"},
		{"both, other order", []Row{down, outside}, "2 of 2 references unknown: an oracle could not answer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Report{DOIs: tt.give, Summary: map[string]int{}}
			for _, row := range tt.give {
				r.Summary[row.Verdict]++
			}
			if got := r.Problem(); got != tt.want {
				t.Errorf("Problem() = %q, want %q", got, tt.want)
			}
		})
	}
}
