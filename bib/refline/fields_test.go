package refline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadFields: the whole author list and the venue of each style, as
// the held-out and real reference lists write them.
func TestReadFields(t *testing.T) {
	type fields struct {
		Authors                       []string
		Journal, Volume, Issue, Pages string
		Preprint                      bool
	}
	tests := []struct {
		name, give string
		want       fields
	}{
		{"apa", "Rihani, R., Awidi, A., & Sultan, I. (2025). Advancing pediatric cancer care in Jordan: A strategic 10-year roadmap. *The Lancet Child & Adolescent Health*, *9*(7), 497–507. https://doi.org/10.1016/x",
			fields{Authors: []string{"Rihani, R.", "Awidi, A.", "Sultan, I."}, Journal: "The Lancet Child & Adolescent Health", Volume: "9", Issue: "7", Pages: "497–507"}},
		{"apa initials without spaces", "Marcolino, M.S., Oliveira, J.A.Q. and Novillo-Ortiz, D. (2018) 'The impact of mHealth interventions: systematic review of systematic reviews', *JMIR mHealth and uHealth*, 6(1), p. e23. doi:10.2196/mhealth.8873.",
			fields{Authors: []string{"Marcolino, M.S.", "Oliveira, J.A.Q.", "Novillo-Ortiz, D."}, Journal: "JMIR mHealth and uHealth", Volume: "6", Issue: "1", Pages: "e23"}},
		{"apa preprint", "Christensen, G., & Miguel, E. (2017). *Transparency, reproducibility, and the credibility of economics research* [Preprint]. MetaArXiv. https://doi.org/10.31222/osf.io/9a3rw",
			fields{Authors: []string{"Christensen, G.", "Miguel, E."}, Journal: "MetaArXiv", Preprint: true}},
		{"apa volume only", "Luo, A., & Khalis, M. (2025). Challenges to women's cancer control in Morocco: A qualitative study. *Primary Health Care Research & Development*, *26*, e47.",
			fields{Authors: []string{"Luo, A.", "Khalis, M."}, Journal: "Primary Health Care Research & Development", Volume: "26", Pages: "e47"}},
		{"vancouver", "Stringer EJ, Cloke RWG, Van der Meer L, Lum JJ. The clinical impact of time-restricted eating on cancer. Nutr Rev. 2025;83(7):e1660-76. doi:10.1093/nutrit/nuae105",
			fields{Authors: []string{"Stringer EJ", "Cloke RWG", "Van der Meer L", "Lum JJ"}, Journal: "Nutr Rev", Volume: "83", Issue: "7", Pages: "e1660-76"}},
		{"vancouver et al.", "Carreras G, Possenti I, Malevolti MC, et al. Second-hand smoke and bladder cancer risk among nonsmokers: a systematic review. Eur J Cancer Prev. 2025. doi:10.1097/x",
			fields{Authors: []string{"Carreras G", "Possenti I", "Malevolti MC", "et al."}, Journal: "Eur J Cancer Prev"}},
		{"nature", "Ousmane, D. et al. Mendelian randomization analysis of modifiable risk factors for breast cancer. *Discov. Oncol.* **16**, 1123 (2025). https://doi.org/10.1007/x",
			fields{Authors: []string{"Ousmane, D.", "et al."}, Journal: "Discov. Oncol", Volume: "16", Pages: "1123"}},
		{"nature preprint", "Burke, S. et al. The impact of rising temperatures on the prevalence of coral diseases. Preprint at EcoEvoRxiv (2023).",
			fields{Authors: []string{"Burke, S.", "et al."}, Journal: "EcoEvoRxiv", Preprint: true}},
		{"ieee", `[1] G. Deiana, J. He, and R. Polimanti, “Brain-wide pleiotropy investigation of alcohol drinking and tobacco smoking behaviors,” medRxiv, 2024, doi: 10.1101/x.`,
			fields{Authors: []string{"G. Deiana", "J. He", "R. Polimanti"}, Journal: "medRxiv", Preprint: true}},
		{"chicago", `Deschamps, M., M. G. Butler, and J. A. Phillips. 1987. “Analysis of 13q RFLP in Multiple Endocrine Neoplasia Type II Kindreds.” *Cancer Genetics and Cytogenetics* 29 (1): 183–85. https://doi.org/10.1016/x.`,
			fields{Authors: []string{"Deschamps, M.", "M. G. Butler", "J. A. Phillips"}, Journal: "Cancer Genetics and Cytogenetics", Volume: "29", Issue: "1", Pages: "183–85"}},
		{"harvard comma year", "Smith, J., Jones, K., 2019. Charges ride the spin wave. Nat. Phys. 12, 45–67. https://doi.org/10.1/x",
			fields{Authors: []string{"Smith, J.", "Jones, K."}, Journal: "Nat. Phys", Volume: "12", Pages: "45–67"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("not read: %s", why)
			}
			got := fields{r.Authors, r.Journal, r.Volume, r.Issue, r.Pages, r.Preprint}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Read (-want +got):\n%s", d)
			}
		})
	}
}
