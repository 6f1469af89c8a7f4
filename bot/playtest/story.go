package playtest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Story is what the channel told of the game (issue 37): whether a player
// who reads the posts alone learns what every seat did, and whether the
// private steps fit a phone.
type Story struct {
	// Actions are the record's actions; Told those of them whose every
	// line that a post tells (all but bookkeeping, engine.Kept) some
	// public message of the game shows as last edited, whole or as a part
	// of a turn's line. Untold names the first few that none does.
	Actions int      `json:"actions"`
	Told    int      `json:"actions_told"`
	Untold  []string `json:"untold,omitempty"`
	// PointerPosts counts the game's posts that fold earlier turns (or
	// lines) into a pointer to /tt log.
	PointerPosts int `json:"pointer_posts"`
	// CatchUps counts "since your last move" blocks; CatchUpsCut those
	// that left earlier lines out with no button that opens them.
	CatchUps    int `json:"catch_ups"`
	CatchUpsCut int `json:"catch_ups_cut"`
	// Steps counts private messages with controls (a step of a turn);
	// StepHeightP90 and StepHeightMax are the heights by the phone model
	// of their decision part: the catch-up above a step measured apart.
	Steps         int `json:"private_steps"`
	StepHeightP90 int `json:"private_step_height_p90_px"`
	StepHeightMax int `json:"private_step_height_max_px"`

	stepHeights []int
}

// storyLoc is the table's language in a playtest.
func (d *driver) storyLoc() *i18n.Loc {
	if d.opt.Locale == "pl" {
		return i18n.Localizer(i18n.Polish)
	}
	return i18n.Localizer(i18n.English)
}

// storyStep measures a private message: its catch-up, and its decision
// part when it offers controls (without the catch-up or the account of
// the move just made above it).
func (d *driver) storyStep(m *msg, files []fakediscord.File) {
	l := d.storyLoc()
	text := m.text()
	head := l.T("ui_since_header", nil)
	if strings.HasPrefix(text, head) {
		d.story.CatchUps++
		first, _, _ := strings.Cut(text, "\n")
		button := slices.ContainsFunc(m.clickable(), func(c comp) bool { return c.Label == l.T("since_earlier_button", nil) })
		if strings.TrimSpace(strings.TrimPrefix(first, head)) != "" && !button {
			d.story.CatchUpsCut++
		}
		if _, rest, ok := strings.Cut(text, "\n\n"); ok {
			text = rest
		}
	}
	// The account of the move just made ("Done." and its lines) heads the
	// next step the same way: what happened, measured apart.
	if done := l.T("flow_done", nil); strings.HasPrefix(text, done) {
		if _, rest, ok := strings.Cut(text, "\n\n"); ok {
			text = rest
		} else {
			text = ""
		}
	}
	br, sel := m.rows()
	if br+sel == 0 || d.reading(m) {
		return
	}
	d.story.Steps++
	d.story.stepHeights = append(d.story.stepHeights, PhoneHeight(text, pictureHeights(files), m.controlsPx()))
}

// readingPages are the custom-ID kinds of pages one reads rather than
// decides on: a move's or a catch-up's lines, the log.
var readingPages = []string{"gfull:", "gsince:", "tlog:", "glog:"}

// reading reports whether m's controls only page through something to
// read (no decision: not a step), a way back to the step aside.
func (d *driver) reading(m *msg) bool {
	back := d.storyLoc().T("since_back", nil)
	for _, c := range m.comps() {
		if c.Label != back && !slices.ContainsFunc(readingPages, func(p string) bool { return strings.HasPrefix(c.CustomID, p) }) {
			return false
		}
	}
	return true
}

// stepHeightsDone sets the private steps' p90 and maximum from their heights.
func (s *Story) stepHeightsDone() {
	if len(s.stepHeights) == 0 {
		return
	}
	h := slices.Sorted(slices.Values(s.stepHeights))
	s.StepHeightP90, s.StepHeightMax = h[(len(h)*9+9)/10-1], h[len(h)-1]
}

// storyPost counts a game post's pointer to earlier turns.
func (d *driver) storyPost(m *msg) {
	for _, line := range strings.Split(m.text(), "\n") {
		line = strings.TrimPrefix(line, "> ")
		if strings.HasPrefix(line, "• … ") {
			d.story.PointerPosts++
			return
		}
	}
}

// storyActions checks every action of rec against the public messages of
// the game as last edited: each line a post tells of it must be there.
func (d *driver) storyActions(title engine.Title, h storage.Header, rec *engine.Record) error {
	_, events, last, _, err := kit.GroundsOf(title, rec)
	if err != nil {
		return err
	}
	l := d.storyLoc()
	t := kit.Table{}
	for _, s := range h.Seats {
		t.Seats = append(t.Seats, kit.Seat{UserID: s.UserID, Name: s.Name, Bot: s.Bot})
	}
	names := kit.SeatNamesIn(l, t, last)
	var posts strings.Builder
	for _, id := range d.w.order {
		if m := d.w.msgs[id]; m.Public && !m.Deleted {
			posts.WriteString(m.text() + "\n")
		}
	}
	// The bot writes parentheses nested in others as brackets
	// (bot.flatParens): compare with both as parentheses.
	all := parens.Replace(posts.String())
	d.story.Actions = len(rec.Actions)
	for k, ev := range events {
		untold := ""
		for _, e := range ev {
			if line := engine.FormatLine(kit.EventLine(e).SayTurn(l), names); e.Kind != engine.Kept && !tellsLine(all, line, names) {
				untold = line
				break
			}
		}
		if untold == "" {
			d.story.Told++
		} else if len(d.story.Untold) < 5 {
			d.story.Untold = append(d.story.Untold, fmt.Sprintf("move %d (%s): %q", k+1, rec.Actions[k], untold))
		}
	}
	return nil
}

var parens = strings.NewReplacer("[", "(", "]", ")")

// tellsLine reports whether posts show line: whole, or as a part of a
// turn's line (its final stop dropped before "; ", its subject, a seat's
// name, dropped after one).
func tellsLine(posts, line string, names []string) bool {
	line = parens.Replace(strings.TrimSpace(line))
	cands := []string{line}
	for _, n := range append(slices.Clone(names), "Lord Wallace") {
		n = parens.Replace(n)
		if rest, ok := strings.CutPrefix(line, n+" "); ok {
			cands = append(cands, rest)
		}
	}
	for _, c := range cands {
		if strings.Contains(posts, c) || strings.Contains(posts, strings.TrimRight(c, ". ")+";") {
			return true
		}
	}
	return false
}
