package bot

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// seatName returns the colour of a seat, e.g. "orange (O)", from the
// renderer's palette, so that a colour in a message is that colour (and
// letter) on the board.
func seatName(k int) string { return imaging.SeatLabel(k) }

// seatRef names a seat by colour and mentions its player, e.g. "orange (<@1>)".
func seatRef(t Table, k int) string {
	if k < 0 || k >= len(t.Seats) {
		return nameOf(t, k)
	}
	return fmt.Sprintf("**%s** (<@%s>)", seatName(k), t.Seats[k].UserID)
}

// seatNames are the names used in account lines: colour and display name, no pings.
func seatNames(t Table) []string {
	var out []string
	for k, s := range t.Seats {
		out = append(out, fmt.Sprintf("**%s** (%s)", seatName(k), sanitize(s.Name)))
	}
	if t.solo() {
		out = append(out, "**"+lordName+"**") // engine seat tinners.WallaceSeat
	}
	return out
}

// sanitize keeps a display name from pinging or formatting.
func sanitize(s string) string {
	r := strings.NewReplacer("@", "@\u200b", "`", "'", "*", "", "_", "", "<", "‹", ">", "›")
	return trunc(r.Replace(s), 32)
}

func areaLabel(i int) string {
	if i < 0 || i >= len(tinners.Standard.Areas) {
		return "?"
	}
	a := tinners.Standard.Areas[i]
	return a.ID + " " + a.Name
}

func tileWords(t tinners.Tile) string {
	s := fmt.Sprintf("%d tin, %d copper, %d water", t.Tin, t.Copper, t.Water)
	switch t.Kind {
	case tinners.TileBonus:
		s += "; the winner gets £3 after paying"
	case tinners.TileLight:
		s += "; the winner builds for 1 WP"
	}
	return s
}

func trunc(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// clip keeps a message under Discord's 2000 characters, dropping lines from
// the top (the oldest account lines) first.
func clip(s string) string {
	for len([]rune(s)) > 1990 {
		_, rest, ok := strings.Cut(s, "\n")
		if !ok {
			return trunc(s, 1990)
		}
		s = rest
	}
	return s
}

// boardText is the public text of a board, built from the public view
// only. Its first line says what is asked of whom, so that a phone's
// notification is useful on its own; then what happened since the last
// post; then the state the picture leaves to the text. When all of it
// would not fit in a message, the oldest account lines give way (the
// first line, who is asked what, always stays).
func boardText(t Table, v tinners.PublicView, account []string) string {
	s := fullBoardText(t, v, account)
	for drop := 1; utf8.RuneCountInString(s) > 1990 && drop <= len(account); drop++ {
		rest := append([]string{fmt.Sprintf("… %s earlier: `/tt log`", plural(drop, "line", "lines"))}, account[drop:]...)
		s = fullBoardText(t, v, rest)
	}
	return s
}

func fullBoardText(t Table, v tinners.PublicView, account []string) string {
	var b strings.Builder
	if v.Phase == tinners.PhaseOver {
		for _, l := range account {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		if v.Solo != nil {
			b.WriteString(soloFinalText(t, v))
		} else {
			b.WriteString(finalText(t, v))
		}
		return b.String()
	}
	if line := askLine(t, v); line != "" {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	for _, l := range account {
		b.WriteString("> " + l)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "**Round %d — %s** · tin £%d · copper £%d · table %s\n", v.Round, v.Phase, v.Tin, v.Copper, t.ID)
	for _, k := range append(append([]int(nil), v.TurnOrder...), v.PassOrder...) {
		if v.Solo != nil && k == v.Solo.Seat {
			b.WriteString(soloText(v))
			continue
		}
		if k < 0 || k >= len(v.Seats) {
			continue
		}
		sp := v.Seats[k]
		fmt.Fprintf(&b, "%s £%d · %d pts · work %d · %s left to build", seatRefShort(t, sp.Seat), sp.Money, sp.Points, sp.Col, plural(sp.MinesLeft, "mine", "mines"))
		if sp.HandCount > 0 {
			fmt.Fprintf(&b, " · %s", plural(sp.HandCount, "card", "cards"))
		}
		if v.Arsenic && (sp.Arsenic > 0 || sp.Limiter > 0) {
			fmt.Fprintf(&b, " · arsenic %d · final column %d", sp.Arsenic, sp.FinalCol)
		}
		if v.Emigration {
			fmt.Fprintf(&b, " · own miners %d in hand", sp.OwnMiners)
			if sp.Emigrated > 0 {
				fmt.Fprintf(&b, ", %d emigrated", sp.Emigrated)
			}
			if p := piecesText(sp.Pending); p != "" {
				fmt.Fprintf(&b, " · Michigan: %s to place", p)
			}
		}
		if sp.Tin+sp.Copper > 0 {
			fmt.Fprintf(&b, " · ore %d tin %d copper", sp.Tin, sp.Copper)
		}
		switch {
		case v.Phase == tinners.PhaseDraft && sp.DraftDone:
			b.WriteString(" · cards chosen")
		case sp.Passed:
			fmt.Fprintf(&b, " · passed (row %d)", sp.PassRow)
		}
		b.WriteByte('\n')
	}
	if v.Phase == tinners.PhaseActions || v.Phase == tinners.PhaseAuction || v.Phase == tinners.PhaseAfterAuction || v.Phase == tinners.PhasePumps {
		fmt.Fprintf(&b, "Developments left: %s, %s, %s, %s", plural(v.Dev.Miners, "miner", "miners"), plural(v.Dev.Ports, "port", "ports"),
			plural(v.Dev.Trains, "train", "trains"), plural(v.Dev.Adits, "adit", "adits"))
		if v.Dev.NextPumps > 0 {
			fmt.Fprintf(&b, " · steam pumps next ×%d", v.Dev.NextPumps)
		}
		b.WriteByte('\n')
	}
	if v.Arsenic && len(v.ArsenicMarket) > 0 {
		fmt.Fprintf(&b, "Arsenic market: next cube £%d (sections %d–4 open)\n", v.ArsenicNext, v.ArsenicOpen+1)
	}
	if v.Emigration {
		b.WriteString(emigrationText(t, v))
	}
	if au := v.Auction; au != nil && v.Phase == tinners.PhaseAuction {
		fmt.Fprintf(&b, "Auction for %s, opened by %s", areaLabel(au.Area), nameOf(t, au.Opener))
		if au.Card != nil {
			fmt.Fprintf(&b, " with %s", au.Card.String())
		}
		if au.High > 0 {
			fmt.Fprintf(&b, ": high bid £%d by %s.", au.High, nameOf(t, au.HighSeat))
		} else {
			fmt.Fprintf(&b, ": no bid yet (minimum £%d).", au.Min)
		}
		if au.Insured {
			b.WriteString(" The opener is insured: losing pays them half the winning bid.")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// plural writes "1 port" or "2 ports".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// askLine names who must act and what is asked of them, e.g.
// "@Bob — your bid in A4 Ding Dong: high £7 (orange), at least £8".
func askLine(t Table, v tinners.PublicView) string {
	if len(v.ToAct) == 0 {
		return ""
	}
	var who []string
	for _, k := range v.ToAct {
		if k >= 0 && k < len(t.Seats) {
			who = append(who, fmt.Sprintf("<@%s>", t.Seats[k].UserID))
		}
	}
	return fmt.Sprintf("%s — %s", strings.Join(who, ", "), askText(t, v, v.ToAct[0]))
}

// askText is what the game asks of seat, in words.
func askText(t Table, v tinners.PublicView, seat int) string {
	switch v.Phase {
	case tinners.PhaseDraft:
		return "choose your survey cards (privately)"
	case tinners.PhaseActions:
		sp := v.Seats[seat]
		return fmt.Sprintf("your action, round %d (you have £%d, work %d)", v.Round, sp.Money, sp.Col)
	case tinners.PhaseAuction:
		au := v.Auction
		if au == nil {
			break
		}
		if au.High > 0 {
			return fmt.Sprintf("your bid in %s: high £%d (%s), at least £%d", areaLabel(au.Area), au.High, nameOf(t, au.HighSeat), au.High+1)
		}
		return fmt.Sprintf("your bid in %s: no bid yet, at least £%d", areaLabel(au.Area), au.Min)
	case tinners.PhaseAfterAuction:
		if au := v.Auction; au != nil {
			return fmt.Sprintf("you won %s: play a survey card on it, or not", areaLabel(au.Area))
		}
	case tinners.PhasePumps:
		return fmt.Sprintf("place %s", plural(v.PumpsLeft, "steam pump", "steam pumps"))
	case tinners.PhaseInvest:
		sp := v.Seats[seat]
		if sp.PassRow >= 1 && sp.PassRow <= len(v.InvestRows) {
			r := v.InvestRows[sp.PassRow-1]
			return fmt.Sprintf("invest (row %d: £10 → %d pts, £5 → %d pts; you have £%d), or be done", sp.PassRow, r[0], r[1], sp.Money)
		}
		return "invest, or be done"
	case tinners.PhasePeek:
		return "peek at a face-down tile, or not"
	case tinners.PhaseCalciner:
		return "you built a mine: build your calciner there (free), or not"
	}
	return "your move"
}

func seatRefShort(t Table, k int) string {
	if k < 0 || k >= len(t.Seats) {
		return nameOf(t, k)
	}
	return fmt.Sprintf("**%s** <@%s>", seatName(k), t.Seats[k].UserID)
}

func whatNow(v tinners.PublicView) string {
	switch v.Phase {
	case tinners.PhaseDraft:
		return "choose your survey cards (privately)"
	case tinners.PhaseActions:
		return "your action"
	case tinners.PhaseAuction:
		return "bid or drop out"
	case tinners.PhaseAfterAuction:
		return "play a survey card on the new mine, or not"
	case tinners.PhasePumps:
		return fmt.Sprintf("place %d steam pump(s)", v.PumpsLeft)
	case tinners.PhaseInvest:
		return "invest, or be done"
	case tinners.PhasePeek:
		return "peek at a face-down tile, or not"
	case tinners.PhaseCalciner:
		return "build your calciner on the new mine, or not"
	}
	return "your move"
}

func finalText(t Table, v tinners.PublicView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Game over** (table %s). Final scores:\n", t.ID)
	if v.Result == nil {
		return b.String()
	}
	for place, k := range v.Result.Ranking {
		sp := v.Seats[k]
		fmt.Fprintf(&b, "%d. %s — %d points, £%d\n", place+1, seatRefShort(t, k), sp.Points, sp.Money)
	}
	if len(v.Result.Ranking) > 0 {
		fmt.Fprintf(&b, "Winner: %s", seatRef(t, v.Result.Ranking[0]))
		if v.Result.TieBreak != "" {
			fmt.Fprintf(&b, " (tie broken by %s)", v.Result.TieBreak)
		}
		b.WriteString(".\n")
	}
	fmt.Fprintf(&b, "The record: `/tt export game:%s`.", t.ID)
	return b.String()
}

// handText is a seat's private summary, built from its own seat view.
func handText(t Table, v tinners.SeatView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Your hand** at table %s (%s, only you see this)\n", t.ID, seatName(v.Seat))
	if len(v.Draft) > 0 {
		b.WriteString("Draft, still to choose from:\n")
		for _, c := range v.Draft {
			fmt.Fprintf(&b, "• %s\n", c.String())
		}
	}
	if len(v.Hand) == 0 {
		b.WriteString("No survey cards.\n")
	} else {
		b.WriteString("Survey cards:\n")
		for _, c := range v.Hand {
			fmt.Fprintf(&b, "• %s\n", c.String())
		}
	}
	if len(v.Peeked) > 0 {
		b.WriteString("Face-down tiles you have seen:\n")
		for _, pk := range v.Peeked {
			fmt.Fprintf(&b, "• %s: %s\n", areaLabel(pk.Area), tileWords(pk.Tile))
		}
	}
	if k := v.Seat; k >= 0 && k < len(v.Seats) {
		fmt.Fprintf(&b, "Money £%d · %d points · %d mines left", v.Seats[k].Money, v.Seats[k].Points, v.Seats[k].MinesLeft)
	}
	return b.String()
}

// rulesText is the short reference of /tt rules, from the edition's costs.
// cmdRules is the quick reference of the channel's table's title (its
// open table, else its last finished one); Tinners' Trail's when the
// channel has none or the table plays Tinners' Trail.
func (m *Main) cmdRules(ctx context.Context, i *discordgo.Interaction) response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		if t, err = m.store.LastFinished(ctx, i.ChannelID); err != nil {
			return response{Reply: &message{Content: rulesText()}}
		}
	}
	if !t.generic() {
		return response{Reply: &message{Content: rulesText()}}
	}
	return response{Reply: &message{Content: grulesText(m.meta(t))}}
}

// grulesText is the quick reference of a title other than Tinners' Trail:
// its own summary (engine.Meta.Rules) and the commands of the generic flow.
func grulesText(mt engine.Meta) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s — quick reference**\n", mt.Name)
	if mt.Rules != "" {
		b.WriteString(mt.Rules + "\n")
	} else {
		b.WriteString("This game has no summary here; press **Play** on the board: every option says what it costs and does.\n")
	}
	b.WriteString("Commands: `/tt board` (`at:` a past move) `/tt hand` `/tt log` `/tt undo` `/tt games` `/tt history` `/tt settings` `/tt away` `/tt stats`.")
	return clip(b.String())
}

func rulesText() string {
	c := tinners.Standard.Costs
	return fmt.Sprintf(`**Tinners' Trail — quick reference**
**A round**: 1. ore prices are rolled · 2. actions · 3. sell ore & invest · 4. end of round (peeks). Four rounds; most points wins.
**Turn order**: the player furthest left on the work track acts next (ties: the one who got there first). Each action moves you right by its cost in work points (WP). Passing ends your round; pass order is your investment row.
**Actions**
• Build a mine — %d WP, then an auction (the opener bids first; others raise or drop out). A survey card may be played before (peek at a face-down tile) or after (pay its value).
• Extract ore — %d WP, £1 per cube per water cube in the mine; then +1 water.
• Miner %d WP · Port %d WP (coast) · Train %d WP · Adit %d WP (a border) · Steam pumps %d WP.
• Sell pasties — %d WP, +£1 · Pass — %d WP.
**Sell & invest**: ore is sold at the round's prices; then, in pass order, invest £10 or £5 for the points of your row.
**Modules** (when the table plays them): Arsenic — after winning an auction, build your calciner (free); process 1 arsenic (0 WP, your last column moves left for good); sell all your arsenic (1 WP). Emigration — place your own miner instead of a miner development; emigrate a miner (1 WP) to Michigan (a free development, placed for 0 WP on a later turn), Sierra Madre (points), Kimberly (money every round) or Adelaide (better sale). Kickstarter — dual-region survey cards; £3 bonus and 1-WP tiles.
Commands: `+"`/tt board` `/tt hand` `/tt log` `/tt undo` `/tt games` `/tt settings` `/tt away` `/tt stats`"+`. While an auction runs, "Bid for me…" bids (or drops) for you when your turn comes.`,
		c[tinners.ActBuild], c[tinners.ActExtract], c[tinners.ActMiner], c[tinners.ActPort], c[tinners.ActTrain], c[tinners.ActAdit],
		c[tinners.ActSteamPumps], c[tinners.ActPasties], c[tinners.ActPass])
}

// piecesText is "1 train, 2 miners" ("" for none).
func piecesText(p tinners.Pieces) string {
	var parts []string
	for _, x := range []struct {
		n          int
		one, other string
	}{{p.Adits, "adit", "adits"}, {p.Trains, "train", "trains"}, {p.Ports, "port", "ports"}, {p.Miners, "miner", "miners"}} {
		if x.n > 0 {
			parts = append(parts, plural(x.n, x.one, x.other))
		}
	}
	return strings.Join(parts, ", ")
}

// emigrationText is this round's row of the emigration board (who holds
// each space) and the Kimberly tokens that pay at each round's start.
func emigrationText(t Table, v tinners.PublicView) string {
	e := tinners.Standard
	if v.Round < 1 || v.Round > tinners.NumRounds || len(v.Emigrants) != tinners.NumLocations {
		return ""
	}
	r := v.Round - 1
	var b strings.Builder
	fmt.Fprintf(&b, "Emigration, round %d:", v.Round)
	for l, row := range v.Emigrants {
		who := "open"
		if row[r] >= 0 {
			who = nameOf(t, row[r])
		}
		sep := " ·"
		if l == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s (%s) %s", sep, e.Emigration[l].Name, e.Emigration[l].Rewards[r], who)
	}
	var kim []string
	for k := 0; k < r; k++ {
		if seat := v.Emigrants[tinners.Kimberly][k]; seat >= 0 {
			kim = append(kim, fmt.Sprintf("%s £%d", nameOf(t, seat), e.KimberlyMoney[k]))
		}
	}
	if len(kim) > 0 {
		fmt.Fprintf(&b, " · Kimberly tokens: %s a round", strings.Join(kim, ", "))
	}
	b.WriteByte('\n')
	return b.String()
}
