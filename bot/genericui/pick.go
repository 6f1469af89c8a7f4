package genericui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Pick several (engine.Pick): the legal actions whose labels name one
// group are shown at the root of the private step as one multi-select,
// gs:<game>:<tok>:p<n>, whose values are "a:<action>" and, for the c-th
// copy of an action that may be picked c times, "a:<action>#<c>". The
// picks are played as one batch in the order of Legal, followed by the
// group's End action when it is still legal then.

// maxPickGroups bounds the multi-selects of one step; the picks of a
// further group (or of one with more options than a select holds) are
// offered one at a time, as any other action.
const maxPickGroups = 2

// pickGroup is one choice of several: members index Legal (End excluded),
// in its order.
type pickGroup struct {
	pick    engine.Pick // the first member's: Group, Min, Max
	members []int
	options int // copies counted
}

func pickTimes(p engine.Pick) int { return max(1, p.Times) }

// bounds is how many options the group's select lets the seat pick.
func (g pickGroup) bounds() (lo, hi int) {
	hi = min(max(g.pick.Max, 1), g.options)
	return min(max(g.pick.Min, 1), hi), hi
}

// pickGroups gathers the picks among labels into at most maxPickGroups
// groups of at most selectSize options, in the order of Legal; taken marks
// their members.
func pickGroups(labels []engine.Label) ([]pickGroup, map[int]bool) {
	var gs []pickGroup
	at := map[string]int{}
	for k, lab := range labels {
		p := lab.Pick
		if p.Group.IsZero() || p.End {
			continue
		}
		j, ok := at[p.Group.String()]
		if !ok {
			j = len(gs)
			at[p.Group.String()] = j
			gs = append(gs, pickGroup{pick: p})
		}
		gs[j].members = append(gs[j].members, k)
		gs[j].options += pickTimes(p)
	}
	var out []pickGroup
	taken := map[int]bool{}
	for _, g := range gs {
		if len(out) == maxPickGroups || g.options > selectSize {
			continue
		}
		out = append(out, g)
		for _, k := range g.members {
			taken[k] = true
		}
	}
	return out, taken
}

// pickName is member k's option label: its path words below those all
// members of the group share, else its line.
func pickName(l *i18n.Loc, labels []engine.Label, g pickGroup, k int) string {
	common := len(labels[g.members[0]].PathMessages)
	for _, j := range g.members[1:] {
		p, q := labels[g.members[0]].PathMessages, labels[j].PathMessages
		n := 0
		for n < min(len(p), len(q)) && p[n].String() == q[n].String() {
			n++
		}
		common = min(common, n)
	}
	lab := labels[k]
	if common >= len(lab.PathMessages) {
		return labelLine(l, lab)
	}
	var ws []string
	for d := common; d < len(lab.PathMessages); d++ {
		ws = append(ws, pathWord(l, lab, d))
	}
	return strings.Join(ws, " · ")
}

// pickCopy is the c-th copy's option label (c >= 2), its mark kept within
// Discord's 100 characters.
func pickCopy(l *i18n.Loc, name string, c int) string {
	mark := l.T("g_pick_copy", kit.Args{"Label": "", "N": c})
	return l.T("g_pick_copy", kit.Args{"Label": kit.Trunc(name, 100-len([]rune(mark))), "N": c})
}

// pickMenu is group g's part of a private step (number n among the step's
// groups): its lines of text and its multi-select.
func pickMenu(l *i18n.Loc, t kit.Table, mt engine.Match, legal []engine.Action, labels []engine.Label, g pickGroup, n int) (string, discordgo.MessageComponent) {
	lo, hi := g.bounds()
	group := l.Message(g.pick.Group, "")
	var b strings.Builder
	if lo == hi {
		b.WriteString(l.T("g_pick_head_exact", kit.Args{"Group": group, "Count": lo}))
	} else {
		b.WriteString(l.T("g_pick_head", kit.Args{"Group": group, "Min": lo, "Max": hi}))
	}
	var so []discordgo.SelectMenuOption
	for _, k := range g.members {
		name, line := pickName(l, labels, g, k), labelLine(l, labels[k])
		for c := 1; c <= pickTimes(labels[k].Pick); c++ {
			label, value := kit.Trunc(name, 100), "a:"+legal[k].String()
			if c > 1 {
				label, value = pickCopy(l, name, c), value+"#"+strconv.Itoa(c)
			}
			if len(so) < maxMenuLines {
				fmt.Fprintf(&b, "\n• **%s** — %s", kit.Trunc(kit.NameReplacer.Replace(label), 60), line)
			}
			so = append(so, discordgo.SelectMenuOption{Label: label, Description: kit.Trunc(line, 100), Value: value})
		}
	}
	if len(so) > maxMenuLines {
		b.WriteString("\n" + l.N("g_menu_more", len(so)-maxMenuLines, nil))
	}
	ph := l.T("g_pick_placeholder", kit.Args{"Min": lo, "Max": hi})
	if lo == hi {
		ph = l.T("g_pick_placeholder_exact", kit.Args{"Count": lo})
	}
	return b.String(), discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: kit.MatchID("gs", t, mt, "p"+strconv.Itoa(n)), Placeholder: kit.Trunc(ph, 150), MinValues: &lo, MaxValues: hi, Options: so}}}
}

// parsePickValue reads "a:<action>" or "a:<action>#<c>" (c >= 2).
func parsePickValue(v string) (action string, copy int, ok bool) {
	s, ok := strings.CutPrefix(v, "a:")
	if !ok || s == "" {
		return "", 0, false
	}
	if j := strings.LastIndexByte(s, '#'); j >= 0 {
		c, err := strconv.Atoi(s[j+1:])
		if err != nil || c < 2 || c > selectSize || strconv.Itoa(c) != s[j+1:] {
			return "", 0, false
		}
		return s[:j], c, s[:j] != ""
	}
	return s, 1, true
}

// gpickSeveral plays the picks of a multi-select (values) as one batch.
func (m *host) gpickSeveral(ctx context.Context, i *discordgo.Interaction, id kit.ID, values []string) kit.Response {
	t, mt, seat, r := m.gload(ctx, i, id.Game, true)
	if r != nil {
		return *r
	}
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		return m.ErrReply(i, "title", err)
	}
	if len(values) == 0 || len(values) > selectSize {
		return kit.Forged(i)
	}
	type pick struct {
		a      engine.Action
		k, cop int
	}
	picks := make([]pick, 0, len(values))
	seen := map[string]bool{}
	for _, v := range values {
		str, c, ok := parsePickValue(v)
		if !ok || seen[v] {
			return kit.Forged(i)
		}
		seen[v] = true
		a, err := title.ParseAction(str)
		if err != nil {
			return kit.Forged(i)
		}
		if a.Actor() != seat {
			if slices.Contains(mt.ToAct(), seat) {
				return kit.Say(kit.UserLoc(i), "flow_not_your_choice", nil)
			}
			return kit.NotYourTurn(i, t, mt.ToAct())
		}
		picks = append(picks, pick{a: a, cop: c})
	}
	if r := m.gcheck(i, t, mt, seat, id.Tok, picks[0].a); r != nil {
		return *r
	}
	legal := mt.Legal(seat)
	labels := make([]engine.Label, len(legal))
	index := map[string]int{}
	for k, a := range legal {
		labels[k] = mt.Label(a)
		index[a.String()] = k
	}
	groups, taken := pickGroups(labels)
	var g *pickGroup
	for p := range picks {
		k, ok := index[picks[p].a.String()]
		if !ok {
			// A simultaneous step's older menu, whose first pick is still legal.
			return kit.MovedOn(i)
		}
		lab := labels[k].Pick
		if !taken[k] || picks[p].cop > pickTimes(lab) || g != nil && g.pick.Group.String() != lab.Group.String() {
			return kit.Forged(i)
		}
		for j := range groups {
			if groups[j].pick.Group.String() == lab.Group.String() {
				g = &groups[j]
			}
		}
		picks[p].k = k
	}
	if lo, hi := g.bounds(); len(picks) < lo || len(picks) > hi {
		return kit.Forged(i)
	}
	slices.SortFunc(picks, func(x, y pick) int { return 64*(x.k-y.k) + x.cop - y.cop })
	acts := make([]engine.Action, len(picks))
	for p := range picks {
		acts[p] = picks[p].a
	}
	// The group's End, when the picks leave it legal: one choice closes the step.
	for k, lab := range labels {
		if !lab.Pick.End || lab.Pick.Group.String() != g.pick.Group.String() {
			continue
		}
		cur := mt
		for _, a := range acts {
			if cur, _, err = cur.Apply(a); err != nil {
				break
			}
		}
		if err == nil && legalHas(cur.Legal(seat), legal[k]) {
			acts = append(acts, legal[k])
		}
		break
	}
	return m.gcommit(ctx, i, t, mt, seat, acts)
}
