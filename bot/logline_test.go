package bot

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// TestLogLineJSON: notes written before log lines had messages (plain
// strings) still read; a line without a message is written the old way;
// one with a message comes back whole and renders in the table's language.
func TestLogLineJSON(t *testing.T) {
	var n kit.Notes
	if err := json.Unmarshal([]byte(`{"pending":["{P0} bids £3.","The game begins."]}`), &n); err != nil {
		t.Fatal(err)
	}
	if len(n.Pending) != 2 || n.Pending[0].Text != "{P0} bids £3." || !n.Pending[0].Message.IsZero() {
		t.Fatalf("old notes: %+v", n.Pending)
	}
	b, err := json.Marshal(kit.LogLine{Text: "x"})
	if err != nil || string(b) != `"x"` {
		t.Fatalf("a line without a message: %s %v", b, err)
	}
	in := []kit.LogLine{kit.TakesBack(2), kit.GameBegins(), {Text: "plain"}}
	b, err = json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out []kit.LogLine
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if got, want := out[0].Say(i18n.Localizer("pl")), "{P2} cofa swój ostatni ruch."; got != want {
		t.Errorf("pl: %q, want %q", got, want)
	}
	for i := range in {
		if in[i].Say(i18n.Localizer("en")) != in[i].Text || out[i].Say(i18n.Localizer("en")) != in[i].Text {
			t.Errorf("line %d: English %q, catalogue %q", i, in[i].Text, in[i].Say(i18n.Localizer("en")))
		}
	}
	if !reflect.DeepEqual(out[1], in[1]) || !reflect.DeepEqual(out[2], in[2]) {
		t.Errorf("round trip: %+v", out)
	}
}
