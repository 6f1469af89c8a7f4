package imaging

import "testing"

// TestMarks: a mark is a number on the picture and the same number
// circled in the menu; anything with a letter is refused, seat letters
// above all.
func TestMarks(t *testing.T) {
	for n, want := range map[int]string{1: "①", 9: "⑨", 20: "⑳", 21: "㉑", 35: "㉟", 36: "㊱", 50: "㊿", 51: "(51)"} {
		if got := MarkLabel(n); got != want {
			t.Errorf("MarkLabel(%d) = %q, want %q", n, got, want)
		}
		if err := CheckMark(Mark(n)); err != nil {
			t.Errorf("Mark(%d): %v", n, err)
		}
	}
	bad := []string{"", "1a", "1234", "١"}
	for s := 0; s <= LordSeat; s++ {
		_, letter, _ := Seat(s)
		bad = append(bad, letter)
	}
	for _, m := range bad {
		if CheckMark(m) == nil {
			t.Errorf("CheckMark(%q) accepts it", m)
		}
	}
}
