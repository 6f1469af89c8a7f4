package kit

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Pages of `/tt log`: a round's lines (or the whole game's, for a title
// without rounds) that do not fit one message are split into pages, each
// a whole number of lines, and no line is dropped. A page says which it is
// ("Page 2 of 3 — lines 41–80 of 96") and has ◀ Earlier / Later ▶ buttons
// whose custom IDs carry the round and the page:
//
//	tlog:<game>:<round>:<page>   Tinners' Trail
//	glog:<game>:<round>:<page>   every other title (round "a": the whole game)
//
// A page number out of range (an old button, a log that grew) opens the
// last page, the newest lines; so does a button without a page.

// LogBudget is the characters a page's lines may take, leaving room for
// the heading and the page line within Discord's 2000.
const LogBudget = 1990 - 260

// SplitLogPages splits lines into pages of at most budget characters
// (joined by line breaks), filled from the newest line back, so that the
// last page, the one shown first, is full; a single longer line is a page
// of its own, cut.
func SplitLogPages(lines []string, budget int) [][]string {
	var pages [][]string
	var cur []string
	size := 0
	for k := len(lines) - 1; k >= 0; k-- {
		line := lines[k]
		if len([]rune(line)) > budget {
			line = Trunc(line, budget)
		}
		n := len([]rune(line)) + 1
		if len(cur) > 0 && size+n > budget {
			pages = append(pages, cur)
			cur, size = nil, 0
		}
		cur = append([]string{line}, cur...)
		size += n
	}
	if len(cur) > 0 || len(pages) == 0 {
		pages = append(pages, cur)
	}
	slices.Reverse(pages)
	return pages
}

// LogPage is page (clamped; <0: the last) of lines under head, with the
// page line when there is more than one page, and the pager's buttons
// (id gives a page's custom ID) when there are several pages.
func LogPage(l *i18n.Loc, head string, lines []string, page int, id func(page int) string) (string, []discordgo.MessageComponent) {
	pages := SplitLogPages(lines, LogBudget-len([]rune(head)))
	if page < 0 || page >= len(pages) {
		page = len(pages) - 1
	}
	var b strings.Builder
	b.WriteString(head)
	if len(pages) > 1 {
		from := 0
		for _, p := range pages[:page] {
			from += len(p)
		}
		b.WriteString("\n" + l.T("log_page", Args{"Page": page + 1, "Pages": len(pages), "From": from + 1, "To": from + len(pages[page]), "Count": len(lines)}))
	}
	for _, line := range pages[page] {
		b.WriteString("\n" + line)
	}
	if len(pages) <= 1 {
		return Clip(b.String()), nil
	}
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("log_earlier", nil), Style: discordgo.SecondaryButton, CustomID: id(max(page-1, 0)), Disabled: page == 0},
		discordgo.Button{Label: l.T("log_later", nil), Style: discordgo.SecondaryButton, CustomID: id(min(page+1, len(pages)-1)), Disabled: page == len(pages)-1},
	}}
	return Clip(b.String()), []discordgo.MessageComponent{row}
}

// WithPager puts the pager's row above the round buttons, within
// Discord's five rows.
func WithPager(pager, rounds []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := append(append([]discordgo.MessageComponent(nil), pager...), rounds...)
	if len(out) > 5 {
		out = out[:5]
	}
	return out
}
