package ttui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// --- the board ------------------------------------------------------------

// boardOpts say how a board is posted.
type boardOpts struct {
	Ping     []int // seats to ping (never the one who just acted)
	TextOnly bool  // no picture: nothing on it changed since the last one
	Full     bool  // the full desktop board instead of the turn picture
}

// board builds a new public board post: picture, the account since the
// last post, and buttons for the seat(s) to act. Only the public view is used.
func (m *host) board(ctx context.Context, t kit.Table, s *tinners.State, o boardOpts) (kit.Post, error) {
	v := s.PublicView()
	var files []kit.File
	picPx := 0
	if !o.TextOnly {
		png, err := m.ttRender(v, kit.RenderOptions{Names: kit.SeatPlainNames(kit.TableLoc(t), t, v), Changed: t.Notes.Changed, Full: o.Full, Loc: kit.TableLoc(t)})
		if err != nil {
			return kit.Post{}, fmt.Errorf("render board: %w", err)
		}
		if png != nil {
			l := kit.TableLoc(t)
			files = []kit.File{{Name: fmt.Sprintf("board-%s-%d.png", t.ID, v.Version), Data: png,
				Description: kit.AltText(l, ttAlt(l, t, m.Meta(t), s))}}
			picPx = kit.PNGPx(png)
		}
	}
	// A new post tells the turns since the previous one.
	msg := boardMessageOf(t, s, nil, t.Notes.Pending, picPx)
	msg.Files = files
	if s.Phase == tinners.PhaseOver {
		m.finalExtras(ctx, t, s, &msg)
		msg.Mentions, o.Ping = kit.Everyone(t), nil // the final post pings every player
	}
	for _, k := range o.Ping {
		if k >= 0 && k < len(t.Seats) {
			msg.Mentions = append(msg.Mentions, t.Seats[k].UserID)
		}
	}
	p := kit.Post{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Retire: t.BoardMsg, PicPx: picPx}
	if len(msg.Files) > 0 {
		p.PicAt = picAt(s)
	}
	return p, nil
}

// picAt names what a picture of s shows, for needsPicture.
func picAt(s *tinners.State) string { return fmt.Sprintf("%d/%s", s.Round, s.Phase) }

// needsPicture says whether a hand-off post needs a new picture: when
// something on the map changed since the last one, the round or phase is
// another, or the last picture is a few posts up. Otherwise everything
// that changed (bids, money, points, work, passes) is in the text.
func needsPicture(t kit.Table, s *tinners.State) bool {
	return len(t.Notes.Changed) > 0 || t.Notes.PicAt != picAt(s) || t.Notes.TextPosts >= kit.MaxTextPosts || s.Phase == tinners.PhaseOver
}

// boardMessage is the text and buttons of the current board as an edit in
// place shows it (no picture, no pings): the turns it was posted with,
// then those since.
func boardMessage(t kit.Table, s *tinners.State) kit.Message {
	return boardMessageOf(t, s, t.Notes.Shown, t.Notes.Pending, t.Notes.PicPx)
}

// boardMessageOf is a board telling lines, one line a turn (issue 37),
// with a picture picPx tall on a phone (0: none).
func boardMessageOf(t kit.Table, s *tinners.State, shown, since []kit.LogLine, picPx int) kit.Message {
	v := s.PublicView()
	l := kit.TableLoc(t)
	names := kit.SeatNamesIn(l, t, tinners.Match{S: s})
	comps := boardComponentsIn(l, t, s)
	room := kit.PhoneMaxPx - picPx - kit.ComponentsPx(comps)
	if s.Phase == tinners.PhaseOver {
		// The final post's breakdown (finalExtras) goes below: its head and
		// a line a seat (and Lord Wallace's), two phone lines each at most.
		rows := len(t.Seats) + 1
		if v.Solo != nil {
			rows++
		}
		room -= 2 * kit.PhoneLinePx * rows
	}
	turns := kit.TurnLines(l, shown, names)
	keep := len(turns)
	turns = append(turns, kit.TurnLines(l, since, names)...)
	return kit.Message{Content: kit.Clip(phoneBoardTextIn(l, t, v, turns, keep, room, picPx > 0)), Components: comps}
}

// turnButton is a button of a decision in s: label (cut to Discord's 80)
// in style, its custom ID of kind with rest and s's version ("tt" applies
// an action, "tm" opens a step).
func turnButton(t kit.Table, s *tinners.State, style discordgo.ButtonStyle, label, kind string, rest ...string) discordgo.Button {
	return discordgo.Button{Label: kit.Trunc(label, 80), Style: style, CustomID: tinnersID(kind, t, s, rest...)}
}

// legalKinds is the first listed choice of each kind.
func legalKinds(legal []tinners.Choice) map[tinners.ActionKind]tinners.Choice {
	k := map[tinners.ActionKind]tinners.Choice{}
	for _, a := range legal {
		if _, ok := k[a.Kind]; !ok {
			k[a.Kind] = a
		}
	}
	return k
}

// boardComponents are the buttons and menus of the newest board. Choices
// that would reveal a hand (which cards may be played) open private steps.
// They are public: l is the table's language.
func boardComponentsIn(l *i18n.Loc, t kit.Table, s *tinners.State) []discordgo.MessageComponent {
	var comps []discordgo.MessageComponent
	if s.Phase == tinners.PhaseOver {
		return nil
	}
	switch s.Phase {
	case tinners.PhaseDraft:
		comps = kit.Rows([]discordgo.MessageComponent{turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_draft", nil), "tm", "draft")})
	default:
		who := s.ToAct()
		if len(who) == 1 {
			comps = turnComponentsIn(l, t, s, who[0])
		}
	}
	hand := discordgo.Button{Label: l.T("ui_btn_hand", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("th", t.ID)}
	return withButton(comps, hand)
}

// withButton adds b after the buttons of comps, their rows packed again
// for a phone (kit.PackRows) below the selects.
func withButton(comps []discordgo.MessageComponent, b discordgo.Button) []discordgo.MessageComponent {
	var menus, buttons []discordgo.MessageComponent
	for _, c := range comps {
		row, ok := c.(discordgo.ActionsRow)
		if ok && len(row.Components) > 0 {
			if _, isButton := row.Components[0].(discordgo.Button); isButton {
				buttons = append(buttons, row.Components...)
				continue
			}
		}
		menus = append(menus, c)
	}
	if len(menus) >= 5 {
		return comps
	}
	return append(menus, kit.PackRows(append(buttons, b), 5-len(menus))...)
}

// turnComponentsIn are the controls of seat's current decision: on the
// public board, and again in the seat's private reply when it goes on
// acting. Nothing in them depends on the seat's hand.
func turnComponentsIn(l *i18n.Loc, t kit.Table, s *tinners.State, seat int) []discordgo.MessageComponent {
	v := s.SeatView(seat)
	var bs []discordgo.MessageComponent
	add := func(b discordgo.Button) { bs = append(bs, b) }
	var menus []discordgo.MessageComponent
	kinds := legalKinds(v.Legal)
	switch s.Phase {
	case tinners.PhaseActions:
		return actionControls(l, t, s, v, kinds)
	case tinners.PhaseAuction:
		auctionButtons(l, t, s, v, seat, kinds, add)
	case tinners.PhaseAfterAuction:
		add(turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_after", nil), "tm", "after"))
	case tinners.PhaseCalciner:
		if a, ok := kinds[tinners.ActCalciner]; ok {
			add(turnButton(t, s, discordgo.SuccessButton, calcinerLabel(l, s, a.Action), "tt", a.Action.String()))
		}
		if a, ok := kinds[tinners.ActNoCalciner]; ok {
			add(turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_no_calciner", nil), "tt", a.Action.String()))
		}
	case tinners.PhasePumps:
		if msg := pumpStep(l, t, s, v); msg != nil {
			menus = msg.Components
		}
	case tinners.PhaseInvest:
		menus = investMenus(l, t, s, v)
		for _, a := range v.Legal {
			switch {
			case a.Kind == tinners.ActEndInvestTurn && s.InvestedNow == 0:
				add(turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_invest_done", nil), "tt", a.Action.String()))
			case a.Kind == tinners.ActEndInvestTurn:
				// Only a table from before one-choice investing is mid-turn.
				add(turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_invest_end", nil), "tt", a.Action.String()))
			case a.Kind == tinners.ActFinishInvest:
				add(turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_invest_done", nil), "tt", a.Action.String()))
			}
		}
	case tinners.PhasePeek:
		menus = peekControls(l, t, s, v, kinds, add)
	}
	out := append([]discordgo.MessageComponent(nil), menus...)
	return append(out, kit.PackRows(bs, 4-len(out))...)
}

// actionCtl is one control of the actions phase: its button and, for the
// rarer actions that go into the "More" select, what it does.
type actionCtl struct {
	btn  discordgo.Button
	desc string
	main bool // building, the best extraction and passing stay buttons
}

// actionControls are the controls of the actions phase: building and the
// best extraction and passing as buttons; the rarer actions (another
// extraction, developments, emigrating, steam pumps, arsenic, pasties) in
// one select when there are two or more of them, each option with its
// cost in its label and what it does below. A phone keeps the board, the
// turns told and the controls on one screen (issue 37).
func actionControls(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, kinds map[tinners.ActionKind]tinners.Choice) []discordgo.MessageComponent {
	cs := actionButtons(l, t, s, v, kinds)
	var buttons []discordgo.MessageComponent
	var more []actionCtl
	for _, c := range cs {
		if !c.main {
			more = append(more, c)
		}
	}
	if len(more) < 2 {
		for _, c := range cs {
			buttons = append(buttons, c.btn)
		}
		return kit.PackRows(buttons, 4)
	}
	var opts []discordgo.SelectMenuOption
	var names []string
	size := 0
	for _, c := range more {
		opts = append(opts, opt(c.btn.Label, c.desc, c.btn.CustomID))
		// The placeholder names what fits a phone's line or two; the
		// count says the rest.
		if n := shortAction(c.btn.Label); size+len([]rune(n)) <= 80 {
			names, size = append(names, n), size+len([]rune(n))+2
		}
	}
	for _, c := range cs {
		if c.main {
			buttons = append(buttons, c.btn)
		}
	}
	placeholder := l.T("ui_more_placeholder", kit.Args{"List": strings.Join(names, ", ")})
	if left := len(more) - len(names); left > 0 {
		placeholder = l.N("ui_more_placeholder_cut", left, kit.Args{"List": strings.Join(names, ", ")})
	}
	return append([]discordgo.MessageComponent{selectMenu(t, s, 0, placeholder, opts)}, kit.PackRows(buttons, 3)...)
}

// shortAction is a button label without its cost and its "…": "Miner".
func shortAction(label string) string {
	label, _, _ = strings.Cut(label, " (")
	label, _, _ = strings.Cut(label, ":")
	return strings.TrimSuffix(label, "…")
}

// actionButtons are the controls of the actions phase: building,
// extracting, developments, emigrating, steam pumps, arsenic, pasties and
// passing, in that order.
func actionButtons(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, kinds map[tinners.ActionKind]tinners.Choice) []actionCtl {
	var cs []actionCtl
	add := func(main bool, desc string, b discordgo.Button) { cs = append(cs, actionCtl{b, desc, main}) }
	if _, ok := kinds[tinners.ActBuild]; ok {
		add(true, "", turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_build", kit.Args{"WP": v.Cost(tinners.ActBuild)}), "tm", "build"))
	}
	if xs := extractChoices(l, v); len(xs) > 0 {
		add(true, "", turnButton(t, s, discordgo.SuccessButton, xs[0].btn, "tt", xs[0].a.String()))
		if len(xs) > 1 {
			add(false, l.T("ui_more_extract_other", nil), turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_extract_other", kit.Args{"WP": v.Cost(tinners.ActExtract)}), "tm", "ext"))
		}
	}
	for _, code := range []string{"mi", "omi", "po", "tr", "ad", "fad", "ftr", "fpo", "fmi"} {
		k := devCodes[code]
		if _, ok := kinds[k]; !ok {
			continue
		}
		if k.IsFree() {
			id := "ui_btn_place_" + devStems[k]
			add(false, devHelpIn(l, k), turnButton(t, s, discordgo.PrimaryButton, l.T(id, kit.Args{"WP": v.Cost(k)}), "tm", "dp:"+code))
		} else {
			add(false, devHelpIn(l, k), turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_dev", kit.Args{"Name": devNameIn(l, k), "WP": v.Cost(k)}), "tm", "dp:"+code))
		}
	}
	if em := emigrateChoices(l, v); len(em) > 0 {
		add(false, l.T("ui_more_emigrate", nil), turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_emigrate", kit.Args{"WP": v.Cost(tinners.ActEmigrate)}), "tm", "em"))
	}
	if a, ok := kinds[tinners.ActSteamPumps]; ok {
		add(false, l.N("ui_pumps_placeholder", v.Dev.NextPumps, nil), turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_pumps", kit.Args{"Pumps": v.Dev.NextPumps, "WP": v.Cost(tinners.ActSteamPumps)}), "tt", a.Action.String()))
	}
	if pra := arsenicChoices(l, v); len(pra) == 1 {
		add(false, l.T("ui_more_process_arsenic", nil), turnButton(t, s, discordgo.PrimaryButton, pra[0].label, "tt", pra[0].a.String()))
	} else if len(pra) > 1 {
		add(false, l.T("ui_more_process_arsenic", nil), turnButton(t, s, discordgo.PrimaryButton, l.T("ui_btn_process_arsenic", nil), "tm", "pra"))
	}
	if a, ok := kinds[tinners.ActSellArsenic]; ok {
		add(false, l.T("ui_more_sell_arsenic", nil), turnButton(t, s, discordgo.SuccessButton, sellArsenicLabel(l, v), "tt", a.Action.String()))
	}
	if a, ok := kinds[tinners.ActPasties]; ok {
		add(false, l.T("ui_more_pasties", nil), turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_pasties", kit.Args{"WP": v.Cost(tinners.ActPasties)}), "tt", a.Action.String()))
	}
	if a, ok := kinds[tinners.ActPass]; ok {
		add(true, "", turnButton(t, s, discordgo.DangerButton, l.T("ui_btn_pass", kit.Args{"WP": v.Cost(tinners.ActPass), "Row": len(v.PassOrder) + 1}), "tt", a.Action.String()))
	}
	return cs
}

// auctionButtons adds seat's bidding buttons when it is seat's turn in the
// auction: bid or raise by one and by five, another amount, drop out, and
// the turn order of those still in.
func auctionButtons(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, seat int, kinds map[tinners.ActionKind]tinners.Choice, add func(discordgo.Button)) {
	au := v.Auction
	if au == nil || au.Turn != seat {
		return
	}
	if a, ok := kinds[tinners.ActBid]; ok {
		lo, hi := a.Amount, a.Max
		label := l.T("ui_btn_bid", kit.Args{"Amount": lo})
		if au.High > 0 {
			label = l.T("ui_btn_raise1", kit.Args{"Amount": lo})
		}
		add(turnButton(t, s, discordgo.SuccessButton, label, "tt", bidAt(a.Action, lo).String()))
		if five := lo + 4; five <= hi {
			label = l.T("ui_btn_bid", kit.Args{"Amount": five})
			if au.High > 0 {
				label = l.T("ui_btn_raise5", kit.Args{"Amount": five})
			}
			add(turnButton(t, s, discordgo.SuccessButton, label, "tt", bidAt(a.Action, five).String()))
		}
		if hi > lo {
			add(discordgo.Button{Label: l.T("ui_btn_other_amount", kit.Args{"Min": lo, "Max": hi}), Style: discordgo.PrimaryButton,
				CustomID: tinnersID("tq", t, s, strconv.Itoa(seat), strconv.Itoa(lo), strconv.Itoa(hi))})
		}
	}
	if a, ok := kinds[tinners.ActDrop]; ok {
		add(turnButton(t, s, discordgo.DangerButton, l.T("ui_btn_drop", nil), "tt", a.Action.String()))
	}
	if len(au.In) > 1 {
		add(discordgo.Button{Label: l.T("ui_btn_order", nil), Style: discordgo.SecondaryButton, CustomID: tinnersID("to", t, s)})
	}
}

// peekControls adds the button that skips peeking and returns the menu of
// areas to peek at, if any.
func peekControls(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, kinds map[tinners.ActionKind]tinners.Choice, add func(discordgo.Button)) []discordgo.MessageComponent {
	var menus []discordgo.MessageComponent
	var opts []discordgo.SelectMenuOption
	for _, a := range v.Legal {
		if a.Kind == tinners.ActPeek {
			opts = append(opts, opt(l.T("ui_peek_label", kit.Args{"Area": areaLabel(s.Edition(), a.Area)}), l.T("ui_peek_desc", nil), applyValue(t, s, a.Action)))
		}
	}
	if len(opts) > 0 {
		menus = selects(t, s, l.T("ui_peek_placeholder", nil), opts)
	}
	if a, ok := kinds[tinners.ActSkipPeek]; ok {
		add(turnButton(t, s, discordgo.SecondaryButton, l.T("ui_btn_no_peek", nil), "tt", a.Action.String()))
	}
	return menus
}

func bidAt(a tinners.Action, amount int) tinners.Action {
	a.Amount = amount
	return a
}

// --- choices with their cost and effect ----------------------------------------

type choice struct {
	a           tinners.Action
	label, desc string
	btn         string // label and description in one short button label, where there is one
	score       int
}

// extractChoices are seat's legal extractions, best net gain first:
// "Extract 2 copper from C4 Truro", "£6 · sells £16 · 1 WP".
func extractChoices(l *i18n.Loc, v tinners.SeatView) []choice {
	var out []choice
	for _, a := range v.Legal {
		if a.Kind != tinners.ActExtract {
			continue
		}
		av := v.Areas[a.Area]
		n := a.Tin + a.Copper
		cost := n * av.Water
		sale := a.Tin*v.Tin + a.Copper*v.Copper
		var label, ore string
		tin, copper := l.N("ui_n_tin", a.Tin, nil), l.N("ui_n_copper", a.Copper, nil)
		switch {
		case a.Tin > 0 && a.Copper > 0:
			label = l.T("ui_extract_both", kit.Args{"Tin": tin, "Copper": copper, "Area": areaLabel(v.Edition(), a.Area)})
			ore = tin + " + " + copper
		case a.Tin > 0:
			label = l.T("ui_extract_one", kit.Args{"Ore": tin, "Area": areaLabel(v.Edition(), a.Area)})
			ore = tin
		case a.Copper > 0:
			label = l.T("ui_extract_one", kit.Args{"Ore": copper, "Area": areaLabel(v.Edition(), a.Area)})
			ore = copper
		default:
			continue
		}
		wp := v.Cost(tinners.ActExtract)
		out = append(out, choice{a: a.Action, label: label,
			desc:  l.T("ui_extract_desc", kit.Args{"Cost": cost, "Sale": sale, "WP": wp}),
			btn:   l.T("ui_btn_extract_best", kit.Args{"Ore": ore, "Area": av.ID, "Cost": cost, "Sale": sale, "WP": wp}),
			score: sale - cost})
	}
	slices.SortStableFunc(out, func(x, y choice) int {
		if c := cmp.Compare(y.score, x.score); c != 0 {
			return c
		}
		return cmp.Compare(y.a.Tin+y.a.Copper, x.a.Tin+x.a.Copper)
	})
	return out
}

// arsenicChoices are seat's legal "process arsenic" actions, one per mine
// with an arsenic cube: "Process arsenic from C4: −1 work point for the
// rest of the game", "final column 9 → 8 · 2 cubes there".
func arsenicChoices(l *i18n.Loc, v tinners.SeatView) []choice {
	var out []choice
	for _, a := range v.Legal {
		if a.Kind != tinners.ActProcessArsenic {
			continue
		}
		sp := v.Seats[v.Seat]
		next := v.Edition().WorkTrackLen - 1 // the limiter goes below column 10
		if sp.Limiter > 0 {
			next = sp.Limiter - 2
		}
		out = append(out, choice{a: a.Action,
			label: l.T("ui_pra_label", kit.Args{"Area": v.Areas[a.Area].ID}),
			desc:  l.N("ui_pra_desc", v.Areas[a.Area].Arsenic, kit.Args{"From": sp.FinalCol, "To": next})})
	}
	return out
}

// sellArsenicLabel is "Sell 2 arsenic: £26 (1 WP)".
func sellArsenicLabel(l *i18n.Loc, v tinners.SeatView) string {
	n := v.Seats[v.Seat].Arsenic
	earned, _ := v.Edition().ArsenicSale(v.ArsenicMarket, v.Round, n)
	return l.N("ui_btn_sell_arsenic", n, kit.Args{"Earned": earned, "WP": v.Cost(tinners.ActSellArsenic)})
}

// calcinerLabel is "Build calciner in C4 (free: +4 arsenic)".
func calcinerLabel(l *i18n.Loc, s *tinners.State, a tinners.Action) string {
	n := 0
	if next, _, err := tinners.Apply(s, a); err == nil {
		n = next.Ledger.ArsenicPlaced - s.Ledger.ArsenicPlaced
	}
	return l.N("ui_btn_calciner", n, kit.Args{"Area": s.Edition().Areas[s.PublicView().CalcinerArea].ID})
}

// effect says what an action does to the map's water and capacity, by
// applying it to a copy of the state (only public fields are read), and
// whether it removes water anywhere.
func effect(l *i18n.Loc, s *tinners.State, a tinners.Action) (text string, drains bool) {
	next, _, err := tinners.Apply(s, a)
	if err != nil {
		return "", false
	}
	va, vb := s.PublicView(), next.PublicView()
	var parts []string
	for i := range vb.Areas {
		x, y := va.Areas[i], vb.Areas[i]
		if x.Water != y.Water {
			parts = append(parts, l.T("ui_effect_water", kit.Args{"Area": x.ID, "From": x.Water, "To": y.Water}))
			drains = true
		}
		if x.Capacity != y.Capacity && y.Mine >= 0 {
			parts = append(parts, l.T("ui_effect_capacity", kit.Args{"Area": x.ID, "From": x.Capacity, "To": y.Capacity}))
		}
	}
	if len(parts) == 0 {
		return l.T("ui_effect_none", nil), false
	}
	return strings.Join(parts, l.T("list_sep", nil)), drains
}

// --- private steps ----------------------------------------------------------

// nextStep is seat's current decision as a private message: what the
// board offers them, or the step only they may see (draft, survey card).
// It is private: l is the seat's user's language.
func nextStepIn(l *i18n.Loc, t kit.Table, s *tinners.State, seat int) *kit.Message {
	switch s.Phase {
	case tinners.PhaseDraft:
		return draftStep(l, t, s, seat, false)
	case tinners.PhaseAfterAuction:
		msg, _ := stepMessageIn(l, t, s, seat, "after")
		return msg
	case tinners.PhaseOver:
		return nil
	}
	comps := turnComponentsIn(l, t, s, seat)
	if len(comps) == 0 {
		return nil
	}
	text := l.T("ui_your_move", kit.Args{"Ask": askTextIn(l, t, s.PublicView(), seat)})
	if seen := peekedReminderIn(l, s, seat); seen != "" {
		text += "\n" + seen
	}
	return &kit.Message{Content: text, Components: comps}
}

// peekedReminderIn is one line reminding seat, asked to bid in an auction
// for a face-down tile it has peeked at, what the tile holds; "" otherwise.
// It is private: l is the seat's user's language.
func peekedReminderIn(l *i18n.Loc, s *tinners.State, seat int) string {
	if s.Phase != tinners.PhaseAuction || s.Auction == nil {
		return ""
	}
	v := s.SeatView(seat)
	for _, pk := range v.Peeked {
		if pk.Area == s.Auction.Area {
			return l.T("ui_bid_peeked", kit.Args{"Tile": tileWordsIn(l, pk.Tile)})
		}
	}
	return ""
}

// Step opens the next private step of a multi-step choice. The choice so far
// travels in the custom IDs; nothing is kept on the server. A step with a
// single option is taken for the player.
func (m *host) Step(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, step string) kit.Response {
	ver, epoch := tk.Ver, tk.Epoch
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	l := kit.UserLoc(i)
	if step == "draft" && s.Phase == tinners.PhaseDraft {
		// Parallel: any version of the draft board opens the current choice.
		if msg := m.draftReply(l, t, s, seat); msg != nil {
			if acts, only := soleDraft(msg); only {
				// One set to keep: taken for the player (the house rule).
				resp := m.commit(ctx, i, t, s, seat, acts)
				if resp.Reply != nil {
					resp.Reply.Content = kit.Clip(l.T("ui_only_option", nil) + "\n" + resp.Reply.Content)
				}
				return resp
			}
			return kit.Response{Reply: msg}
		}
		return kit.Say(l, "ui_draft_chosen_waiting", kit.Args{"Who": kit.WhoIn(l, t, s.ToAct())})
	}
	if ver != s.Version || epoch != t.Notes.Epoch {
		return kit.MovedOn(i)
	}
	if !slices.Contains(s.ToAct(), seat) {
		return kit.NotYourTurn(i, t, s.ToAct())
	}
	msg, known := stepMessageIn(l, t, s, seat, step)
	if !known {
		if name, _ := stepCode(step); legacySteps[name] {
			return oldButtons(i)
		}
		return kit.Forged(i)
	}
	if msg == nil {
		return kit.Say(l, "ui_choice_unavailable", nil)
	}
	if id, only := soleChoice(*msg); only {
		if a, err := tinners.ParseAction(id.Rest[0]); err == nil && a.Seat == seat {
			resp := m.commit(ctx, i, t, s, seat, []tinners.Action{a})
			if resp.Reply != nil {
				resp.Reply.Content = kit.Clip(l.T("ui_only_option", nil) + "\n" + resp.Reply.Content)
			}
			return resp
		}
	}
	earlier := "since_earlier_turns" // behind the button
	if len(msg.Components) >= 5 {
		earlier = "since_earlier_turns_log"
	}
	if since, more, from, to := m.sinceLastMove(ctx, l, t, s, seat, earlier, kit.SinceBudget(msg.Content)); since != "" {
		msg.Content = kit.Clip(since + "\n\n" + msg.Content)
		if more > 0 && len(msg.Components) < 5 {
			msg.Components = append(msg.Components, kit.SinceButton(l, t, from, to))
		}
	}
	return kit.Response{Reply: m.markTT(l, t, s, msg)}
}

// soleDraft reports the discards of a draft step that offers one set.
func soleDraft(msg *kit.Message) ([]tinners.Action, bool) {
	if len(msg.Components) != 1 {
		return nil, false
	}
	row, ok := msg.Components[0].(discordgo.ActionsRow)
	if !ok || len(row.Components) != 1 {
		return nil, false
	}
	sm, ok := row.Components[0].(discordgo.SelectMenu)
	if !ok || len(sm.Options) != 1 {
		return nil, false
	}
	f := strings.SplitN(sm.Options[0].Value, ":", 4) // tdd:<game>:<tok>:<seat>:<cards>
	if len(f) != 4 || f[0] != "tdd" {
		return nil, false
	}
	return draftActions(f[3])
}

// legacySteps are step names of older versions of the bot, still on the
// buttons of boards posted before an upgrade.
var legacySteps = map[string]bool{"xs": true, "dev": true, "pump": true, "peek": true}

func oldButtons(i *discordgo.Interaction) kit.Response {
	return kit.Say(kit.UserLoc(i), "old_buttons", nil)
}

// soleChoice reports the one action a step offers (its tt ID), when it
// offers exactly one.
func soleChoice(msg kit.Message) (kit.ID, bool) {
	var ids []string
	for _, c := range msg.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				ids = append(ids, c.CustomID)
			case discordgo.SelectMenu:
				if c.MaxValues > 1 || kit.KindOf(c.CustomID) != "tsel" {
					return kit.ID{}, false
				}
				for _, o := range c.Options {
					ids = append(ids, o.Value)
				}
			}
		}
	}
	if len(ids) != 1 {
		return kit.ID{}, false
	}
	id, err := kit.RouteTable(ttRoutes()).Parse(ids[0])
	return id, err == nil && id.Kind == "tt"
}

// stepMessage builds the private message of a step for seat, from the state
// alone (no I/O). known is false for a step name that is not ours; msg is
// nil when the step offers nothing now.
func stepMessageIn(l *i18n.Loc, t kit.Table, s *tinners.State, seat int, step string) (msg *kit.Message, known bool) {
	v := s.SeatView(seat)
	legal := v.Legal
	name, arg := stepCode(step)
	switch name {
	case "draft":
		msg = draftStep(l, t, s, seat, false)
	case "build":
		msg = buildAreaStep(l, t, s, v, legal)
	case "bc":
		msg = buildCardStep(l, t, s, v, legal, s.Edition().AreaIndex(arg))
	case "ext":
		msg = extractStep(l, t, s, v)
	case "pra":
		cs := arsenicChoices(l, v)
		msg = simpleSelect(l, t, s, legal, tinners.ActProcessArsenic, l.T("ui_pra_text", nil), func(a tinners.Action) (string, string) {
			for _, c := range cs {
				if c.a == a {
					return l.T("ui_pra_from", kit.Args{"Area": areaLabel(s.Edition(), a.Area)}), c.desc
				}
			}
			return areaLabel(s.Edition(), a.Area), ""
		}, -1, "")
	case "dp":
		msg = devPlaceStep(l, t, s, v, legal, arg)
	case "em":
		msg = emigrateStep(l, t, s, v)
	case "after":
		msg = simpleSelect(l, t, s, legal, tinners.ActAfterCard, l.T("ui_after_text", nil), func(a tinners.Action) (string, string) {
			if a.Card == tinners.NoCard {
				return l.T("ui_after_no_card", nil), l.T("ui_after_keep", nil)
			}
			c := s.Edition().Cards[a.Card]
			return cardIn(l, c), l.T("ui_after_pay", kit.Args{"Value": c.Value, "Benefit": benefitIn(l, c)})
		}, -1, "")
	default:
		return nil, false
	}
	return msg, true
}

func selectMenu(t kit.Table, s *tinners.State, n int, placeholder string, opts []discordgo.SelectMenuOption) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: tinnersID("tsel", t, s, strconv.Itoa(n)), Placeholder: kit.Trunc(placeholder, 150), Options: opts}}}
}

func applyValue(t kit.Table, s *tinners.State, a tinners.Action) string {
	return tinnersID("tt", t, s, a.String())
}

func opt(label, desc, value string) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: kit.Trunc(label, 100), Description: kit.Trunc(desc, 100), Value: value}
}

// selects splits options into menus of at most 25, at most 4 of them.
func selects(t kit.Table, s *tinners.State, placeholder string, opts []discordgo.SelectMenuOption) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for n := 0; len(opts) > 0 && n < 4; n++ {
		k := min(25, len(opts))
		ph := placeholder
		if len(opts) > k || n > 0 {
			ph = fmt.Sprintf("%s (%d)", placeholder, n+1)
		}
		out = append(out, selectMenu(t, s, n, ph, opts[:k]))
		opts = opts[k:]
	}
	return out
}

// draftStep is the whole survey draft in one pick: the set of cards to
// keep (one card of each region is discarded), one lettered option per set
// of tinnersimg.DraftSets, the sets the draft picture letters alike
// (draftReply). Without the picture, text names the cards each set keeps.
func draftStep(l *i18n.Loc, t kit.Table, s *tinners.State, seat int, pictured bool) *kit.Message {
	v := s.SeatView(seat)
	sets := tinnersimg.DraftSets(v)
	if len(sets) == 0 {
		return nil
	}
	sep := l.T("list_sep", nil)
	names := func(ids []int) string {
		var out []string
		for _, id := range ids {
			out = append(out, cardIn(l, s.Edition().Cards[id]))
		}
		return strings.Join(out, sep)
	}
	var b strings.Builder
	b.WriteString(l.T("ui_draft_header", nil))
	var opts []discordgo.SelectMenuOption
	for k, set := range sets {
		letter := tinnersimg.DraftLetter(k)
		var ids []string
		for _, c := range set.Discard {
			ids = append(ids, strconv.Itoa(c))
		}
		opts = append(opts, opt(letter, "", tinnersID("tdd", t, s, strconv.Itoa(seat), strings.Join(ids, ","))))
		if !pictured {
			b.WriteString("\n" + l.T("ui_draft_set", kit.Args{"Letter": letter, "Keep": l.T("ui_draft_keep", kit.Args{"Cards": names(set.Keep)})}))
		}
		if len(opts) == 25 {
			break
		}
	}
	choose := "ui_draft_choose"
	if !pictured {
		choose = "ui_draft_choose_text"
	}
	b.WriteString("\n" + l.T(choose, kit.Args{"Regions": len(sets[0].Discard)}))
	return &kit.Message{Content: b.String(), Components: []discordgo.MessageComponent{
		multiLess(tinnersID("tsel", t, s, "0"), l.T("ui_draft_placeholder", nil), opts)}}
}

// draftReply is seat's private draft step with its picture, the kept sets
// lettered as the step's options; nil when the seat has chosen. A picture
// that cannot be drawn is logged and the step names the sets in text.
func (m *host) draftReply(l *i18n.Loc, t kit.Table, s *tinners.State, seat int) *kit.Message {
	v := s.SeatView(seat)
	if len(tinnersimg.DraftSets(v)) == 0 {
		return nil
	}
	png, err := m.ttRenderHand(v, kit.RenderOptions{Loc: l, Draft: true})
	if err != nil || png == nil {
		m.Log().Error("render draft", "table", t.ID, "seat", seat, "err", err)
		return draftStep(l, t, s, seat, false)
	}
	msg := draftStep(l, t, s, seat, true)
	msg.Files = []kit.File{{Name: "draft.png", Data: png}}
	return msg
}

// draftActions reads the Rest of a kept-set choice (tdd), "<seat>:<card>,…",
// into its discards.
func draftActions(rest string) ([]tinners.Action, bool) {
	f := strings.Split(rest, ":") // tdd's Rest: two fields
	if len(f) != 2 {
		return nil, false
	}
	return draftDiscards(f[0], f[1])
}

// draftDiscards reads a kept-set choice of seat: the cards it discards.
func draftDiscards(seatS, list string) ([]tinners.Action, bool) {
	seat, err := strconv.Atoi(seatS)
	if err != nil || seat < 0 || seat >= tinners.MaxSeats {
		return nil, false
	}
	var acts []tinners.Action
	for _, x := range strings.Split(list, ",") {
		c, err := strconv.Atoi(x)
		if err != nil || c < 0 || c >= tinners.NumCards || len(acts) >= tinners.NumRegions {
			return nil, false
		}
		acts = append(acts, tinners.Action{Seat: seat, Kind: tinners.ActDraftDiscard, Card: c, Area: -1, Border: -1})
	}
	return acts, len(acts) > 0
}

func buildAreaStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, legal []tinners.Choice) *kit.Message {
	seen := map[int]bool{}
	var byRegion [tinners.NumRegions][]discordgo.SelectMenuOption
	minBid := l.T("ui_min_bid", kit.Args{"Min": 1 + len(v.PassOrder)})
	if s.NumSeats == 2 {
		minBid = l.T("ui_min_bid_card", nil)
	}
	for _, a := range legal {
		if a.Kind != tinners.ActBuild || seen[a.Area] {
			continue
		}
		seen[a.Area] = true
		av := v.Areas[a.Area]
		desc := l.T("ui_face_down", nil)
		if av.Tile != nil {
			desc = l.T("ui_face_up", kit.Args{"Tile": tileWordsIn(l, *av.Tile)})
		}
		desc += l.T("ui_build_area_tail", kit.Args{"MinBid": minBid, "WP": v.Cost(tinners.ActBuild)})
		r := v.Edition().Areas[a.Area].Region
		byRegion[r] = append(byRegion[r], opt(areaLabel(v.Edition(), a.Area), desc, tinnersID("tm", t, s, "bc", v.Edition().Areas[a.Area].ID)))
	}
	var comps []discordgo.MessageComponent
	for r, opts := range byRegion {
		if len(opts) > 0 && len(comps) < 5 {
			comps = append(comps, selectMenu(t, s, r, l.T("ui_region", kit.Args{"Region": tinners.Region(r).String()}), opts))
		}
	}
	if len(comps) == 0 {
		return nil
	}
	return &kit.Message{Content: l.T("ui_build_area_text", kit.Args{"WP": v.Cost(tinners.ActBuild)}), Components: comps}
}

func buildCardStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, legal []tinners.Choice, area int) *kit.Message {
	if area < 0 {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	faceDown := v.Areas[area].FaceDown
	// The auction's winner pays the work points (the opener only if they win).
	cost := l.T("ui_build_cost", kit.Args{"WP": v.Cost(tinners.ActBuild)})
	minBid := l.T("ui_build_min_bid", kit.Args{"Min": 1 + len(v.PassOrder)})
	for _, a := range legal {
		if a.Kind != tinners.ActBuild || a.Area != area {
			continue
		}
		switch {
		case a.Draw:
			opts = append(opts, opt(l.T("ui_build_draw", nil), l.T("ui_build_draw_desc", nil)+cost, applyValue(t, s, a.Action)))
		case a.Card == tinners.NoCard:
			opts = append(opts, opt(l.T("ui_build_no_card", nil), l.T("ui_build_no_card_desc", nil)+minBid+cost, applyValue(t, s, a.Action)))
		default:
			c := v.Edition().Cards[a.Card]
			tail := cost
			if s.NumSeats == 2 {
				tail = l.T("ui_build_min_bid", kit.Args{"Min": c.Value}) + tail
			} else {
				tail = minBid + tail
			}
			if faceDown && s.NumSeats > 2 {
				tail += l.T("ui_build_you_peek", nil)
			}
			// A long benefit is shortened, never the cost.
			desc := kit.Trunc(benefitIn(l, c), 100-len([]rune(tail))) + tail
			opts = append(opts, opt(l.T("ui_build_play", kit.Args{"Card": cardIn(l, c)}), desc, applyValue(t, s, a.Action)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	return &kit.Message{Content: l.T("ui_build_card_text", kit.Args{"Area": areaLabel(v.Edition(), area), "WP": v.Cost(tinners.ActBuild)}),
		Components: selects(t, s, l.T("ui_build_card_placeholder", nil), opts)}
}

// extractStep lists every extraction, best first, in one menu.
func extractStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView) *kit.Message {
	var opts []discordgo.SelectMenuOption
	for _, x := range extractChoices(l, v) {
		opts = append(opts, opt(x.label, x.desc, applyValue(t, s, x.a)))
	}
	if len(opts) == 0 {
		return nil
	}
	return &kit.Message{Content: l.T("ui_extract_text", kit.Args{"WP": v.Cost(tinners.ActExtract), "Tin": v.Tin, "Copper": v.Copper, "Money": v.Seats[v.Seat].Money}),
		Components: selects(t, s, l.T("ui_extract_placeholder", nil), opts)}
}

// devStems name each development in its catalogue ids: ui_dev_<stem> (its
// name), ui_dev_help_<stem> (what it does) and, for a free one,
// ui_btn_place_<stem> (its button).
var devStems = map[tinners.ActionKind]string{tinners.ActMiner: "miner", tinners.ActPort: "port", tinners.ActTrain: "train", tinners.ActAdit: "adit",
	tinners.ActOwnMiner: "own_miner", tinners.ActFreeAdit: "free_adit", tinners.ActFreeTrain: "free_train",
	tinners.ActFreePort: "free_port", tinners.ActFreeMiner: "free_miner"}
var devCodes = map[string]tinners.ActionKind{"mi": tinners.ActMiner, "po": tinners.ActPort, "tr": tinners.ActTrain, "ad": tinners.ActAdit,
	"omi": tinners.ActOwnMiner, "fad": tinners.ActFreeAdit, "ftr": tinners.ActFreeTrain, "fpo": tinners.ActFreePort, "fmi": tinners.ActFreeMiner}

// devNameIn is development k's name ("Miner") in l's language.
func devNameIn(l *i18n.Loc, k tinners.ActionKind) string {
	id := "ui_dev_" + devStems[k]
	return l.T(id, nil)
}

// devHelpIn says what development k does, in l's language.
func devHelpIn(l *i18n.Loc, k tinners.ActionKind) string {
	id := "ui_dev_help_" + devStems[k]
	return l.T(id, nil)
}

// devPlaceStep lists where a development may go, with what it does there;
// the seat's own mines first.
func devPlaceStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView, legal []tinners.Choice, code string) *kit.Message {
	k, ok := devCodes[code]
	if !ok {
		return nil
	}
	type placed struct {
		o      discordgo.SelectMenuOption
		own    bool
		drains bool
	}
	var ps []placed
	for _, a := range legal {
		if a.Kind != k {
			continue
		}
		var label string
		own := false
		if k == tinners.ActAdit || k == tinners.ActFreeAdit {
			br := v.Edition().Borders[a.Border]
			label = areaLabel(v.Edition(), br[0]) + " – " + areaLabel(v.Edition(), br[1])
			own = v.Areas[br[0]].Mine == v.Seat || v.Areas[br[1]].Mine == v.Seat
		} else {
			label = areaLabel(v.Edition(), a.Area)
			own = v.Areas[a.Area].Mine == v.Seat
			if m := v.Areas[a.Area].Mine; m >= 0 && !own {
				label = l.T("ui_area_mine_of", kit.Args{"Area": label, "Name": kit.NameOfIn(l, t, tinners.Match{S: s}, m)})
			}
		}
		if own {
			label = l.T("ui_own_label", kit.Args{"Label": label})
		}
		fx, drains := effect(l, s, a.Action)
		desc := l.T("ui_dev_desc", kit.Args{"WP": v.Cost(k), "Effect": fx})
		ps = append(ps, placed{opt(label, desc, applyValue(t, s, a.Action)), own, drains})
	}
	if len(ps) == 0 {
		return nil
	}
	// Own mines first, then the places where it removes water.
	slices.SortStableFunc(ps, func(x, y placed) int {
		if c := cmp.Compare(boolInt(y.own), boolInt(x.own)); c != 0 {
			return c
		}
		return cmp.Compare(boolInt(y.drains), boolInt(x.drains))
	})
	var opts []discordgo.SelectMenuOption
	for _, p := range ps {
		opts = append(opts, p.o)
	}
	text, choose := "ui_dev_text_area", "ui_choose_area"
	if k == tinners.ActAdit || k == tinners.ActFreeAdit {
		text, choose = "ui_dev_text_border", "ui_choose_border"
	}
	return &kit.Message{Content: l.T(text, kit.Args{"Name": devNameIn(l, k), "WP": v.Cost(k), "Help": devHelpIn(l, k)}),
		Components: selects(t, s, l.T(choose, nil), opts)}
}

// pumpStep places every steam pump in one multi-select: an area may be
// picked once per water cube in it.
func pumpStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView) *kit.Message {
	var opts []discordgo.SelectMenuOption
	var done *tinners.Action
	for round := 1; round <= v.PumpsLeft; round++ {
		for _, a := range v.Legal {
			if a.Kind == tinners.ActPumpDone {
				a := a.Action
				done = &a
			}
			if a.Kind != tinners.ActPump || len(opts) >= 25 {
				continue
			}
			av := v.Areas[a.Area]
			if av.Water < round {
				continue
			}
			label := areaLabel(v.Edition(), a.Area)
			if av.Mine == v.Seat {
				label = l.T("ui_own_label", kit.Args{"Label": label})
			} else if av.Mine >= 0 {
				label += " (" + kit.NameOfIn(l, t, tinners.Match{S: s}, av.Mine) + ")"
			}
			if round > 1 {
				label = l.T("ui_pump_n", kit.Args{"Label": label, "N": round})
			}
			opts = append(opts, opt(label, l.T("ui_pump_water", kit.Args{"From": av.Water - round + 1, "To": av.Water - round}), fmt.Sprintf("%s#%d", a.String(), round)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	// Own mines first.
	slices.SortStableFunc(opts, func(x, y discordgo.SelectMenuOption) int {
		return cmp.Compare(boolInt(!strings.HasPrefix(x.Label, "★")), boolInt(!strings.HasPrefix(y.Label, "★")))
	})
	one, most := 1, min(v.PumpsLeft, len(opts))
	comps := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: tinnersID("tmul", t, s, "pw"), Placeholder: kit.Trunc(l.N("ui_pumps_placeholder", most, nil), 150),
			MinValues: &one, MaxValues: most, Options: opts}}}}
	if done != nil {
		comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			turnButton(t, s, discordgo.SecondaryButton, l.N("ui_btn_pumps_unused", v.PumpsLeft, nil), "tt", done.String())}})
	}
	return &kit.Message{Content: l.N("ui_pumps_text", v.PumpsLeft, nil), Components: comps}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// investMenus offer a whole investing turn in one choice: an amount and
// whether to come back later or finish.
func investMenus(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView) []discordgo.MessageComponent {
	seat := v.Seat
	sp := v.Seats[seat]
	if v.InvestTurn != seat || sp.PassRow < 1 || sp.PassRow > len(v.InvestRows) {
		return nil
	}
	pts := v.InvestRows[sp.PassRow-1]
	var amounts []int
	for x := 5; x <= sp.Money; x += 5 {
		amounts = append(amounts, x)
	}
	if len(amounts) > 12 {
		// Thin to £10 steps, keeping the largest amount.
		var thin []int
		for _, x := range amounts {
			if x%10 == 0 || x == amounts[len(amounts)-1] {
				thin = append(thin, x)
			}
		}
		amounts = thin
	}
	if len(amounts) > 12 {
		amounts = amounts[len(amounts)-12:]
	}
	var more, fin []discordgo.SelectMenuOption
	canMore := slices.ContainsFunc(v.Legal, func(a tinners.Choice) bool { return a.Kind == tinners.ActEndInvestTurn })
	for _, x := range amounts {
		tens, fives, p := bestSplit(x, pts)
		id := func(end string) string {
			return tinnersID("tinv", t, s, strconv.Itoa(seat), strconv.Itoa(tens), strconv.Itoa(fives), end)
		}
		left := sp.Money - x
		a := kit.Args{"Amount": x, "Points": p, "Left": left}
		if canMore && left >= 5 {
			more = append(more, opt(l.T("ui_invest_more_label", a), l.T("ui_invest_more_desc", a), id("more")))
		}
		fin = append(fin, opt(l.T("ui_invest_fin_label", a), l.T("ui_invest_fin_desc", a), id("fin")))
	}
	var out []discordgo.MessageComponent
	if len(fin) > 0 {
		out = append(out, multiLess(tinnersID("tsel", t, s, "0"), l.T("ui_invest_fin_placeholder", kit.Args{"Row": sp.PassRow, "Ten": pts[0], "Five": pts[1]}), fin))
	}
	if len(more) > 0 {
		out = append(out, multiLess(tinnersID("tsel", t, s, "1"), l.T("ui_invest_more_placeholder", nil), more))
	}
	return out
}

func multiLess(id, placeholder string, opts []discordgo.SelectMenuOption) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: id, Placeholder: kit.Trunc(placeholder, 150), Options: opts}}}
}

// bestSplit spends exactly amount in £10 and £5 investments for the most points.
func bestSplit(amount int, v [2]int) (tens, fives, points int) {
	points = -1
	for t := amount / 10; t >= 0; t-- {
		f := (amount - 10*t) / 5
		if 10*t+5*f != amount {
			continue
		}
		if p := t*v[0] + f*v[1]; p > points {
			tens, fives, points = t, f, p
		}
	}
	return
}

// investActions turns an investing choice into engine actions, checked on
// a copy of s: the £10s, the £5s, then the end of the turn or the finish
// (unless the engine already ended it, when the money ran out).
func investActions(s *tinners.State, seat, tens, fives int, finish bool) ([]tinners.Action, error) {
	var acts []tinners.Action
	cur := s
	add := func(a tinners.Action) error {
		next, _, err := tinners.Apply(cur, a)
		if err != nil {
			return err
		}
		acts = append(acts, a)
		cur = next
		return nil
	}
	base := tinners.Action{Seat: seat, Card: tinners.NoCard, Area: -1, Border: -1}
	for k := 0; k < tens+fives; k++ {
		a := base
		a.Kind, a.Amount = tinners.ActInvest, 10
		if k >= tens {
			a.Amount = 5
		}
		if err := add(a); err != nil {
			return nil, err
		}
	}
	if cur.Phase == tinners.PhaseInvest && slices.Contains(cur.ToAct(), seat) {
		a := base
		a.Kind = tinners.ActEndInvestTurn
		if finish && cur.InvestedNow > 0 {
			a.Kind = tinners.ActFinishInvest
		}
		if err := add(a); err != nil {
			return nil, err
		}
	}
	return acts, nil
}

// simpleSelect lists the legal actions of one kind as a select, with an
// optional button for a second kind (done / skip).
func simpleSelect(l *i18n.Loc, t kit.Table, s *tinners.State, legal []tinners.Choice, kind tinners.ActionKind, text string,
	describe func(tinners.Action) (string, string), alt tinners.ActionKind, altLabel string) *kit.Message {
	var opts []discordgo.SelectMenuOption
	var comps []discordgo.MessageComponent
	for _, a := range legal {
		if a.Kind == kind {
			l, d := describe(a.Action)
			opts = append(opts, opt(l, d, applyValue(t, s, a.Action)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	comps = selects(t, s, l.T("ui_choose", nil), opts)
	for _, a := range legal {
		if a.Kind == alt && altLabel != "" && len(comps) < 5 {
			comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{turnButton(t, s, discordgo.SecondaryButton, altLabel, "tt", a.Action.String())}})
		}
	}
	return &kit.Message{Content: text, Components: comps}
}

// --- batches: multi-selects and investing ---------------------------------------

// multiPick applies the values picked in a multi-select (tmul): the draft's
// discards, or steam pumps (then giving up the ones not placed).
func (m *host) multiPick(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, kind string, values []string) kit.Response {
	if len(values) == 0 || len(values) > 25 {
		return kit.Forged(i)
	}
	var acts []tinners.Action
	for _, v := range values {
		v, _, _ = strings.Cut(v, "#")
		a, err := tinners.ParseAction(v)
		if err != nil {
			return kit.Forged(i)
		}
		if kind != "pw" || a.Kind != tinners.ActPump {
			return kit.Forged(i)
		}
		acts = append(acts, a)
	}
	if kind == "pw" {
		// Pumps the player did not place are given up, so the turn goes on.
		t, s, r := m.game(ctx, i, gameID)
		if r != nil {
			return *r
		}
		_ = t
		if s.Phase == tinners.PhasePumps && len(acts) < s.PumpsLeft {
			cur := s
			for _, a := range acts {
				next, _, err := tinners.Apply(cur, a)
				if err != nil {
					break
				}
				cur = next
			}
			if cur.Phase == tinners.PhasePumps {
				acts = append(acts, tinners.Action{Seat: acts[0].Seat, Kind: tinners.ActPumpDone, Card: tinners.NoCard, Area: -1, Border: -1})
			}
		}
	}
	return m.play(ctx, i, gameID, tk, acts)
}

// invest applies one investing choice (tinv) atomically.
// f is the Rest of its ID: seat, tens, fives, more|fin.
func (m *host) invest(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, f []string) kit.Response {
	if len(f) != 4 || (f[3] != "more" && f[3] != "fin") {
		return kit.Forged(i)
	}
	seat, err1 := strconv.Atoi(f[0])
	tens, err2 := strconv.Atoi(f[1])
	fives, err3 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || err3 != nil || seat < 0 || seat >= tinners.MaxSeats || tens < 0 || fives < 0 || tens+fives > 40 || tens+fives == 0 {
		return kit.Forged(i)
	}
	_, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return *r
	}
	acts, err := investActions(s, seat, tens, fives, f[3] == "fin")
	if err != nil {
		if len(acts) == 0 && s.Phase == tinners.PhaseInvest && slices.Contains(s.ToAct(), seat) {
			l := kit.UserLoc(i)
			why := err.Error()
			var re *tinners.RuleError
			if errors.As(err, &re) {
				why = kit.RuleErrorIn(l, re)
			}
			return kit.Say(l, "ui_nothing_invested", kit.Args{"Why": why})
		}
		// Checked again by play, with the usual answers (stale, not your turn).
		acts = []tinners.Action{{Seat: seat, Kind: tinners.ActInvest, Amount: 10, Card: tinners.NoCard, Area: -1, Border: -1}}
	}
	return m.play(ctx, i, gameID, tk, acts)
}

// --- the bid amount modal and standing orders -------------------------------------

// bidModal opens the bid-amount form; f is the Rest of its tq ID: seat, min, max.
func (m *host) bidModal(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, f []string) kit.Response {
	if len(f) != 3 {
		return kit.Forged(i)
	}
	seatN, err1 := strconv.Atoi(f[0])
	lo, err2 := strconv.Atoi(f[1])
	hi, err3 := strconv.Atoi(f[2])
	ver, epoch := tk.Ver, tk.Epoch
	if err1 != nil || err2 != nil || err3 != nil {
		return kit.Forged(i)
	}
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	if seat != seatN {
		return kit.NotYourTurn(i, t, s.ToAct())
	}
	if ver != s.Version || epoch != t.Notes.Epoch {
		return kit.MovedOn(i)
	}
	if !offeredBid(s, seat, lo, hi) {
		return kit.Forged(i) // a range the board did not offer, or no bid to make
	}
	l := kit.UserLoc(i)
	return kit.Response{Modal: &discordgo.InteractionResponseData{
		CustomID: tinnersID("tb", t, s, strconv.Itoa(seat), strconv.Itoa(lo), strconv.Itoa(hi)),
		Title:    l.T("ui_bid_title", nil),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "amount", Label: l.T("ui_bid_amount", kit.Args{"Min": lo, "Max": hi}), Style: discordgo.TextInputShort,
				Placeholder: strconv.Itoa(lo), Required: true, MinLength: 1, MaxLength: 5},
		}}},
	}}
}

// offeredBid reports whether the board of s offers seat a bid from lo to
// hi: it is the seat's bid in an auction, and that is its legal range.
func offeredBid(s *tinners.State, seat, lo, hi int) bool {
	if s.Phase != tinners.PhaseAuction {
		return false
	}
	for _, a := range s.SeatView(seat).Legal {
		if a.Kind == tinners.ActBid {
			return a.Amount == lo && a.Max == hi
		}
	}
	return false
}

// orderModal opens the standing-order form for any bidder still in.
func (m *host) orderModal(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token) kit.Response {
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	l := kit.UserLoc(i)
	if s.Phase != tinners.PhaseAuction || !slices.Contains(s.PublicView().Auction.In, seat) {
		return kit.Say(l, "ui_order_not_bidding", nil)
	}
	if tk.Epoch != t.Notes.Epoch || tk.Ver > s.Version || tk.Ver < NotesOf(t.Notes).AuctionFrom {
		return kit.MovedOn(i)
	}
	money := s.PublicView().Seats[seat].Money
	return kit.Response{Modal: &discordgo.InteractionResponseData{
		CustomID: tinnersID("tob", t, s),
		Title:    l.T("ui_order_title", nil),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "amount", Label: l.T("ui_order_amount", kit.Args{"Max": money}), Style: discordgo.TextInputShort,
				Placeholder: "0", Required: true, MinLength: 1, MaxLength: 5},
		}}},
	}}
}

// modalAmount reads the amount box of a submitted modal.
func modalAmount(d discordgo.ModalSubmitInteractionData) (int, bool) {
	var text string
	for _, row := range d.Components {
		if ar, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range ar.Components {
				if ti, ok := c.(*discordgo.TextInput); ok && ti.CustomID == "amount" {
					text = ti.Value
				}
			}
		}
	}
	text = strings.TrimPrefix(strings.TrimSpace(text), "£")
	if text == "" || len(text) > 6 {
		return 0, false
	}
	for _, r := range text {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(text)
	return n, err == nil
}

// bidSubmit answers the bid-amount form (tb).
func (m *host) bidSubmit(ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
	if len(id.Rest) == 1 {
		return oldButtons(i) // the amount box of an older version of the bot
	}
	if len(id.Rest) != 3 {
		return kit.Forged(i)
	}
	amount, ok := modalAmount(i.ModalSubmitData())
	seat, err := strconv.Atoi(id.Rest[0])
	_, errLo := strconv.Atoi(id.Rest[1])
	_, errHi := strconv.Atoi(id.Rest[2])
	if err != nil || errLo != nil || errHi != nil || seat < 0 || seat >= tinners.MaxSeats {
		return kit.Forged(i)
	}
	if !ok {
		// Offer the box again, with the same range.
		again := id
		again.Kind = "tq"
		l := kit.UserLoc(i)
		return kit.Response{Reply: &kit.Message{Content: l.T("ui_bid_not_number", nil),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: kit.Trunc(l.T("ui_btn_bid_again", kit.Args{"Min": id.Rest[1], "Max": id.Rest[2]}), 80), Style: discordgo.PrimaryButton,
					CustomID: m.Routes().Format(again)}}}}}}
	}
	return m.play(ctx, i, id.Game, id.Tok, []tinners.Action{{Seat: seat, Kind: tinners.ActBid, Amount: amount, Card: tinners.NoCard, Area: -1, Border: -1}})
}

// orderSubmit answers the standing-order form (tob).
func (m *host) orderSubmit(ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
	amount, ok := modalAmount(i.ModalSubmitData())
	if !ok {
		again := id
		again.Kind = "to"
		l := kit.UserLoc(i)
		return kit.Response{Reply: &kit.Message{Content: l.T("ui_order_not_number", nil),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: l.T("ui_btn_order_again", nil), Style: discordgo.PrimaryButton, CustomID: m.Routes().Format(again)}}}}}}
	}
	return m.setOrder(ctx, i, id.Game, id.Tok, amount, false)
}

// emigrateChoices are seat's legal emigrations with their reward and cost:
// "Emigrate to Sierra Madre: +15 pts (1 WP)", "from C6 Newquay · …".
func emigrateChoices(l *i18n.Loc, v tinners.SeatView) []choice {
	e := v.Edition()
	sp := v.Seats[v.Seat]
	var out []choice
	for _, a := range v.Legal {
		if a.Kind != tinners.ActEmigrate {
			continue
		}
		r := v.Round - 1
		var reward string
		switch a.Amount {
		case tinners.Michigan:
			switch p := e.MichiganPieces[r]; {
			case p.Miners > 1:
				reward = l.N("ui_emigrate_free_miners", p.Miners, nil)
			case p.Adits > 0:
				reward = l.T("ui_emigrate_free_adit", nil)
			case p.Trains > 0:
				reward = l.T("ui_emigrate_free_train", nil)
			case p.Ports > 0:
				reward = l.T("ui_emigrate_free_port", nil)
			default:
				reward = l.T("ui_emigrate_free_miner", nil)
			}
		case tinners.SierraMadre:
			reward = l.T("ui_emigrate_points", kit.Args{"Points": e.SierraPoints[r]})
		case tinners.Kimberly:
			reward = l.T("ui_emigrate_money", kit.Args{"Money": e.KimberlyMoney[r]})
			if v.Round < tinners.NumRounds {
				reward = l.T("ui_emigrate_money_later", kit.Args{"Money": e.KimberlyMoney[r]})
			}
		case tinners.Adelaide:
			b := e.AdelaideBonus[r]
			reward = l.T("ui_emigrate_sale", kit.Args{"Bonus": b[0]*max(sp.Tin, sp.Copper) + b[1]*min(sp.Tin, sp.Copper),
				"Reward": rewardIn(l, v.Edition(), tinners.Adelaide, r)})
		}
		av := v.Areas[a.Area]
		desc := l.T("ui_emigrate_leaves", kit.Args{"Area": areaLabel(v.Edition(), a.Area)})
		if av.Mine >= 0 {
			desc += l.T("ui_emigrate_capacity", kit.Args{"From": av.Capacity, "To": av.Capacity - 1})
		}
		out = append(out, choice{a: a.Action,
			label: l.T("ui_emigrate_label", kit.Args{"Place": e.Emigration[a.Amount].Name, "Reward": reward, "WP": v.Cost(tinners.ActEmigrate)}),
			desc:  desc + l.T("ui_wp_tail", kit.Args{"WP": v.Cost(tinners.ActEmigrate)})})
	}
	return out
}

// emigrateStep lists every emigration: each open space of this round, from
// each of the seat's own miners on the map.
func emigrateStep(l *i18n.Loc, t kit.Table, s *tinners.State, v tinners.SeatView) *kit.Message {
	var opts []discordgo.SelectMenuOption
	for _, c := range emigrateChoices(l, v) {
		opts = append(opts, opt(c.label, c.desc, applyValue(t, s, c.a)))
	}
	if len(opts) == 0 {
		return nil
	}
	return &kit.Message{Content: l.T("ui_emigrate_text", kit.Args{"WP": v.Cost(tinners.ActEmigrate)}),
		Components: selects(t, s, l.T("ui_emigrate_placeholder", nil), opts)}
}

// ttAlt is the alt text's matter of a board of s: the platform's, with the
// round (the engine's match has no engine.Rounds).
func ttAlt(l *i18n.Loc, t kit.Table, meta engine.Meta, s *tinners.State) kit.Alt {
	a := kit.AltOf(l, t, meta, tinners.Match{S: s})
	if s.Round > 0 {
		a.Round = l.T("g_round_name", kit.Args{"Round": s.Round})
	}
	if r := s.Result; r != nil && s.Solo != nil {
		// The solo game is won against Lord Wallace (he wins a tie).
		lord := len(t.Seats)
		a.Result = &engine.Result{Ranking: []int{lord, 0}, Scores: []int{s.Players[0].Points, r.Wallace}}
		if r.Won {
			a.Result.Ranking = []int{0, lord}
		}
	}
	return a
}
