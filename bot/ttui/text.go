package ttui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// areaLabel is area i's id and name in edition e, e.g. "C4 Truro".
func areaLabel(e *tinners.Edition, i int) string {
	if i < 0 || i >= len(e.Areas) {
		return "?"
	}
	a := e.Areas[i]
	return a.ID + " " + a.Name
}

// tileWordsIn is a tile's contents in l's language, e.g. "2 tin, 1
// copper, 2 water".
func tileWordsIn(l *i18n.Loc, t tinners.Tile) string {
	a := kit.Args{"Tin": t.Tin, "Copper": t.Copper, "Water": t.Water}
	switch t.Kind {
	case tinners.TileBonus:
		return l.T("ui_tile_bonus", a)
	case tinners.TileLight:
		return l.T("ui_tile_light", a)
	}
	return l.T("ui_tile", a)
}

// phaseIn names phase p in l's language ("actions").
func phaseIn(l *i18n.Loc, p tinners.Phase) string {
	ids := []string{"ui_phase_draft", "ui_phase_actions", "ui_phase_auction", "ui_phase_after_auction", "ui_phase_pumps",
		"ui_phase_invest", "ui_phase_peek", "ui_phase_over", "ui_phase_calciner"}
	if p < 0 || int(p) >= len(ids) {
		return p.String()
	}
	return l.T(ids[p], nil)
}

// benefitIn is a survey card's benefit in l's language ("+2 copper").
func benefitIn(l *i18n.Loc, c tinners.Card) string {
	ids := map[tinners.Benefit]string{tinners.BenefitWater: "ui_benefit_water", tinners.BenefitTin: "ui_benefit_tin",
		tinners.BenefitCopper: "ui_benefit_copper", tinners.BenefitMiner: "ui_benefit_miner", tinners.BenefitPort: "ui_benefit_port",
		tinners.BenefitSteamPump: "ui_benefit_steam_pump"}
	id, ok := ids[c.Benefit]
	if !ok {
		return c.BenefitText()
	}
	return l.T(id, kit.Args{"Amount": c.Amount})
}

// cardIn is a survey card in l's language, e.g. "B +1 copper £2".
func cardIn(l *i18n.Loc, c tinners.Card) string {
	region := c.RegionLabel()
	if c.Deck == tinners.DeckWild {
		region = l.T("ui_card_wild", nil)
	}
	return l.T("ui_card", kit.Args{"Region": region, "Benefit": benefitIn(l, c), "Value": c.Value})
}

// deckIn is a deck's printed name in l's language ("A", "wild", "dual").
func deckIn(l *i18n.Loc, d tinners.Deck) string {
	switch d {
	case tinners.DeckWild:
		return l.T("ui_deck_wild", nil)
	case tinners.DeckKickstarter:
		return l.T("ui_deck_dual", nil)
	}
	return d.String()
}

// boardText is the public text of a board, built from the public view
// only. Its first line says what is asked of whom, so that a phone's
// notification is useful on its own; then what happened since the last
// post; then the state the picture leaves to the text. When all of it
// would not fit in a message, the oldest account lines give way (the
// first line, who is asked what, always stays).
func boardTextIn(l *i18n.Loc, t kit.Table, v tinners.PublicView, account []string) string {
	// The text around the account is the same whichever lines give way.
	var head, tail, prefix string
	if v.Phase == tinners.PhaseOver {
		if v.Solo != nil {
			tail = soloFinalText(l, t, v)
		} else {
			tail = finalText(l, t, v)
		}
	} else {
		if line := askLineIn(l, t, v); line != "" {
			head = line + "\n"
		}
		prefix, tail = "> ", boardState(l, t, v)
	}
	full := func(account []string) string {
		var b strings.Builder
		b.WriteString(head)
		for _, line := range account {
			b.WriteString(prefix + line)
			b.WriteByte('\n')
		}
		b.WriteString(tail)
		return b.String()
	}
	// The fewest lines that give way (folded into "… N lines earlier") for
	// the text to fit 1,990 characters, counted without building each
	// candidate text: the account of a long absence has hundreds of lines.
	const limit = 1990
	p := utf8.RuneCountInString(prefix)
	fixed := utf8.RuneCountInString(head) + utf8.RuneCountInString(tail)
	rest := 0 // characters of account[drop:], each line with its prefix and newline
	for _, line := range account {
		rest += p + utf8.RuneCountInString(line) + 1
	}
	if fixed+rest <= limit {
		return full(account)
	}
	for drop := 1; drop <= len(account); drop++ {
		rest -= p + utf8.RuneCountInString(account[drop-1]) + 1
		earlier := l.N("ui_board_earlier", drop, nil)
		if fixed+p+utf8.RuneCountInString(earlier)+1+rest <= limit || drop == len(account) {
			return full(append([]string{earlier}, account[drop:]...))
		}
	}
	return full(account)
}

// boardState is the part of a board's text below the account: the round,
// each seat, what is left on the boards, the auction.
func boardState(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	var b strings.Builder
	b.WriteString(l.T("ui_board_round", kit.Args{"Round": v.Round, "Phase": phaseIn(l, v.Phase), "Tin": v.Tin, "Copper": v.Copper, "Table": t.ID}))
	b.WriteByte('\n')
	for _, k := range append(append([]int(nil), v.TurnOrder...), v.PassOrder...) {
		if v.Solo != nil && k == v.Solo.Seat {
			b.WriteString(soloText(l, v))
			continue
		}
		if k < 0 || k >= len(v.Seats) {
			continue
		}
		sp := v.Seats[k]
		b.WriteString(l.N("ui_board_seat", sp.MinesLeft, kit.Args{"Seat": kit.SeatRefShortIn(l, t, v, sp.Seat), "Money": sp.Money, "Points": sp.Points, "Work": sp.Col}))
		if sp.HandCount > 0 {
			b.WriteString(l.N("ui_board_cards", sp.HandCount, nil))
		}
		if v.Arsenic && (sp.Arsenic > 0 || sp.Limiter > 0) {
			b.WriteString(l.T("ui_board_arsenic", kit.Args{"Arsenic": sp.Arsenic, "Column": sp.FinalCol}))
		}
		if v.Emigration {
			b.WriteString(l.T("ui_board_own_miners", kit.Args{"Miners": sp.OwnMiners}))
			if sp.Emigrated > 0 {
				b.WriteString(l.T("ui_board_emigrated", kit.Args{"Emigrated": sp.Emigrated}))
			}
			if p := piecesIn(l, sp.Pending); p != "" {
				b.WriteString(l.T("ui_board_michigan", kit.Args{"Pieces": p}))
			}
		}
		if sp.Tin+sp.Copper > 0 {
			b.WriteString(l.T("ui_board_ore", kit.Args{"Tin": sp.Tin, "Copper": sp.Copper}))
		}
		switch {
		case v.Phase == tinners.PhaseDraft && sp.DraftDone:
			b.WriteString(l.T("ui_board_cards_chosen", nil))
		case sp.Passed:
			b.WriteString(l.T("ui_board_passed", kit.Args{"Row": sp.PassRow}))
		}
		b.WriteByte('\n')
	}
	if v.Phase == tinners.PhaseActions || v.Phase == tinners.PhaseAuction || v.Phase == tinners.PhaseAfterAuction || v.Phase == tinners.PhasePumps {
		b.WriteString(l.T("ui_board_developments", kit.Args{"Miners": l.N("ui_n_miners", v.Dev.Miners, nil), "Ports": l.N("ui_n_ports", v.Dev.Ports, nil),
			"Trains": l.N("ui_n_trains", v.Dev.Trains, nil), "Adits": l.N("ui_n_adits", v.Dev.Adits, nil)}))
		if v.Dev.NextPumps > 0 {
			b.WriteString(l.T("ui_board_next_pumps", kit.Args{"Pumps": v.Dev.NextPumps}))
		}
		b.WriteByte('\n')
	}
	if v.Arsenic && len(v.ArsenicMarket) > 0 {
		b.WriteString(l.T("ui_board_arsenic_market", kit.Args{"Price": v.ArsenicNext, "From": v.ArsenicOpen + 1}))
		b.WriteByte('\n')
	}
	if v.Emigration {
		b.WriteString(emigrationText(l, t, v))
	}
	if au := v.Auction; au != nil && v.Phase == tinners.PhaseAuction {
		b.WriteString(auctionLineIn(l, t, v))
	}
	return b.String()
}

// auctionLineIn is the running auction in a line (with its line break).
func auctionLineIn(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	var b strings.Builder
	if au := v.Auction; au != nil {
		a := kit.Args{"Area": areaLabel(v.Edition(), au.Area), "Opener": kit.NameOfIn(l, t, v, au.Opener), "High": au.High, "Min": au.Min}
		id := "ui_board_auction"
		if au.High > 0 {
			id += "_high"
			a["Bidder"] = kit.NameOfIn(l, t, v, au.HighSeat)
		} else {
			id += "_none"
		}
		if au.Card != nil {
			id += "_card"
			a["Card"] = cardIn(l, *au.Card)
		}
		b.WriteString(l.T(id, a))
		if au.Insured {
			b.WriteString(l.T("ui_board_insured", nil))
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
// "@Bob — your bid in A4 Ding Dong: high £7 (orange), at least £8", and at
// a table with a deadline when the default move is played.
func askLineIn(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	if len(v.ToAct) == 0 {
		return ""
	}
	var who []string
	for _, k := range v.ToAct {
		if k >= 0 && k < len(t.Seats) {
			who = append(who, kit.MentionOf(t, k))
		}
	}
	return kit.WithDeadline(l, "ui_ask_deadline", t, fmt.Sprintf("%s — %s", strings.Join(who, ", "), askTextIn(l, t, v, v.ToAct[0])))
}

// askTextIn is what the game asks of seat, in words, in l's language.
func askTextIn(l *i18n.Loc, t kit.Table, v tinners.PublicView, seat int) string {
	switch v.Phase {
	case tinners.PhaseDraft:
		return l.T("ui_ask_draft", nil)
	case tinners.PhaseActions:
		sp := v.Seats[seat]
		return l.T("ui_ask_action", kit.Args{"Round": v.Round, "Money": sp.Money, "Work": sp.Col})
	case tinners.PhaseAuction:
		au := v.Auction
		if au == nil {
			break
		}
		if au.High > 0 {
			return l.T("ui_ask_bid_high", kit.Args{"Area": areaLabel(v.Edition(), au.Area), "High": au.High, "Bidder": kit.NameOfIn(l, t, v, au.HighSeat), "Least": au.High + 1})
		}
		return l.T("ui_ask_bid_none", kit.Args{"Area": areaLabel(v.Edition(), au.Area), "Least": au.Min})
	case tinners.PhaseAfterAuction:
		if au := v.Auction; au != nil {
			return l.T("ui_ask_after", kit.Args{"Area": areaLabel(v.Edition(), au.Area)})
		}
	case tinners.PhasePumps:
		return l.N("ui_ask_pumps", v.PumpsLeft, nil)
	case tinners.PhaseInvest:
		sp := v.Seats[seat]
		if sp.PassRow >= 1 && sp.PassRow <= len(v.InvestRows) {
			r := v.InvestRows[sp.PassRow-1]
			return l.T("ui_ask_invest_row", kit.Args{"Row": sp.PassRow, "Ten": r[0], "Five": r[1], "Money": sp.Money})
		}
		return l.T("ui_ask_invest", nil)
	case tinners.PhasePeek:
		return l.T("ui_ask_peek", nil)
	case tinners.PhaseCalciner:
		return l.T("ui_ask_calciner", nil)
	}
	return l.T("ui_ask_move", nil)
}

// tieBreakIn is the tie-break that decided first place, in l's language.
func tieBreakIn(l *i18n.Loc, why string) string {
	ids := map[string]string{tinners.TieMoney: "ui_tiebreak_money", tinners.TieOre: "ui_tiebreak_ore", tinners.TieOrder: "ui_tiebreak_work"}
	if id, ok := ids[why]; ok {
		return l.T(id, nil)
	}
	return why
}

// finalText is the final scores: the header, the ranking with points and
// money, the winner (and a tie-break), the record's line.
func finalText(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	return finalTextOf(l, t, v, false)
}

// finalTextRanked is finalText after a first line that ranks the seats:
// its header, who won a tie and how, and the record's line.
func finalTextRanked(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	return finalTextOf(l, t, v, true)
}

func finalTextOf(l *i18n.Loc, t kit.Table, v tinners.PublicView, ranked bool) string {
	var b strings.Builder
	header := "ui_final_header"
	if ranked {
		header = "ui_final_header_ranked"
	}
	b.WriteString(l.T(header, kit.Args{"Table": t.ID}))
	b.WriteByte('\n')
	if v.Result == nil {
		return b.String()
	}
	if !ranked {
		for place, k := range v.Result.Ranking {
			sp := v.Seats[k]
			b.WriteString(l.T("ui_final_line", kit.Args{"Place": place + 1, "Seat": kit.SeatRefShortIn(l, t, v, k), "Points": sp.Points, "Money": sp.Money}))
			b.WriteByte('\n')
		}
	}
	if len(v.Result.Ranking) > 0 {
		switch {
		case v.Result.TieBreak != "":
			b.WriteString(l.T("ui_final_winner_tie", kit.Args{"Seat": kit.SeatRefIn(l, t, v, v.Result.Ranking[0]), "TieBreak": tieBreakIn(l, v.Result.TieBreak)}))
			b.WriteByte('\n')
		case !ranked:
			b.WriteString(l.T("ui_final_winner", kit.Args{"Seat": kit.SeatRefIn(l, t, v, v.Result.Ranking[0])}))
			b.WriteByte('\n')
		}
	}
	b.WriteString(l.T("ui_final_record", kit.Args{"Table": t.ID}))
	return b.String()
}

// handTextIn is a seat's private summary, built from its own seat view,
// in l's language.
func handTextIn(l *i18n.Loc, t kit.Table, v tinners.SeatView) string {
	var b strings.Builder
	b.WriteString(l.T("ui_hand_header", kit.Args{"Table": t.ID, "Seat": kit.SeatLabel(l, v.Seat)}))
	b.WriteByte('\n')
	if len(v.Draft) > 0 {
		b.WriteString(l.T("ui_hand_draft", nil))
		b.WriteByte('\n')
		for _, c := range v.Draft {
			fmt.Fprintf(&b, "• %s\n", cardIn(l, c))
		}
	}
	if len(v.Hand) == 0 {
		b.WriteString(l.T("ui_hand_none", nil))
		b.WriteByte('\n')
	} else {
		b.WriteString(l.T("ui_hand_cards", nil))
		b.WriteByte('\n')
		for _, c := range v.Hand {
			fmt.Fprintf(&b, "• %s\n", cardIn(l, c))
		}
	}
	if len(v.Peeked) > 0 {
		b.WriteString(l.T("ui_hand_peeked", nil))
		b.WriteByte('\n')
		for _, pk := range v.Peeked {
			fmt.Fprintf(&b, "• %s: %s\n", areaLabel(v.Edition(), pk.Area), tileWordsIn(l, pk.Tile))
		}
	}
	if k := v.Seat; k >= 0 && k < len(v.Seats) {
		b.WriteString(l.T("ui_hand_footer", kit.Args{"Money": v.Seats[k].Money, "Points": v.Seats[k].Points, "Mines": v.Seats[k].MinesLeft}))
	}
	return b.String()
}

// rulesTextIn is Tinners' Trail's quick reference in l's language, with
// the edition's costs.
func rulesTextIn(l *i18n.Loc) string {
	c := tinners.EditionOf("").Costs // the current edition's: a table holds no edition
	return l.T("ui_rules", kit.Args{"Build": c[tinners.ActBuild], "Extract": c[tinners.ActExtract], "Miner": c[tinners.ActMiner],
		"Port": c[tinners.ActPort], "Train": c[tinners.ActTrain], "Adit": c[tinners.ActAdit], "Pumps": c[tinners.ActSteamPumps],
		"Pasties": c[tinners.ActPasties], "Pass": c[tinners.ActPass]})
}

// piecesIn is "1 train, 2 miners" ("" for none), in l's language.
func piecesIn(l *i18n.Loc, p tinners.Pieces) string {
	var parts []string
	for _, x := range []struct {
		n  int
		id string
	}{{p.Adits, "ui_n_adits"}, {p.Trains, "ui_n_trains"}, {p.Ports, "ui_n_ports"}, {p.Miners, "ui_n_miners"}} {
		if x.n > 0 {
			parts = append(parts, l.N(x.id, x.n, nil))
		}
	}
	return strings.Join(parts, l.T("list_sep", nil))
}

// rewardIn is the reward of emigration location loc in round r+1 as the
// board of edition e prints it ("adit", "12 points"), in l's language.
func rewardIn(l *i18n.Loc, e *tinners.Edition, loc, r int) string {
	switch loc {
	case tinners.Michigan:
		return l.T(fmt.Sprintf("ui_reward_michigan_%d", r+1), nil)
	case tinners.SierraMadre:
		return l.N("ui_reward_points", e.SierraPoints[r], nil)
	case tinners.Adelaide:
		return l.T(fmt.Sprintf("ui_reward_adelaide_%d", r+1), nil)
	}
	return e.Emigration[loc].Rewards[r] // Kimberly: "£5"
}

// emigrationText is this round's row of the emigration board (who holds
// each space) and the Kimberly tokens that pay at each round's start.
func emigrationText(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	e := v.Edition()
	if v.Round < 1 || v.Round > tinners.NumRounds || len(v.Emigrants) != tinners.NumLocations {
		return ""
	}
	r := v.Round - 1
	var b strings.Builder
	b.WriteString(l.T("ui_emigration_round", kit.Args{"Round": v.Round}))
	for loc, row := range v.Emigrants {
		who := l.T("ui_emigration_open", nil)
		if row[r] >= 0 {
			who = kit.NameOfIn(l, t, v, row[r])
		}
		sep := " ·"
		if loc == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s (%s) %s", sep, e.Emigration[loc].Name, rewardIn(l, e, loc, r), who)
	}
	var kim []string
	for k := 0; k < r; k++ {
		if seat := v.Emigrants[tinners.Kimberly][k]; seat >= 0 {
			kim = append(kim, fmt.Sprintf("%s £%d", kit.NameOfIn(l, t, v, seat), e.KimberlyMoney[k]))
		}
	}
	if len(kim) > 0 {
		b.WriteString(l.T("ui_emigration_kimberly", kit.Args{"List": strings.Join(kim, l.T("list_sep", nil))}))
	}
	b.WriteByte('\n')
	return b.String()
}

// whatIn is what the game asks of the waiting seats, for a reminder in
// l's language.
func whatIn(l *i18n.Loc, v tinners.PublicView) string {
	switch v.Phase {
	case tinners.PhaseDraft:
		return l.T("adm_remind_what_draft", nil)
	case tinners.PhaseActions:
		return l.T("adm_remind_what_action", nil)
	case tinners.PhaseAuction:
		return l.T("adm_remind_what_auction", nil)
	case tinners.PhaseAfterAuction:
		return l.T("adm_remind_what_after_auction", nil)
	case tinners.PhasePumps:
		return l.N("adm_remind_what_pumps", v.PumpsLeft, nil)
	case tinners.PhaseInvest:
		return l.T("adm_remind_what_invest", nil)
	case tinners.PhasePeek:
		return l.T("adm_remind_what_peek", nil)
	case tinners.PhaseCalciner:
		return l.T("adm_remind_what_calciner", nil)
	}
	return l.T("adm_remind_what_move", nil)
}
