package bot

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// publicText is a set of public log lines as posts tell them: a line
// whole, or as a part of a turn's line (kit.Turn.Line: parts joined by
// "; " or ". " (turnParts), each but the first without the seat's name before it, each but
// the last without its final stop, the first after "Seat: " when the line
// does not start with the seat).
type publicText map[string]bool

func newPublicText(lines ...string) publicText {
	p := publicText{}
	for _, l := range lines {
		p.add(l)
	}
	return p
}

// add marks line public, with every tail of it after a space, each with
// and without its final stop.
func (p publicText) add(line string) {
	line = strings.TrimSpace(line)
	p[line], p[strings.TrimRight(line, ". ")] = true, true
	for i := 0; i < len(line); i++ {
		if line[i] == ' ' {
			tail := line[i+1:]
			p[tail], p[strings.TrimRight(tail, ". ")] = true, true
		}
	}
}

// has reports whether a post's line is public: whole, or as parts each
// public (a part may itself hold "; ").
func (p publicText) has(line string) bool {
	if p[line] {
		return true
	}
	parts, seps := turnParts(line)
	ok := make([]bool, len(parts)+1) // ok[i]: parts[i:] are public
	ok[len(parts)] = true
	for i := len(parts) - 1; i >= 0; i-- {
		for j := i + 1; j <= len(parts) && !ok[i]; j++ {
			s := parts[i]
			for k := i + 1; k < j; k++ {
				s += seps[k-1] + parts[k]
			}
			if p[s] {
				ok[i] = ok[j]
			} else if _, rest, cut := strings.Cut(s, ": "); cut && i == 0 && p[rest] {
				ok[i] = ok[j]
			}
		}
	}
	return ok[0]
}

// turnParts cuts a turn's line where kit.Turn.Line joined its parts: at
// "; ", and at ". " before a capital (a part that is a sentence of its
// own); seps[k] stood between parts[k] and parts[k+1].
func turnParts(line string) (parts, seps []string) {
	from := 0
	for i := 0; i+2 <= len(line); i++ {
		sep := line[i : i+2]
		if sep != "; " && (sep != ". " || !startsUpper(line[i+2:])) {
			continue
		}
		parts, seps = append(parts, line[from:i]), append(seps, sep)
		from = i + 2
		i++
	}
	return append(parts, line[from:]), seps
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// tells reports whether content tells line, whole or as a part of a turn
// line: without its final stop, or without seat (its subject) before it.
func tells(content, line, seat string) bool {
	for _, l := range []string{line, strings.TrimPrefix(line, seat+" ")} {
		if strings.Contains(content, l) || strings.Contains(content, strings.TrimRight(l, ". ")+";") {
			return true
		}
	}
	return false
}

// checkResultLine: the final post's first line ranks every seat in order
// with its points, each by its letter (the breakdown's columns) and its
// mention: "🏆 O <@1> wins with 28 points — B <@2> 7".
func checkResultLine(t *testing.T, content string, tb kit.Table, ranking, scores []int) {
	t.Helper()
	first, _, _ := strings.Cut(content, "\n")
	rest := first
	for place, k := range ranking {
		seat := kit.SeatLetterOf(i18n.Localizer(i18n.English), k) + " " + kit.MentionOf(tb, k)
		want := fmt.Sprintf("%s %d", seat, scores[k])
		if place == 0 {
			want = fmt.Sprintf("%s wins with %d point", seat, scores[k])
		}
		_, after, ok := strings.Cut(rest, want)
		if !ok {
			t.Errorf("the final post's first line lacks %q after the seats before:\n%s", want, content)
			return
		}
		rest = after
	}
}

// checkFinishedBoardCommand: /tt board at a finished table shows the
// final board and pings nobody, with no buttons, and the final post stays
// the table's board (issue 37).
func checkFinishedBoardCommand(t *testing.T, h *harness, id, finalID string) {
	t.Helper()
	posts := boardPosts(t, h.command(players[1], 0, "board", nil))
	if len(posts) != 1 {
		t.Fatalf("/tt board at a finished table posted %d messages", len(posts))
	}
	p := posts[0]
	if p.AllowedMentions == nil || len(p.AllowedMentions.Users) > 0 || len(p.AllowedMentions.Parse) > 0 {
		t.Errorf("/tt board at a finished table may ping: %+v\n%s", p.AllowedMentions, p.Content)
	}
	if len(p.all()) > 0 {
		t.Errorf("/tt board at a finished table has buttons: %+v", p.all())
	}
	if b := h.table(id).BoardMsg; b != finalID {
		t.Errorf("/tt board made message %s the finished table's board (was %s)", b, finalID)
	}
}
