package orcid

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		give    string
		want    string
		wantErr string
	}{
		{give: "0000-0002-1825-0097", want: "0000-0002-1825-0097"},
		{give: "https://orcid.org/0000-0002-1694-233x", want: "0000-0002-1694-233X"},
		{give: " orcid.org/0000-0001-5109-3700 ", want: "0000-0001-5109-3700"},
		{give: "0000-0002-1825-0098", wantErr: "checksum"},
		{give: "0000-0002-1694-2339", wantErr: "check digit should be X"},
		{give: "0000000218250097", wantErr: "not of the form"},
		{give: "0000-0002-1825-009", wantErr: "not of the form"},
		{give: `0000-0002-1825-0097" OR "x`, wantErr: "not of the form"},
		{give: "", wantErr: "not of the form"},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			got, err := Normalize(tt.give)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Normalize(%q) = %q, %v; want error containing %q", tt.give, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", tt.give, got, err, tt.want)
			}
		})
	}
}
