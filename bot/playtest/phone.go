package playtest

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/png" // the pictures' sizes
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// The phone model of issue 25 is kit's (kit.PhoneHeight's constants): a
// post's height when shown 400 px wide is its pictures' height at that
// width, plus PhoneLinePx per line of text (wrapped at PhoneLineChars
// characters), PhoneRowPx per row of buttons and PhoneSelectPx per select.
const (
	PhoneWidthPx   = kit.PhoneWidthPx
	PhoneLineChars = kit.PhoneLineChars
	PhoneLinePx    = kit.PhoneLinePx
	PhoneRowPx     = kit.PhoneRowPx
	PhoneSelectPx  = kit.PhoneSelectPx
)

// PhoneHeight is the height of a post at PhoneWidthPx wide by the model:
// text is what a reader sees (mentions shown as "@Player"), pictures are
// the heights of its pictures already scaled to PhoneWidthPx, controlsPx
// the height of its buttons and selects (msg.controlsPx).
func PhoneHeight(text string, pictures []int, controlsPx int) int {
	h := PhoneLinePx*WrappedLines(text) + controlsPx
	for _, p := range pictures {
		h += p
	}
	return h
}

// Readable is the text as Discord shows it (kit.Readable).
func Readable(text string) string { return kit.Readable(text) }

// WrappedLines counts the lines of text wrapped at PhoneLineChars
// characters (kit.WrappedLines).
func WrappedLines(text string) int { return kit.WrappedLines(text) }

// TextLines counts the lines of text as written (before wrapping).
func TextLines(text string) int {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0
	}
	return strings.Count(text, "\n") + 1
}

// pictureHeights are the heights at PhoneWidthPx of the PNGs among files
// (a file that is not a decodable PNG, such as a test's placeholder,
// counts 0).
func pictureHeights(files []fakediscord.File) []int {
	var hs []int
	for _, f := range files {
		if !isPNG(f) {
			continue
		}
		c, _, err := image.DecodeConfig(bytes.NewReader(f.Data))
		if err != nil || c.Width == 0 {
			hs = append(hs, 0)
			continue
		}
		hs = append(hs, kit.PicturePx(c.Width, c.Height))
	}
	return hs
}

// rows counts a message's rows of buttons and its selects.
func (m *msg) rows() (buttonRows, selects int) {
	m.eachRow(func(labels []string, sel bool) {
		if sel {
			selects++
		} else if len(labels) > 0 {
			buttonRows++
		}
	})
	return buttonRows, selects
}

// controlsPx is the height of a message's buttons and selects on a phone,
// wrapped labels counted (kit.ButtonRowPx).
func (m *msg) controlsPx() int {
	px := 0
	m.eachRow(func(labels []string, sel bool) {
		if sel {
			px += PhoneSelectPx
		} else {
			px += kit.ButtonRowPx(labels)
		}
	})
	return px
}

// eachRow calls fn with each row of m's components: its buttons' labels
// (an emoji as one emoji character before), or sel for a select.
func (m *msg) eachRow(fn func(labels []string, sel bool)) {
	var tree any
	json.Unmarshal(m.Fields["components"], &tree)
	walk(tree, "", func(c map[string]any, _ string) {
		if num(c["type"]) != typeRow {
			return
		}
		kids, _ := c["components"].([]any)
		var labels []string
		sel := false
		for _, k := range kids {
			k, _ := k.(map[string]any)
			switch t := num(k["type"]); {
			case t == typeButton:
				label, _ := k["label"].(string)
				if e, ok := k["emoji"].(map[string]any); ok && e["name"] != nil && e["name"] != "" {
					label = "🙂" + label
				}
				labels = append(labels, label)
			case t >= typeStringSel && t <= 8:
				sel = true
			}
		}
		fn(labels, sel)
	})
}

// phone measures a public game post at PhoneWidthPx wide.
func (d *driver) phone(m *msg, files []fakediscord.File) {
	br, sel := m.rows()
	h := PhoneHeight(m.text(), pictureHeights(files), m.controlsPx())
	d.heights = append(d.heights, h)
	d.posts = append(d.posts, Post{Text: m.text(), Pings: slices.Clone(m.mentions()), Height: h, Rows: br + sel, Final: d.opt.GameOver(m.text())})
	d.stats.PostHeightMedian, d.stats.PostHeightMax = medianMax(d.heights)
	d.stats.PostsMeasured = len(d.heights)
	if n := TextLines(m.text()); n > d.stats.PostLinesMax {
		d.stats.PostLinesMax = n
	}
}

// Post is one public post of the game as the phone model sees it.
type Post struct {
	Text   string   // what a reader sees as text
	Pings  []string // the users it may ping
	Height int      // px at PhoneWidthPx wide
	Rows   int      // rows of buttons and selects
	Final  bool     // it announces the end (Options.GameOver)
}

// medianMax of xs (the lower median for an even count).
func medianMax(xs []int) (median, maximum int) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := slices.Sorted(slices.Values(xs))
	return s[(len(s)-1)/2], s[len(s)-1]
}

// decision counts a player's interaction during the game (click is false
// for a command): one after which something public changed (the count
// was changes before it) ends a decision.
func (d *driver) decision(click bool, changes int) {
	if d.lobby || !click {
		return
	}
	d.gameClicks++
	if d.publicChanges > changes {
		d.stats.Decisions++
	}
	if d.stats.Decisions > 0 {
		d.stats.ClicksPerDecision = float64(int(float64(d.gameClicks)/float64(d.stats.Decisions)*100+0.5)) / 100
	}
}
