package genericui

import (
	"context"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// A title whose final score has parts a player may want to check (Coal
// Baron: each objective and what it earned, each destination's shares and
// the delivered orders they matched) explains it seat by seat; the final
// post carries a button that shows the explanation to whoever clicks:
//
//	gscore:<game>
type scoreDetailer interface {
	ScoreDetails(seat int) []engine.Message
}

// scoreDetailsButton is the final post's button, when mt explains scores.
func scoreDetailsButton(l *i18n.Loc, t kit.Table, mt engine.Match) (discordgo.MessageComponent, bool) {
	if _, ok := mt.(scoreDetailer); !ok {
		return nil, false
	}
	return discordgo.Button{Label: l.T("flow_button_score_details", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("gscore", t.ID)}, true
}

// scoreDetailsText is every seat's explanation, in ranking order, with
// the tie-break when there was one.
func scoreDetailsText(l *i18n.Loc, t kit.Table, mt engine.Match) string {
	sd, ok := mt.(scoreDetailer)
	r := mt.Result()
	if !ok || r == nil {
		return ""
	}
	names := kit.SeatNamesIn(l, t, mt)
	var b strings.Builder
	b.WriteString(l.T("flow_score_details_head", nil))
	for _, k := range r.Ranking {
		score := 0
		if k < len(r.Scores) {
			score = r.Scores[k]
		}
		b.WriteString("\n" + l.N("flow_score_details_seat", score, kit.Args{"Seat": kit.NameOfIn(l, t, mt, k)}))
		for _, msg := range sd.ScoreDetails(k) {
			b.WriteString("\n• " + engine.FormatLine(l.Message(msg, ""), names))
		}
	}
	if !r.TieBreakMessage.IsZero() {
		b.WriteString("\n" + engine.FormatLine(l.Message(r.TieBreakMessage, ""), names))
	}
	return kit.Clip(b.String())
}

// gscore answers the button.
func (m *host) gscore(ctx context.Context, i *discordgo.Interaction, game string) kit.Response {
	t, r := m.TableHere(ctx, i, game)
	if r != nil {
		return *r
	}
	mt, err := m.Store().Match(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	text := scoreDetailsText(kit.UserLoc(i), t, mt)
	if text == "" {
		return kit.Forged(i)
	}
	return kit.Response{Reply: &kit.Message{Content: text}}
}
