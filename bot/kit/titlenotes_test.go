package kit

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// oldNotes are notes as a build before title notes wrote them: a title's
// bookkeeping in fields of Notes and of its undo point.
const oldNotes = `{"orders":{"2":{"max":9}},"auctionFrom":13,"difficulty":["deep-pockets"],` +
	`"undo":{"seat":1,"from":12,"to":13,"orders":{"2":{"max":5}}},"epoch":2}`

type testTitle struct {
	Orders      map[int]struct{ Max int } `json:"orders,omitempty"`
	AuctionFrom int                       `json:"auctionFrom,omitempty"`
	Difficulty  []string                  `json:"difficulty,omitempty"`
}

func keysOf(t *testing.T, b []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestOldFieldsTakenOver: the old fields read through TitleNotes and
// UndoTitle, survive a write that does not set the title notes, and go
// with the first SetTitleNotes, which keeps what they said.
func TestOldFieldsTakenOver(t *testing.T) {
	var n Notes
	if err := json.Unmarshal([]byte(oldNotes), &n); err != nil {
		t.Fatal(err)
	}
	if n.Epoch != 2 || n.Undo == nil || n.Undo.To != 13 || n.Title != nil {
		t.Fatalf("known fields: %+v", n)
	}
	v, err := TitleNotes[testTitle](n)
	if err != nil || v.Orders[2].Max != 9 || v.AuctionFrom != 13 || !slices.Equal(v.Difficulty, []string{"deep-pockets"}) {
		t.Fatalf("old fields read as %+v (%v)", v, err)
	}
	if u, err := UndoTitle[testTitle](*n.Undo); err != nil || u.Orders[2].Max != 5 {
		t.Fatalf("old undo fields read as %+v (%v)", u, err)
	}
	// A write that leaves the title notes alone keeps the old fields.
	c := n.Clone()
	c.Epoch = 3
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := keysOf(t, b), []string{"auctionFrom", "difficulty", "epoch", "orders", "undo"}; !slices.Equal(got, want) {
		t.Fatalf("a write without the title dropped old fields: %s", b)
	}
	if !strings.Contains(string(b), `"undo":{"from":12,"orders":{"2":{"max":5}},"seat":1,"to":13}`) {
		t.Errorf("the undo point's old field was not kept: %s", b)
	}
	// The title's first write takes them over.
	v.Orders[2] = struct{ Max int }{10}
	if err := SetTitleNotes(&c, v); err != nil {
		t.Fatal(err)
	}
	b, err = json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := keysOf(t, b), []string{"epoch", "title", "undo"}; !slices.Equal(got, want) {
		t.Fatalf("after the title's write: %s", b)
	}
	var back Notes
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Old) != 0 || len(back.Undo.Old) != 0 {
		t.Fatalf("old fields read back: %v, %v", back.Old, back.Undo.Old)
	}
	if v2, _ := TitleNotes[testTitle](back); v2.Orders[2].Max != 10 || v2.AuctionFrom != 13 {
		t.Errorf("title notes read back as %+v", v2)
	}
	if u, _ := UndoTitle[testTitle](*back.Undo); u.Orders[2].Max != 5 {
		t.Errorf("undo copy read back as %+v", u)
	}
	// The original's old fields are its own (Clone copies them).
	if n.Old == nil || n.Title != nil {
		t.Errorf("SetTitleNotes on a clone changed the original: %+v", n)
	}
}
