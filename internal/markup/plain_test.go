package markup

import "testing"

func TestPlain(t *testing.T) {
	tests := []struct{ give, want string }{
		{give: "<h4>Background</h4>Patients with cancer suffer.<h4>Methods</h4>We did.", want: "Background: Patients with cancer suffer. Methods: We did."},
		{give: "Hydrogen sulfide (H<sub>2</sub>S) is <i>of</i> interest", want: "Hydrogen sulfide (H₂S) is of interest"},
		{give: "P = 10<sup>-4</sup> and 2<SUP>−12</SUP> and n<sup>a</sup> and x<sup>a b</sup>", want: "P = 10⁻⁴ and 2⁻¹² and n^a and x^(a b)"},
		{give: "C<sub>max</sub> of CO<sub>2</sub> and <sup> </sup>end", want: "Cmax of CO₂ and end"},
		{give: "m<sup><i>2</i></sup> area", want: "m² area"},
		{give: "10<sup>0</sup> and 10<sup>10</sup>", want: "10⁰ and 10¹⁰"},
		{give: "x<sub> </sub>y", want: "x y"},
		{give: "significant (P < .001) and <1 year.<h4>Results</h4>x", want: "significant (P < .001) and <1 year. Results: x"},
		{give: "A &amp; B\n\n  C", want: "A & B C"},
	}
	for _, tt := range tests {
		if got := Plain(tt.give); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}
