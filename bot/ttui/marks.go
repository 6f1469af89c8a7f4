package ttui

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Tinners' Trail's area choices on the map (bot/genericui/marks.go does the same for
// the generic flow): when a private step offers areas or borders to choose
// from (build a mine, extract, place a miner, port, train or adit, process
// arsenic, emigrate, pump, peek), each place gets a number, drawn ringed
// on the turn picture the step carries, and the options begin with the
// same number (① A4 Ding Dong…).

// ttPlaceOf is the place (engine.Label.Where) an option of a Tinners'
// Trail step is about, from its value or custom ID: an action ("tt"), the
// build step's area ("tm" bc), or a pump's "<action>#<n>".
func ttPlaceOf(rt kit.RouteTable, s *tinners.State, value string) (int, bool) {
	var str string
	if id, err := rt.Parse(value); err == nil {
		switch id.Kind {
		case "tt":
			str = strings.Join(id.Rest, ":")
		case "tm":
			if name, arg := stepCode(strings.Join(id.Rest, ":")); name == "bc" {
				if k := s.Edition().AreaIndex(arg); k >= 0 {
					return k, true
				}
			}
			return 0, false
		default:
			return 0, false
		}
	} else {
		str, _, _ = strings.Cut(value, "#")
	}
	a, err := tinners.ParseAction(str)
	if err != nil {
		return 0, false
	}
	if w := (tinners.Match{S: s}).Label(a).Where; len(w) > 0 {
		return w[0], true
	}
	return 0, false
}

// markTT numbers the places msg's options are about, when they are at
// least two: it prefixes the options, says what the numbers mean, and
// attaches the turn picture with the same numbers on the map. msg is
// changed in place and returned.
func (m *host) markTT(l *i18n.Loc, t kit.Table, s *tinners.State, msg *kit.Message) *kit.Message {
	if msg == nil {
		return nil
	}
	num := map[int]int{}
	var order []int
	number := func(value string) string {
		p, ok := ttPlaceOf(m.Routes(), s, value)
		if !ok {
			return ""
		}
		n, seen := num[p]
		if !seen {
			n = len(num) + 1
			num[p] = n
			order = append(order, p)
		}
		return imaging.MarkLabel(n) + " "
	}
	type relabel struct {
		set    func(string)
		label  string
		prefix string
	}
	var rs []relabel
	comps := make([]discordgo.MessageComponent, len(msg.Components))
	for r, c := range msg.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			comps[r] = c
			continue
		}
		inner := make([]discordgo.MessageComponent, len(row.Components))
		for k, x := range row.Components {
			switch x := x.(type) {
			case discordgo.Button:
				b := x
				inner[k] = b
				if p := number(b.CustomID); p != "" {
					k := k
					rs = append(rs, relabel{func(lb string) { b.Label = kit.Trunc(lb, 80); inner[k] = b }, b.Label, p})
				}
			case discordgo.SelectMenu:
				sm := x
				sm.Options = append([]discordgo.SelectMenuOption(nil), x.Options...)
				for j := range sm.Options {
					if p := number(sm.Options[j].Value); p != "" {
						j := j
						rs = append(rs, relabel{func(lb string) { sm.Options[j].Label = kit.Trunc(lb, 100) }, sm.Options[j].Label, p})
					}
				}
				inner[k] = sm
			default:
				inner[k] = x
			}
		}
		comps[r] = discordgo.ActionsRow{Components: inner}
	}
	if len(num) < 2 {
		return msg
	}
	for _, r := range rs {
		r.set(r.prefix + r.label)
	}
	marks := map[int]string{}
	for p, n := range num {
		marks[p] = imaging.Mark(n)
	}
	msg.Components = comps
	msg.Content = kit.Clip(msg.Content + "\n" + l.T("g_marks_note", nil))
	msg.Files = kit.StepPicture(m, l, t, tinners.Match{S: s}, marks)
	return msg
}
