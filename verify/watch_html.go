package verify

import (
	"bytes"
	"html/template"
	"path"

	"github.com/citeloop/citeloop/doi"
)

var watchTmpl = template.Must(template.New("watch").Funcs(template.FuncMap{
	"doiURL":    func(d string) string { return "https://doi.org/" + doi.PathEscape(d) },
	"briefHTML": func(p string) string { return path.Join(path.Dir(p), "brief.html") },
	"inc":       func(i int) int { return i + 1 },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>citeloop watch: {{.News}} brief(s) with news</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5}.news{color:#a00}.unknown{color:#a60}</style>
</head><body>
<h1>Retraction watch</h1>
<p>{{.Dir}}, checked {{.CheckedAt.Format "2006-01-02T15:04:05Z07:00"}}: {{len .Briefs}} brief(s), {{.News}} with news, {{.Unknown}} with sources unknown (an oracle could not answer, or a corpus does not hold them).</p>
<ol>
{{range $i, $b := .Briefs}}<li><a href="#brief-{{inc $i}}">{{with $b.Title}}{{.}}{{else}}{{$b.Path}}{{end}}</a>: {{$b.Status}}{{if $b.News}} <strong class="news">news</strong>{{end}}</li>
{{end}}</ol>
{{range $i, $b := .Briefs}}<section id="brief-{{inc $i}}">
<h2>{{with $b.Title}}{{.}}{{else}}{{$b.Path}}{{end}}</h2>
<p><a href="{{briefHTML $b.Path}}">{{$b.Path}}</a>: {{$b.Status}}</p>
{{if $b.News}}<h3 class="news">Since the last watch</h3><ul>
{{range $b.News}}<li class="news">{{.Code}}: {{.Detail}}{{with .DOI}} <a href="{{doiURL .}}">doi:{{.}}</a>{{end}}</li>
{{end}}</ul>{{end}}
{{if $b.Findings}}<h3>All findings</h3><ul>
{{range $b.Findings}}<li class="{{if eq .Code "source_unknown"}}unknown{{end}}">{{.Code}}{{with .Cause}} ({{.}}){{end}}: {{.Detail}}{{with .DOI}} <a href="{{doiURL .}}">doi:{{.}}</a>{{end}}</li>
{{end}}</ul>{{end}}
</section>
{{end}}</body></html>
`))

func renderWatchHTML(rep WatchReport) ([]byte, error) {
	var buf bytes.Buffer
	if err := watchTmpl.Execute(&buf, rep); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
