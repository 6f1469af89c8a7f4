package bot

import (
	"context"
	"strings"

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
func scoreDetailsButton(l *i18n.Loc, t Table, mt engine.Match) (discordgo.MessageComponent, bool) {
	if _, ok := mt.(scoreDetailer); !ok {
		return nil, false
	}
	return discordgo.Button{Label: l.T("flow_button_score_details", nil), Style: discordgo.SecondaryButton, CustomID: plainID("gscore", t.ID)}, true
}

// scoreDetailsText is every seat's explanation, in ranking order, with
// the tie-break when there was one.
func scoreDetailsText(l *i18n.Loc, t Table, mt engine.Match) string {
	sd, ok := mt.(scoreDetailer)
	r := mt.Result()
	if !ok || r == nil {
		return ""
	}
	names := seatNamesIn(l, t, mt)
	var b strings.Builder
	b.WriteString(l.T("flow_score_details_head", nil))
	for _, k := range r.Ranking {
		score := 0
		if k < len(r.Scores) {
			score = r.Scores[k]
		}
		b.WriteString("\n" + l.N("flow_score_details_seat", score, args{"Seat": nameOfIn(l, t, mt, k)}))
		for _, msg := range sd.ScoreDetails(k) {
			b.WriteString("\n• " + engine.FormatLine(l.Message(msg, ""), names))
		}
	}
	if !r.TieBreakMessage.IsZero() {
		b.WriteString("\n" + engine.FormatLine(l.Message(r.TieBreakMessage, ""), names))
	}
	return clip(b.String())
}

// gscore answers the button.
func (m *Main) gscore(ctx context.Context, i *discordgo.Interaction, game string) response {
	t, r := m.tableHere(ctx, i, game)
	if r != nil {
		return *r
	}
	mt, err := m.store.Match(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load game", err)
	}
	text := scoreDetailsText(userLoc(i), t, mt)
	if text == "" {
		return forged(i)
	}
	return response{Reply: &message{Content: text}}
}
