package contract_test

import (
	"errors"
	"testing"

	"github.com/citeloop/citeloop/contract"
)

func TestParseDraft(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		wantErr bool
	}{
		{name: "valid", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","text":"x","citations":[{"doi":"10.1/a","quote":"q"}]}]}],"refused":false,"missing":""}`},
		{name: "refused", give: `{"title":"","sections":[],"refused":true,"missing":"need trials"}`},
		{name: "refused without saying what is missing", give: `{"title":"","sections":[],"refused":true,"missing":""}`, wantErr: true},
		{name: "unknown field", give: `{"title":"T","sections":[],"refused":false,"missing":"","confidence":1}`, wantErr: true},
		{name: "missing refused", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","text":"x","citations":[]}]}]}`, wantErr: true},
		{name: "wrong type", give: `{"title":"T","sections":"none","refused":false}`, wantErr: true},
		{name: "citation without quote", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","text":"x","citations":[{"doi":"10.1/a"}]}]}],"refused":false}`, wantErr: true},
		{name: "duplicate claim id", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","text":"x","citations":[]},{"id":"c1","text":"y","citations":[]}]}],"refused":false}`, wantErr: true},
		{name: "no claims not refused", give: `{"title":"T","sections":[],"refused":false,"missing":""}`, wantErr: true},
		{name: "trailing garbage", give: `{"title":"T","sections":[],"refused":true,"missing":"m"} {}`, wantErr: true},
		{name: "truncated", give: `{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","te`, wantErr: true},
		{name: "free text", give: `Sure! Here is your brief.`, wantErr: true},
		{name: "null", give: `null`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := contract.ParseDraft([]byte(tt.give))
			if tt.wantErr != (err != nil) {
				t.Fatalf("ParseDraft error = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, contract.ErrInvalidJSON) {
				t.Errorf("error %v does not wrap ErrInvalidJSON", err)
			}
		})
	}
}

func TestParseObjections(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		want    int
		wantErr bool
	}{
		{name: "empty list means no objection", give: `{"objections":[]}`, want: 0},
		{name: "one", give: `{"objections":[{"claim_id":"c1","kind":"overclaim","detail":"d"}]}`, want: 1},
		{name: "missing list", give: `{}`, wantErr: true},
		{name: "null list", give: `{"objections":null}`, wantErr: true},
		{name: "unknown kind", give: `{"objections":[{"claim_id":"c1","kind":"vibes","detail":"d"}]}`, wantErr: true},
		{name: "truthy free text", give: `"No objections, looks great!"`, wantErr: true},
		{name: "extra field", give: `{"objections":[],"approved":true}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := contract.ParseObjections([]byte(tt.give))
			if tt.wantErr != (err != nil) {
				t.Fatalf("ParseObjections error = %v, wantErr %v", err, tt.wantErr)
			}
			if len(got.Objections) != tt.want {
				t.Errorf("got %d objections, want %d", len(got.Objections), tt.want)
			}
		})
	}
}

func FuzzParseDraft(f *testing.F) {
	f.Add([]byte(`{"title":"T","sections":[{"heading":"H","claims":[{"id":"c1","text":"x","citations":[{"doi":"10.1/a","quote":"q"}]}]}],"refused":false,"missing":""}`))
	f.Add([]byte(`{"title":"","sections":[],"refused":true,"missing":"m"}`))
	f.Add([]byte(`{"title":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := contract.ParseDraft(data)
		if err != nil {
			return
		}
		if !d.Refused && len(d.Claims()) == 0 {
			t.Fatalf("accepted a non-refused draft with no claims: %s", data)
		}
		if d.Refused && d.Missing == "" {
			t.Fatalf("accepted a refusal that says nothing is missing: %s", data)
		}
		ids := map[string]bool{}
		for _, c := range d.Claims() {
			if c.ID == "" || c.Text == "" || ids[c.ID] {
				t.Fatalf("accepted claim with empty or duplicate id/text: %+v", c)
			}
			ids[c.ID] = true
		}
	})
}

func FuzzParseObjections(f *testing.F) {
	f.Add([]byte(`{"objections":[]}`))
	f.Add([]byte(`{"objections":[{"claim_id":"c1","kind":"overclaim","detail":"d"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := contract.ParseObjections(data)
		if err != nil {
			return
		}
		for _, ob := range o.Objections {
			if ob.ClaimID == "" {
				t.Fatalf("accepted an objection without claim id: %s", data)
			}
		}
	})
}

// TestParseRepairTakesTitleOrHeadingsAlone: a repair's answer may hold no
// claim and a blank title; everything else is as strict as ParseDraft.
func TestParseRepairTakesTitleOrHeadingsAlone(t *testing.T) {
	only := `{"title":"","sections":[{"heading":"New heading","claims":[]}],"refused":false,"missing":""}`
	if _, err := contract.ParseDraft([]byte(only)); err == nil {
		t.Error("ParseDraft took a draft with no claim and a blank title")
	}
	d, err := contract.ParseRepair([]byte(only))
	if err != nil || d.Sections[0].Heading != "New heading" {
		t.Errorf("ParseRepair = %+v, %v", d, err)
	}
	for _, bad := range []string{
		`{"title":"","sections":[],"refused":false,"missing":"","extra":1}`,
		`{"title":"","sections":[{"heading":"\u202e","claims":[]}],"refused":false,"missing":""}`,
		`{"title":"","sections":[{"heading":"h","claims":[{"id":"c1","text":"x","citations":[]},{"id":"C1","text":"y","citations":[]}]}],"refused":false,"missing":""}`,
	} {
		if _, err := contract.ParseRepair([]byte(bad)); err == nil {
			t.Errorf("ParseRepair took %s", bad)
		}
	}
}
