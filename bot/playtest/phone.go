package playtest

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/png" // the pictures' sizes
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// The phone model of issue 25: a post's height when shown 400 px wide is
// its pictures' height at that width, plus PhoneLinePx per line of text
// (wrapped at PhoneLineChars characters), PhoneRowPx per row of buttons
// and PhoneSelectPx per select.
const (
	PhoneWidthPx   = 400
	PhoneLineChars = 44
	PhoneLinePx    = 20
	PhoneRowPx     = 44
	PhoneSelectPx  = 56
)

// PhoneHeight is the height of a post at PhoneWidthPx wide by the model:
// text is what a reader sees (mentions shown as "@Player"), pictures are
// the heights of its pictures already scaled to PhoneWidthPx, buttonRows
// and selects count its rows of buttons and its selects.
func PhoneHeight(text string, pictures []int, buttonRows, selects int) int {
	h := PhoneLinePx*WrappedLines(text) + PhoneRowPx*buttonRows + PhoneSelectPx*selects
	for _, p := range pictures {
		h += p
	}
	return h
}

var (
	mentionRE  = regexp.MustCompile(`<@!?\d+>`)
	markdownRE = regexp.MustCompile("\\*\\*|__|`|~~|\\|\\|")
	emojiRE    = regexp.MustCompile(`<a?(:\w+:)\d+>`)
	// A Discord timestamp (a deadline in the ask line) shows as a relative
	// time such as "in 2 days".
	timeRE = regexp.MustCompile(`<t:-?\d+(:[tTdDfFR])?>`)
)

// Readable is the text as Discord shows it, near enough for counting:
// mentions become "@Player", timestamps "in 2 days", markdown marks and
// custom emoji ids go.
func Readable(text string) string {
	text = mentionRE.ReplaceAllString(text, "@Player")
	text = timeRE.ReplaceAllString(text, "in 2 days")
	text = emojiRE.ReplaceAllString(text, "$1")
	return markdownRE.ReplaceAllString(text, "")
}

// WrappedLines counts the lines of text wrapped at PhoneLineChars
// characters (an empty line is a line; no text is none).
func WrappedLines(text string) int {
	text = strings.TrimSpace(Readable(text))
	if text == "" {
		return 0
	}
	n := 0
	for _, l := range strings.Split(text, "\n") {
		n += max(1, (utf8.RuneCountInString(l)+PhoneLineChars-1)/PhoneLineChars)
	}
	return n
}

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
		hs = append(hs, (c.Height*PhoneWidthPx+c.Width/2)/c.Width)
	}
	return hs
}

// rows counts a message's rows of buttons and its selects.
func (m *msg) rows() (buttonRows, selects int) {
	var tree any
	json.Unmarshal(m.Fields["components"], &tree)
	walk(tree, "", func(c map[string]any, _ string) {
		if num(c["type"]) != typeRow {
			return
		}
		kids, _ := c["components"].([]any)
		sel, btn := false, false
		for _, k := range kids {
			k, _ := k.(map[string]any)
			switch t := num(k["type"]); {
			case t == typeButton:
				btn = true
			case t >= typeStringSel && t <= 8:
				sel = true
			}
		}
		if sel {
			selects++
		} else if btn {
			buttonRows++
		}
	})
	return buttonRows, selects
}

// phone measures a public game post at PhoneWidthPx wide.
func (d *driver) phone(m *msg, files []fakediscord.File) {
	br, sel := m.rows()
	h := PhoneHeight(m.text(), pictureHeights(files), br, sel)
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
