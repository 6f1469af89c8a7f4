package playtest

import (
	"encoding/json"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestStoredOptionsChecked: a game stored without an option asked for (or
// with another value of it) fails the playtest; one with them all (and
// more the table adds, such as the solo flag) passes.
func TestStoredOptionsChecked(t *testing.T) {
	d := &driver{opt: Options{Game: tinners.ID, Titles: tinners.Titles(), GameOptions: []string{"arsenic", "more-mines"}}}
	for _, c := range []struct {
		stored string
		ok     bool
	}{
		{`{"Arsenic":true,"Solo":true,"more-mines":1}`, true},
		{`{"Arsenic":true,"more-mines":2}`, false},
		{`{"more-mines":1}`, false},
		{``, false},
	} {
		err := d.checkStoredOptions(json.RawMessage(c.stored))
		if (err == nil) != c.ok {
			t.Errorf("stored %q: error %v, want ok=%v", c.stored, err, c.ok)
		}
	}
	d.opt.GameOptions = nil
	if err := d.checkStoredOptions(nil); err != nil {
		t.Errorf("no options asked: %v", err)
	}
}
