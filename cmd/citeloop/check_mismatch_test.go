package main

import (
	"fmt"
	"strings"
	"testing"
)

// crossrefWorkMeta is a /works answer with authors and a year.
func crossrefWorkMeta(doi, title string, year int, families ...string) string {
	var authors []string
	for _, f := range families {
		authors = append(authors, fmt.Sprintf(`{"given":"A.","family":%q,"sequence":"first"}`, f))
	}
	return fmt.Sprintf(`{"status":"ok","message-type":"work","message":{"DOI":%q,"title":[%q],"type":"journal-article",`+
		`"issued":{"date-parts":[[%d,5,1]]},"author":[%s]}}`, doi, title, year, strings.Join(authors, ","))
}

// TestCheckTitleSimilarityFlag: a mismatch exits 3, naming the field; the
// title is compared word for word whatever --title-similarity says (it only
// picks search hits), and a value outside (0, 1] is a usage error.
func TestCheckTitleSimilarityFlag(t *testing.T) {
	const d1 = "10.5555/paper.1"
	srv, _ := fakeCrossrefServer(t, map[string]string{
		d1: crossrefWorkMeta(d1, "Charges ride the spin wave: magnon drag in thin films", 2020, "Müller", "Okafor"),
	}, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	doc := writeFile(t, dir, "z.bib", "@article{k,\n  title = {Charges ride the wave of magnons},\n  author = {Müller, A. and Okafor, A.},\n  year = {2020},\n  doi = {"+d1+"}\n}\n")
	for _, args := range [][]string{{"check", doc}, {"check", "--title-similarity", "0.6", doc}} {
		code, stdout, _, _ := runCheckCLI(t, nil, "", append([]string{"--config", cfg}, args...)...)
		if code != exitNotVerified || !strings.Contains(stdout, "mismatch") || !strings.Contains(stdout, "title:") {
			t.Errorf("%v: exit %d\n%s", args, code, stdout)
		}
	}
	good := writeFile(t, dir, "g.bib", "@article{k,\n  title = {Charges ride the spin wave},\n  author = {Müller, A. and Okafor, A.},\n  year = {2020},\n  doi = {"+d1+"}\n}\n")
	if code, stdout, _, _ := runCheckCLI(t, nil, "", "--config", cfg, "check", good); code != exitOK {
		t.Errorf("the right paper, its subtitle left out: exit %d\n%s", code, stdout)
	}
	for _, bad := range []string{"1.5", "0", "-0.2"} {
		code, _, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--title-similarity", bad, doc)
		if code != exitUsage || err == nil || !strings.Contains(err.Error(), "--title-similarity") {
			t.Errorf("--title-similarity %s: exit %d (%v), want a usage error", bad, code, err)
		}
	}
}
