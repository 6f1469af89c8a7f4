package playtest

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestPhoneModel checks the phone model of issue 25 on a post built by
// hand: a 1000 × 1300 picture is 520 px at 400 px wide; four lines of
// text, one of them 90 characters (three lines at 44), a mention counted
// as "@Player"; a row of buttons and a select.
func TestPhoneModel(t *testing.T) {
	text := "<@100000000000000001> — your turn\n" + strings.Repeat("x", 90) + "\n\n**bold** end"
	if n := WrappedLines(text); n != 6 {
		t.Errorf("WrappedLines = %d, want 6 (1 + 3 + 1 + 1)", n)
	}
	if n := TextLines(text); n != 4 {
		t.Errorf("TextLines = %d, want 4", n)
	}
	if n := WrappedLines(strings.Repeat("é", 44)); n != 1 {
		t.Errorf("44 characters wrap into %d lines, want 1 (runes, not bytes)", n)
	}
	if got := Readable("<@123> **hi**"); got != "@Player hi" {
		t.Errorf("Readable = %q", got)
	}
	if got := Readable("default move <t:1772366400:R>"); got != "default move in 2 days" {
		t.Errorf("Readable of a timestamp = %q", got)
	}
	files := []fakediscord.File{{Name: "board.png", Data: pngOf(t, 1000, 1300)}, {Name: "x.png", Data: []byte("\x89PNG placeholder")}, {Name: "a.txt", Data: []byte("no")}}
	hs := pictureHeights(files)
	if len(hs) != 2 || hs[0] != 520 || hs[1] != 0 {
		t.Errorf("picture heights %v, want [520 0]", hs)
	}
	body, _ := json.Marshal(map[string]any{"content": text, "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "label": "Play", "custom_id": "a"}, map[string]any{"type": 2, "label": "Undo", "custom_id": "b"}}},
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 3, "custom_id": "s", "options": []any{map[string]any{"label": "x", "value": "x"}}}}},
	}})
	m := &msg{}
	m.merge(body)
	br, sel := m.rows()
	if br != 1 || sel != 1 {
		t.Fatalf("rows: %d button rows, %d selects; want 1 and 1", br, sel)
	}
	if h := PhoneHeight(m.text(), hs, m.controlsPx()); h != 520+6*20+44+56 {
		t.Errorf("PhoneHeight = %d, want %d", h, 520+6*20+44+56)
	}
	// Wrapped labels count: 16 px + 7.5 px a character (+20 an emoji),
	// a row wrapping at 368 px.
	long := strings.Repeat("x", 30) // 241 px: two cannot share a line
	for _, c := range []struct {
		labels []string
		want   int
	}{
		{[]string{"Play", "Undo"}, 44},
		{[]string{long, long}, 88},
		{[]string{long, long, long}, 132},
		{[]string{strings.Repeat("x", 60)}, 44 + 20},       // 466 px: its label wraps once
		{[]string{"🔥" + strings.Repeat("x", 44)}, 44 + 20}, // 16 + 45 × 7.5 + 20 = 373.5 px
		{[]string{strings.Repeat("x", 46)}, 44},            // 361 px
	} {
		if got := kit.ButtonRowPx(c.labels); got != c.want {
			t.Errorf("ButtonRowPx(%q) = %d, want %d", c.labels, got, c.want)
		}
	}
	if md, mx := medianMax([]int{900, 100, 500, 700}); md != 500 || mx != 900 {
		t.Errorf("medianMax = %d, %d; want 500, 900", md, mx)
	}
	if md, mx := medianMax(nil); md != 0 || mx != 0 {
		t.Errorf("medianMax(nil) = %d, %d", md, mx)
	}
}
