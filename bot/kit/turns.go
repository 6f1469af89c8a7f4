package kit

import (
	"bytes"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// A turn is a line (issue 37): a post tells what happened since the
// previous one as one line per seat's turn, the actions and what followed
// from them in the order they happened, the seat named once; bookkeeping
// (engine.Kept: a turn's end, a new round, income) is left to the picture
// and /tt log. Only when every turn would make the post taller than a
// phone screen (PhoneMaxPx by the phone model) do the oldest turns give
// way to a pointer saying how many turns /tt log holds.

// Turn is one seat's turn as the log lines tell it: Seat is -1 for a line
// of nobody's turn (the game begins, a move taken back), which stands
// alone.
type Turn struct {
	Seat  int
	Lines []LogLine
}

// TurnsOf groups lines into turns: consecutive lines of one seat's turn
// (LogLine.Turn) make one, unless a line starts a turn (LogLine.Start).
func TurnsOf(lines []LogLine) []Turn {
	var out []Turn
	for _, line := range lines {
		seat := line.Turn - 1
		if n := len(out); seat >= 0 && n > 0 && out[n-1].Seat == seat && !line.Start {
			out[n-1].Lines = append(out[n-1].Lines, line)
			continue
		}
		out = append(out, Turn{Seat: seat, Lines: []LogLine{line}})
	}
	return out
}

// Told are the lines of tr a post tells: all but its bookkeeping, or its
// bookkeeping when that is all it has.
func (tr Turn) Told() []LogLine {
	var out []LogLine
	for _, line := range tr.Lines {
		if line.Kind != engine.Kept {
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		return tr.Lines
	}
	return out
}

// Line is tr as one line in l's language, seats named by names: its told
// lines joined by "; ", each after the first without the seat's name when
// it starts with it ("{P1} builds …; takes a £30 loan …"), and the seat
// named first when the turn does not start with it.
func (tr Turn) Line(l *i18n.Loc, names []string) string {
	s := tr.line(l, names, tr.Told())
	if len([]rune(s)) <= MaxTurnChars {
		return s
	}
	// A turn too long for a post (Lord Wallace drawing card after card):
	// what the seat did, without what followed; then, if still too long,
	// its first parts and how many more /tt log holds.
	var acted []LogLine
	for _, line := range tr.Told() {
		if line.Kind == engine.Acted {
			acted = append(acted, line)
		}
	}
	if len(acted) == 0 {
		acted = tr.Told()
	}
	for n := len(acted); n > 0; n-- {
		s = tr.line(l, names, acted[:n])
		if n < len(acted) {
			s += l.N("phone_turn_more", len(acted)-n, nil)
		}
		if len([]rune(s)) <= MaxTurnChars {
			return s
		}
	}
	return Trunc(s, MaxTurnChars)
}

// MaxTurnChars bounds a turn's line, and the turns of one post together,
// so that a post fits one Discord message (2,000 characters) beside its
// other lines.
const MaxTurnChars = 1400

func (tr Turn) line(l *i18n.Loc, names []string, told []LogLine) string {
	self := ""
	if tr.Seat >= 0 && tr.Seat < len(names) {
		self = names[tr.Seat]
	}
	plain := strings.ReplaceAll(self, "**", "") // a name the title writes itself ("Lord Wallace")
	var parts []string
	other := false // the part before named another seat first
	for k, line := range told {
		s := strings.TrimSpace(engine.FormatLine(line.SayTurn(l), names))
		if self != "" {
			// The seat's name goes after its first part, unless another
			// seat's part came between (then it is said again).
			switch {
			case k > 0 && !other && strings.HasPrefix(s, self+" "):
				s = strings.TrimPrefix(s, self+" ")
			case k > 0 && !other && strings.HasPrefix(s, plain+" "):
				s = strings.TrimPrefix(s, plain+" ")
			case k == 0 && !strings.HasPrefix(s, self) && !strings.HasPrefix(s, plain):
				s = self + ": " + s
			}
		}
		other = slices.ContainsFunc(names, func(n string) bool { return n != "" && n != self && strings.HasPrefix(s, n+" ") })
		parts = append(parts, s)
	}
	var b strings.Builder
	for k, s := range parts {
		if k == len(parts)-1 {
			b.WriteString(s)
			break
		}
		b.WriteString(strings.TrimRight(s, ". "))
		// A part that is a sentence of its own ("No mine has water…",
		// "The tile is revealed…") follows a stop; the seat's next act,
		// its subject dropped, follows "; ".
		if r, _ := utf8.DecodeRuneInString(parts[k+1]); unicode.IsUpper(r) {
			b.WriteString(". ")
		} else {
			b.WriteString("; ")
		}
	}
	return b.String()
}

// TurnLines are lines told one line a turn.
func TurnLines(l *i18n.Loc, lines []LogLine, names []string) []string {
	var out []string
	for _, tr := range TurnsOf(lines) {
		out = append(out, tr.Line(l, names))
	}
	return out
}

// The phone model (issue 25): a post shown 400 px wide is its pictures'
// height at that width, plus PhoneLinePx per line of text wrapped at
// PhoneLineChars characters, PhoneRowPx per row of buttons and
// PhoneSelectPx per select. A post should fit PhoneMaxPx.
const (
	PhoneWidthPx   = 400
	PhoneLineChars = 44
	PhoneLinePx    = 20
	PhoneRowPx     = 44
	PhoneSelectPx  = 56
	PhoneMaxPx     = 900
)

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

// PicturePx is the height of a w×h picture shown PhoneWidthPx wide.
func PicturePx(w, h int) int {
	if w <= 0 {
		return 0
	}
	return (h*PhoneWidthPx + w/2) / w
}

// FitTurns is the account a post shows of turns (each line already told,
// the oldest first), given room px of text by the phone model: every
// turn ("• " before each) when they fit, else the newest that fit after a
// pointer to /tt log saying how many turns it holds (id: a plural
// message with Count). At least the newest turn is kept.
func FitTurns(l *i18n.Loc, turns []string, room int, id string) []string {
	return FitTurnsAfter(l, turns, 0, room, id)
}

// FitTurnsAfter is FitTurns keeping the first keep turns (those a board
// was posted for, which an edit in place must still tell): the turns
// after them give way first, oldest first; only when the kept ones alone
// do not fit do they give way too. The turns shown count at most
// MaxTurnChars characters in all.
func FitTurnsAfter(l *i18n.Loc, turns []string, keep, room int, id string) []string {
	keep = min(max(keep, 0), len(turns))
	// A bound first, from the characters alone (Readable only shortens):
	// most posts fit it, and no line is measured.
	bound, chars := 0, 0
	for _, s := range turns {
		n := utf8.RuneCountInString(s) + 3
		chars += n
		bound += PhoneLinePx * (n/PhoneLineChars + 1 + strings.Count(s, "\n"))
	}
	if bound <= room && chars <= MaxTurnChars || len(turns) < 2 {
		return turns
	}
	px := func(s string) int { return PhoneLinePx * WrappedLines("• "+s) }
	pointer := px(l.N(id, len(turns), nil)) // the longest the pointer gets
	// newest counts the turns of turns[lo:], newest first, that fit in
	// room px and left characters.
	newest := func(lo, room, left int) int {
		n := 0
		for k := len(turns) - 1; k >= lo; k-- {
			p, c := px(turns[k]), utf8.RuneCountInString(turns[k])+3
			if p > room || c > left {
				break
			}
			room, left, n = room-p, left-c, n+1
		}
		return n
	}
	fold := func(from, drop int) []string {
		if drop <= 0 {
			return turns
		}
		out := append(slices.Clone(turns[:from]), l.N(id, drop, nil))
		return append(out, turns[from+drop:]...)
	}
	if keep > 0 {
		keptPx, keptChars := 0, 0
		for _, s := range turns[:keep] {
			keptPx, keptChars = keptPx+px(s), keptChars+utf8.RuneCountInString(s)+3
		}
		if keptPx+pointer <= room && keptChars <= MaxTurnChars {
			if n := newest(keep, room-keptPx, MaxTurnChars-keptChars); n == len(turns)-keep {
				return turns
			}
			n := newest(keep, room-keptPx-pointer, MaxTurnChars-keptChars)
			return fold(keep, len(turns)-keep-n)
		}
	}
	if n := newest(0, room, MaxTurnChars); n == len(turns) {
		return turns
	}
	n := max(1, newest(0, room-pointer, MaxTurnChars)) // the newest turn stays
	return fold(0, len(turns)-n)
}

// PNGPx is the height of a PNG shown PhoneWidthPx wide (0: not a PNG).
func PNGPx(data []byte) int {
	c, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0
	}
	return PicturePx(c.Width, c.Height)
}

// A button on a phone is PhoneButtonPx plus PhoneCharPx per character of
// its label wide (PhoneEmojiPx more per emoji); a row of buttons wraps at
// PhoneRowWidthPx, each line of buttons PhoneRowPx tall, and a label wider
// than a line wraps inside its button, PhoneLinePx a line more.
const (
	PhoneButtonPx   = 16
	PhoneCharPx     = 7.5
	PhoneEmojiPx    = 20
	PhoneRowWidthPx = 368
)

// ButtonPx is the width of a button labelled label on a phone.
func ButtonPx(label string) float64 {
	w := float64(PhoneButtonPx)
	for _, r := range label {
		w += PhoneCharPx
		if isEmoji(r) {
			w += PhoneEmojiPx
		}
	}
	return w
}

// buttonText is b's label with its emoji, as ButtonPx measures it.
func buttonText(b discordgo.Button) string {
	if b.Emoji != nil && b.Emoji.Name != "" {
		return "🙂" + b.Label
	}
	return b.Label
}

func isEmoji(r rune) bool { return r >= 0x1F000 || r >= 0x2600 && r <= 0x27BF }

// ButtonRowPx is the height on a phone of one row of buttons labelled
// labels.
func ButtonRowPx(labels []string) int {
	if len(labels) == 0 {
		return 0
	}
	h, line := PhoneRowPx, 0.0
	for _, lb := range labels {
		w := ButtonPx(lb)
		if w > PhoneRowWidthPx { // the label wraps inside the button
			h += PhoneLinePx * int((w-1)/PhoneRowWidthPx)
			w = PhoneRowWidthPx
		}
		if line > 0 && line+w > PhoneRowWidthPx {
			h += PhoneRowPx
			line = 0
		}
		line += w
	}
	return h
}

// ComponentsPx is the height of comps on a phone: its rows of buttons
// (ButtonRowPx) and PhoneSelectPx per select.
func ComponentsPx(comps []discordgo.MessageComponent) int {
	px := 0
	for _, c := range comps {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			if p, isPtr := c.(*discordgo.ActionsRow); isPtr && p != nil {
				row, ok = *p, true
			}
		}
		if !ok {
			continue
		}
		var labels []string
		sel := false
		for _, k := range row.Components {
			switch b := k.(type) {
			case discordgo.SelectMenu, *discordgo.SelectMenu:
				sel = true
			case discordgo.Button:
				labels = append(labels, buttonText(b))
			case *discordgo.Button:
				labels = append(labels, buttonText(*b))
			}
		}
		if sel {
			px += PhoneSelectPx
		} else {
			px += ButtonRowPx(labels)
		}
	}
	return px
}
