package tinnersimg

import (
	"fmt"
	"testing"
)

// TestKindNames holds that every kind has its own name for the goldens,
// and that a value that is no kind says so.
func TestKindNames(t *testing.T) {
	seen := map[string]Kind{}
	for k := KindCell; k <= KindCard; k++ {
		s := k.String()
		if s == "" || s == kindOutOfRange(k) {
			t.Errorf("kind %d has no name", int(k))
		}
		if o, ok := seen[s]; ok {
			t.Errorf("kinds %d and %d are both %q", int(o), int(k), s)
		}
		seen[s] = k
	}
	if int(KindCard) != len(kindNames)-1 {
		t.Errorf("KindCard = %d, but %d names: a new kind goes last, with its name", KindCard, len(kindNames))
	}
	for _, k := range []Kind{0, KindCard + 1} {
		if got := k.String(); got != kindOutOfRange(k) {
			t.Errorf("Kind(%d).String() = %q", int(k), got)
		}
	}
}

func kindOutOfRange(k Kind) string { return fmt.Sprintf("Kind(%d)", int(k)) }
