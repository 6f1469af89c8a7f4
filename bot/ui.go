package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
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
func (m *Main) board(ctx context.Context, t Table, s *tinners.State, o boardOpts) (post, error) {
	v := s.PublicView()
	msg := boardMessage(t, s)
	if s.Phase == tinners.PhaseOver {
		m.finalExtras(ctx, t, s, &msg)
	}
	for _, k := range o.Ping {
		if k >= 0 && k < len(t.Seats) {
			msg.Mentions = append(msg.Mentions, t.Seats[k].UserID)
		}
	}
	if !o.TextOnly {
		png, err := m.cfg.Render(v, RenderOptions{Names: seatPlainNames(t), Changed: t.Notes.Changed, Full: o.Full})
		if err != nil {
			return post{}, fmt.Errorf("render board: %w", err)
		}
		if png != nil {
			msg.Files = []file{{Name: fmt.Sprintf("board-%s-%d.png", t.ID, v.Version), Data: png}}
		}
	}
	p := post{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Retire: t.BoardMsg}
	if len(msg.Files) > 0 {
		p.PicAt = picAt(s)
	}
	return p, nil
}

// picAt names what a picture of s shows, for needsPicture.
func picAt(s *tinners.State) string { return fmt.Sprintf("%d/%s", s.Round, s.Phase) }

// maxTextPosts is how many boards in a row may go without a picture.
const maxTextPosts = 3

// needsPicture says whether a hand-off post needs a new picture: when
// something on the map changed since the last one, the round or phase is
// another, or the last picture is a few posts up. Otherwise everything
// that changed (bids, money, points, work, passes) is in the text.
func needsPicture(t Table, s *tinners.State) bool {
	return len(t.Notes.Changed) > 0 || t.Notes.PicAt != picAt(s) || t.Notes.TextPosts >= maxTextPosts || s.Phase == tinners.PhaseOver
}

// boardMessage is the text and buttons of the current board (no picture,
// no pings): a new post and an edit in place share it.
func boardMessage(t Table, s *tinners.State) message {
	v := s.PublicView()
	var account []string
	names := seatNames(t)
	for _, l := range t.Notes.Pending {
		account = append(account, tinners.FormatLine(l.say(tableLoc(t)), names))
	}
	return message{Content: clip(boardText(t, v, account)), Components: boardComponents(t, s)}
}

func seatPlainNames(t Table) []string {
	var names []string
	for _, st := range t.Seats {
		names = append(names, st.Name)
	}
	if t.solo() {
		names = append(names, lordName)
	}
	return names
}

func actButton(t Table, s *tinners.State, label string, a tinners.Action, style discordgo.ButtonStyle) discordgo.Button {
	a.Max = 0
	return discordgo.Button{Label: trunc(label, 80), Style: style, CustomID: tinnersID("tt", t, s, a.String())}
}

func menuButton(t Table, s *tinners.State, label, step string) discordgo.Button {
	return discordgo.Button{Label: trunc(label, 80), Style: discordgo.PrimaryButton, CustomID: tinnersID("tm", t, s, step)}
}

func rows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for len(buttons) > 0 && len(out) < 5 {
		n := min(5, len(buttons))
		out = append(out, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return out
}

func legalKinds(legal []tinners.Action) map[tinners.ActionKind]tinners.Action {
	k := map[tinners.ActionKind]tinners.Action{}
	for _, a := range legal {
		if _, ok := k[a.Kind]; !ok {
			k[a.Kind] = a
		}
	}
	return k
}

func wp(k tinners.ActionKind) int { return tinners.Standard.Costs[k] }

// boardComponents are the buttons and menus of the newest board. Choices
// that would reveal a hand (which cards may be played) open private steps.
func boardComponents(t Table, s *tinners.State) []discordgo.MessageComponent {
	var comps []discordgo.MessageComponent
	if s.Phase == tinners.PhaseOver {
		return nil
	}
	switch s.Phase {
	case tinners.PhaseDraft:
		comps = rows([]discordgo.MessageComponent{menuButton(t, s, "Choose my survey cards", "draft")})
	default:
		who := s.ToAct()
		if len(who) == 1 {
			comps = turnComponents(t, s, who[0])
		}
	}
	hand := discordgo.Button{Label: "My hand", Style: discordgo.SecondaryButton, CustomID: plainID("th", t.ID)}
	return appendButton(comps, hand)
}

// appendButton adds b to the last row of buttons, or a new row.
func appendButton(comps []discordgo.MessageComponent, b discordgo.Button) []discordgo.MessageComponent {
	if n := len(comps); n > 0 {
		if row, ok := comps[n-1].(discordgo.ActionsRow); ok && len(row.Components) < 5 {
			if _, isButton := row.Components[0].(discordgo.Button); isButton {
				row.Components = append(append([]discordgo.MessageComponent(nil), row.Components...), b)
				comps = append(comps[:n-1:n-1], row)
				return comps
			}
		}
	}
	if len(comps) >= 5 {
		return comps
	}
	return append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}})
}

// turnComponents are the controls of seat's current decision: on the
// public board, and again in the seat's private reply when it goes on
// acting. Nothing in them depends on the seat's hand.
func turnComponents(t Table, s *tinners.State, seat int) []discordgo.MessageComponent {
	v := s.SeatView(seat)
	var bs []discordgo.MessageComponent
	add := func(b discordgo.Button) { bs = append(bs, b) }
	var menus []discordgo.MessageComponent
	kinds := legalKinds(v.Legal)
	switch s.Phase {
	case tinners.PhaseActions:
		if _, ok := kinds[tinners.ActBuild]; ok {
			add(menuButton(t, s, fmt.Sprintf("Build a mine… (%d WP)", wp(tinners.ActBuild)), "build"))
		}
		if xs := extractChoices(v); len(xs) > 0 {
			add(actButton(t, s, xs[0].label+" · "+xs[0].desc, xs[0].a, discordgo.SuccessButton))
			if len(xs) > 1 {
				add(menuButton(t, s, fmt.Sprintf("Extract other… (%d WP)", wp(tinners.ActExtract)), "ext"))
			}
		}
		for _, code := range []string{"mi", "omi", "po", "tr", "ad", "fad", "ftr", "fpo", "fmi"} {
			k := devCodes[code]
			if _, ok := kinds[k]; !ok {
				continue
			}
			if k.IsFree() {
				add(menuButton(t, s, fmt.Sprintf("Place %s… (free, %d WP)", devNames[k], wp(k)), "dp:"+code))
			} else {
				add(menuButton(t, s, fmt.Sprintf("%s… (%d WP)", devNames[k], wp(k)), "dp:"+code))
			}
		}
		if em := emigrateChoices(v); len(em) > 0 {
			add(menuButton(t, s, fmt.Sprintf("Emigrate a miner… (%d WP)", wp(tinners.ActEmigrate)), "em"))
		}
		if a, ok := kinds[tinners.ActSteamPumps]; ok {
			add(actButton(t, s, fmt.Sprintf("Steam pumps ×%d (%d WP)", v.Dev.NextPumps, wp(tinners.ActSteamPumps)), a, discordgo.PrimaryButton))
		}
		if pra := arsenicChoices(v); len(pra) == 1 {
			add(actButton(t, s, pra[0].label, pra[0].a, discordgo.PrimaryButton))
		} else if len(pra) > 1 {
			add(menuButton(t, s, "Process arsenic…: −1 work point for the rest of the game", "pra"))
		}
		if a, ok := kinds[tinners.ActSellArsenic]; ok {
			add(actButton(t, s, sellArsenicLabel(v), a, discordgo.SuccessButton))
		}
		if a, ok := kinds[tinners.ActPasties]; ok {
			add(actButton(t, s, fmt.Sprintf("Sell pasties (%d WP, +£1)", wp(tinners.ActPasties)), a, discordgo.SecondaryButton))
		}
		if a, ok := kinds[tinners.ActPass]; ok {
			add(actButton(t, s, fmt.Sprintf("Pass (%d WP; invest from row %d)", wp(tinners.ActPass), len(v.PassOrder)+1), a, discordgo.DangerButton))
		}
	case tinners.PhaseAuction:
		au := v.Auction
		if au == nil || au.Turn != seat {
			break
		}
		if a, ok := kinds[tinners.ActBid]; ok {
			lo, hi := a.Amount, a.Max
			label := fmt.Sprintf("Bid £%d", lo)
			if au.High > 0 {
				label = fmt.Sprintf("Raise +£1 (£%d)", lo)
			}
			add(actButton(t, s, label, bidAt(a, lo), discordgo.SuccessButton))
			if five := lo + 4; five <= hi {
				label = fmt.Sprintf("Bid £%d", five)
				if au.High > 0 {
					label = fmt.Sprintf("Raise +£5 (£%d)", five)
				}
				add(actButton(t, s, label, bidAt(a, five), discordgo.SuccessButton))
			}
			if hi > lo {
				add(discordgo.Button{Label: fmt.Sprintf("Other amount (£%d–£%d)…", lo, hi), Style: discordgo.PrimaryButton,
					CustomID: tinnersID("tq", t, s, strconv.Itoa(seat), strconv.Itoa(lo), strconv.Itoa(hi))})
			}
		}
		if a, ok := kinds[tinners.ActDrop]; ok {
			add(actButton(t, s, "Drop out", a, discordgo.DangerButton))
		}
		if len(au.In) > 1 {
			add(discordgo.Button{Label: "Bid for me up to… / auto-drop", Style: discordgo.SecondaryButton, CustomID: tinnersID("to", t, s)})
		}
	case tinners.PhaseAfterAuction:
		add(menuButton(t, s, "Survey card on the new mine?", "after"))
	case tinners.PhaseCalciner:
		if a, ok := kinds[tinners.ActCalciner]; ok {
			add(actButton(t, s, calcinerLabel(s, a), a, discordgo.SuccessButton))
		}
		if a, ok := kinds[tinners.ActNoCalciner]; ok {
			add(actButton(t, s, "No calciner now", a, discordgo.SecondaryButton))
		}
	case tinners.PhasePumps:
		if msg := pumpStep(t, s, v); msg != nil {
			menus = msg.Components
		}
	case tinners.PhaseInvest:
		menus = investMenus(t, s, v)
		for _, a := range v.Legal {
			switch {
			case a.Kind == tinners.ActEndInvestTurn && s.InvestedNow == 0:
				add(actButton(t, s, "Done investing this round", a, discordgo.SecondaryButton))
			case a.Kind == tinners.ActEndInvestTurn:
				// Only a table from before one-choice investing is mid-turn.
				add(actButton(t, s, "End my turn (invest more later)", a, discordgo.SecondaryButton))
			case a.Kind == tinners.ActFinishInvest:
				add(actButton(t, s, "Done investing this round", a, discordgo.SecondaryButton))
			}
		}
	case tinners.PhasePeek:
		var opts []discordgo.SelectMenuOption
		for _, a := range v.Legal {
			if a.Kind == tinners.ActPeek {
				opts = append(opts, opt("Peek at "+areaLabel(a.Area), "only you will see the tile", applyValue(t, s, a)))
			}
		}
		if len(opts) > 0 {
			menus = selects(t, s, "Peek at a face-down tile (only you see it)", opts)
		}
		if a, ok := kinds[tinners.ActSkipPeek]; ok {
			add(actButton(t, s, "No peek", a, discordgo.SecondaryButton))
		}
	}
	out := append([]discordgo.MessageComponent(nil), menus...)
	for _, r := range rows(bs) {
		if len(out) < 4 {
			out = append(out, r)
		}
	}
	return out
}

func bidAt(a tinners.Action, amount int) tinners.Action {
	a.Amount, a.Max = amount, 0
	return a
}

// --- choices with their cost and effect ----------------------------------------

type choice struct {
	a           tinners.Action
	label, desc string
	score       int
}

// extractChoices are seat's legal extractions, best net gain first:
// "Extract 2 copper from C4 Truro", "£6 · sells £16 · 1 WP".
func extractChoices(v tinners.SeatView) []choice {
	var out []choice
	for _, a := range v.Legal {
		if a.Kind != tinners.ActExtract {
			continue
		}
		av := v.Areas[a.Area]
		n := a.Tin + a.Copper
		cost := n * av.Water
		sale := a.Tin*v.Tin + a.Copper*v.Copper
		var what []string
		if a.Tin > 0 {
			what = append(what, fmt.Sprintf("%d tin", a.Tin))
		}
		if a.Copper > 0 {
			what = append(what, fmt.Sprintf("%d copper", a.Copper))
		}
		if len(what) == 0 {
			continue
		}
		out = append(out, choice{a: a, label: fmt.Sprintf("Extract %s from %s", strings.Join(what, " + "), areaLabel(a.Area)),
			desc:  fmt.Sprintf("£%d · sells £%d · %d WP", cost, sale, wp(tinners.ActExtract)),
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
func arsenicChoices(v tinners.SeatView) []choice {
	var out []choice
	for _, a := range v.Legal {
		if a.Kind != tinners.ActProcessArsenic {
			continue
		}
		sp := v.Seats[v.Seat]
		next := tinners.Standard.WorkTrackLen - 1 // the limiter goes below column 10
		if sp.Limiter > 0 {
			next = sp.Limiter - 2
		}
		out = append(out, choice{a: a,
			label: fmt.Sprintf("Process arsenic from %s (0 WP): −1 work point for the rest of the game", v.Areas[a.Area].ID),
			desc:  fmt.Sprintf("final column %d → %d · %s there · 0 WP", sp.FinalCol, next, plural(v.Areas[a.Area].Arsenic, "cube", "cubes"))})
	}
	return out
}

// sellArsenicLabel is "Sell 2 arsenic: £26 (1 WP)".
func sellArsenicLabel(v tinners.SeatView) string {
	n := v.Seats[v.Seat].Arsenic
	earned, _ := tinners.Standard.ArsenicSale(v.ArsenicMarket, v.Round, n)
	return fmt.Sprintf("Sell %d arsenic: £%d (%d WP)", n, earned, wp(tinners.ActSellArsenic))
}

// calcinerLabel is "Build calciner in C4 (free: +4 arsenic)".
func calcinerLabel(s *tinners.State, a tinners.Action) string {
	n := 0
	if next, _, err := tinners.Apply(s, a); err == nil {
		n = next.Ledger.ArsenicPlaced - s.Ledger.ArsenicPlaced
	}
	return fmt.Sprintf("Build calciner in %s (free: +%d arsenic here and next door)", tinners.Standard.Areas[s.PublicView().CalcinerArea].ID, n)
}

// effect says what an action does to the map's water and capacity, by
// applying it to a copy of the state (only public fields are read).
func effect(s *tinners.State, a tinners.Action) string {
	next, _, err := tinners.Apply(s, a)
	if err != nil {
		return ""
	}
	va, vb := s.PublicView(), next.PublicView()
	var parts []string
	for i := range vb.Areas {
		x, y := va.Areas[i], vb.Areas[i]
		if x.Water != y.Water {
			parts = append(parts, fmt.Sprintf("%s water %d→%d", x.ID, x.Water, y.Water))
		}
		if x.Capacity != y.Capacity && y.Mine >= 0 {
			parts = append(parts, fmt.Sprintf("%s capacity %d→%d", x.ID, x.Capacity, y.Capacity))
		}
	}
	if len(parts) == 0 {
		return "no change of water"
	}
	return strings.Join(parts, ", ")
}

// --- private steps ----------------------------------------------------------

// nextStep is seat's current decision as a private message: what the
// board offers them, or the step only they may see (draft, survey card).
func nextStep(t Table, s *tinners.State, seat int) *message {
	switch s.Phase {
	case tinners.PhaseDraft:
		return draftStep(t, s, seat)
	case tinners.PhaseAfterAuction:
		msg, _ := stepMessage(t, s, seat, "after")
		return msg
	case tinners.PhaseOver:
		return nil
	}
	comps := turnComponents(t, s, seat)
	if len(comps) == 0 {
		return nil
	}
	return &message{Content: "**Your move:** " + askText(t, s.PublicView(), seat), Components: comps}
}

// step opens the next private step of a multi-step choice. The choice so far
// travels in the custom IDs; nothing is kept on the server. A step with a
// single option is taken for the player.
func (m *Main) step(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, step string) response {
	ver, epoch := tk.Ver, tk.Epoch
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	if step == "draft" && s.Phase == tinners.PhaseDraft {
		// Parallel: any version of the draft board opens the current choice.
		if msg := draftStep(t, s, seat); msg != nil {
			return response{Reply: msg}
		}
		return replyText("Your survey cards are chosen; waiting for %s.", waitingFor(t, s))
	}
	if ver != s.Version || epoch != t.Notes.Epoch {
		return movedOn(i)
	}
	if !slices.Contains(s.ToAct(), seat) {
		return notYourTurn(i, t, s.ToAct())
	}
	msg, known := stepMessage(t, s, seat, step)
	if !known {
		if name, _ := stepCode(step); legacySteps[name] {
			return oldButtons(i)
		}
		return forged(i)
	}
	if msg == nil {
		return replyText("That choice is not available now.")
	}
	if id, only := soleChoice(*msg); only {
		if a, err := tinners.ParseAction(id.Rest[0]); err == nil && a.Seat == seat {
			resp := m.commit(ctx, i, t, s, seat, []tinners.Action{a})
			if resp.Reply != nil {
				resp.Reply.Content = clip("(That step had only one option, taken for you.)\n" + resp.Reply.Content)
			}
			return resp
		}
	}
	if since := sinceLastMove(t, s, seat); since != "" {
		msg.Content = clip(since + "\n\n" + msg.Content)
	}
	return response{Reply: msg}
}

// legacySteps are step names of older versions of the bot, still on the
// buttons of boards posted before an upgrade.
var legacySteps = map[string]bool{"xs": true, "dev": true, "pump": true, "peek": true}

func oldButtons(i *discordgo.Interaction) response {
	return say(userLoc(i), "old_buttons", nil)
}

// soleChoice reports the one action a step offers (its tt ID), when it
// offers exactly one.
func soleChoice(msg message) (ID, bool) {
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
				if c.MaxValues > 1 || kindOf(c.CustomID) != "tsel" {
					return ID{}, false
				}
				for _, o := range c.Options {
					ids = append(ids, o.Value)
				}
			}
		}
	}
	if len(ids) != 1 {
		return ID{}, false
	}
	id, err := ParseID(ids[0])
	return id, err == nil && id.Kind == "tt"
}

// sinceLastMove lists what happened since seat's last move (at most 8 lines).
func sinceLastMove(t Table, s *tinners.State, seat int) string {
	if seat >= len(t.Notes.Seen) {
		return ""
	}
	from := t.Notes.Seen[seat]
	if from <= 0 || from >= len(s.Log) {
		return ""
	}
	lines := s.Log[from:]
	skipped := 0
	if len(lines) > 8 {
		skipped = len(lines) - 8
		lines = lines[skipped:]
	}
	names := seatNames(t)
	var b strings.Builder
	b.WriteString("**Since your last move:**")
	if skipped > 0 {
		fmt.Fprintf(&b, " (%d earlier lines in `/tt log`)", skipped)
	}
	for _, l := range lines {
		b.WriteString("\n• " + tinners.FormatLine(l, names))
	}
	return b.String()
}

// stepMessage builds the private message of a step for seat, from the state
// alone (no I/O). known is false for a step name that is not ours; msg is
// nil when the step offers nothing now.
func stepMessage(t Table, s *tinners.State, seat int, step string) (msg *message, known bool) {
	v := s.SeatView(seat)
	legal := v.Legal
	name, arg := stepCode(step)
	switch name {
	case "draft":
		msg = draftStep(t, s, seat)
	case "build":
		msg = buildAreaStep(t, s, v, legal)
	case "bc":
		msg = buildCardStep(t, s, v, legal, tinners.Standard.AreaIndex(arg))
	case "ext":
		msg = extractStep(t, s, v)
	case "pra":
		cs := arsenicChoices(v)
		msg = simpleSelect(t, s, legal, tinners.ActProcessArsenic, "**Process arsenic** from which mine? Each time, your final column moves one left for the rest of the game.", func(a tinners.Action) (string, string) {
			for _, c := range cs {
				if c.a == a {
					return "From " + areaLabel(a.Area), c.desc
				}
			}
			return areaLabel(a.Area), ""
		}, -1, "")
	case "dp":
		msg = devPlaceStep(t, s, v, legal, arg)
	case "em":
		msg = emigrateStep(t, s, v)
	case "after":
		msg = simpleSelect(t, s, legal, tinners.ActAfterCard, "**You won the auction.** Play a survey card on your new mine by paying its value? (Only you see your hand.)", func(a tinners.Action) (string, string) {
			if a.Card == tinners.NoCard {
				return "No card", "keep your hand"
			}
			c := tinners.Standard.Cards[a.Card]
			return c.String(), fmt.Sprintf("pay £%d: %s", c.Value, c.BenefitText())
		}, -1, "")
	default:
		return nil, false
	}
	return msg, true
}

func selectMenu(t Table, s *tinners.State, n int, placeholder string, opts []discordgo.SelectMenuOption) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: tinnersID("tsel", t, s, strconv.Itoa(n)), Placeholder: trunc(placeholder, 150), Options: opts}}}
}

func applyValue(t Table, s *tinners.State, a tinners.Action) string {
	a.Max = 0
	return tinnersID("tt", t, s, a.String())
}

func opt(label, desc, value string) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: trunc(label, 100), Description: trunc(desc, 100), Value: value}
}

// selects splits options into menus of at most 25, at most 4 of them.
func selects(t Table, s *tinners.State, placeholder string, opts []discordgo.SelectMenuOption) []discordgo.MessageComponent {
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
// keep (one card of each region is discarded).
func draftStep(t Table, s *tinners.State, seat int) *message {
	v := s.SeatView(seat)
	byDeck := map[tinners.Deck][]int{}
	var decks []tinners.Deck
	for _, a := range v.Legal {
		if a.Kind == tinners.ActDraftDiscard {
			d := tinners.Standard.Cards[a.Card].Deck
			if len(byDeck[d]) == 0 {
				decks = append(decks, d)
			}
			byDeck[d] = append(byDeck[d], a.Card)
		}
	}
	if len(decks) == 0 {
		return nil
	}
	slices.Sort(decks)
	// Every way to discard one card of each region.
	combos := [][]int{nil}
	for _, d := range decks {
		var next [][]int
		for _, c := range combos {
			for _, card := range byDeck[d] {
				next = append(next, append(append([]int(nil), c...), card))
			}
		}
		combos = next
	}
	var all []int
	for _, d := range decks {
		all = append(all, byDeck[d]...)
	}
	var opts []discordgo.SelectMenuOption
	seenKept := map[string]bool{}
	for _, discard := range combos {
		var kept, gone []string
		for _, id := range all {
			if slices.Contains(discard, id) {
				gone = append(gone, tinners.Standard.Cards[id].String())
			} else {
				kept = append(kept, tinners.Standard.Cards[id].String())
			}
		}
		if seenKept[strings.Join(kept, ",")] {
			continue // two equal cards: the same choice
		}
		seenKept[strings.Join(kept, ",")] = true
		var ids []string
		for _, c := range discard {
			ids = append(ids, strconv.Itoa(c))
		}
		opts = append(opts, opt("Keep "+strings.Join(kept, ", "), "discard "+strings.Join(gone, ", "),
			tinnersID("tdd", t, s, strconv.Itoa(seat), strings.Join(ids, ","))))
		if len(opts) == 25 {
			break
		}
	}
	var b strings.Builder
	b.WriteString("**Your survey draft** (only you see this). Your whole hand, the wild card (kept) included:\n")
	for _, c := range append(append([]tinners.Card(nil), v.Hand...), v.Draft...) {
		fmt.Fprintf(&b, "• %s (deck %s)\n", c.String(), c.Deck)
	}
	fmt.Fprintf(&b, "Choose the cards to **keep**: one card of each region (%d) is discarded.", len(decks))
	return &message{Content: b.String(), Components: []discordgo.MessageComponent{
		multiLess(tinnersID("tsel", t, s, "0"), "The cards you keep", opts)}}
}

// draftActions reads the Rest of a kept-set choice (tdd), "<seat>:<card>,…",
// into its discards.
func draftActions(rest string) ([]tinners.Action, bool) {
	f, ok := restFields("tdd", rest)
	if !ok {
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
		if err != nil || c < 0 || c >= len(tinners.Standard.Cards) || len(acts) >= tinners.NumRegions {
			return nil, false
		}
		acts = append(acts, tinners.Action{Seat: seat, Kind: tinners.ActDraftDiscard, Card: c, Area: -1, Border: -1})
	}
	return acts, len(acts) > 0
}

func buildAreaStep(t Table, s *tinners.State, v tinners.SeatView, legal []tinners.Action) *message {
	seen := map[int]bool{}
	var byRegion [tinners.NumRegions][]discordgo.SelectMenuOption
	minBid := fmt.Sprintf("min bid £%d", 1+len(v.PassOrder))
	if s.NumSeats == 2 {
		minBid = "min bid: the card's value"
	}
	for _, a := range legal {
		if a.Kind != tinners.ActBuild || seen[a.Area] {
			continue
		}
		seen[a.Area] = true
		av := v.Areas[a.Area]
		desc := "face down"
		if av.Tile != nil {
			desc = "face up: " + tileWords(*av.Tile)
		}
		desc += fmt.Sprintf(" · %s · winner %d WP", minBid, wp(tinners.ActBuild))
		r := tinners.Standard.Areas[a.Area].Region
		byRegion[r] = append(byRegion[r], opt(areaLabel(a.Area), desc, tinnersID("tm", t, s, "bc", tinners.Standard.Areas[a.Area].ID)))
	}
	var comps []discordgo.MessageComponent
	for r, opts := range byRegion {
		if len(opts) > 0 && len(comps) < 5 {
			comps = append(comps, selectMenu(t, s, r, "Region "+tinners.Region(r).String(), opts))
		}
	}
	if len(comps) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Build a mine** (the auction's winner moves %d WP): choose the area. You then may play a survey card, and open the bidding.", wp(tinners.ActBuild)),
		Components: comps}
}

func buildCardStep(t Table, s *tinners.State, v tinners.SeatView, legal []tinners.Action, area int) *message {
	if area < 0 {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	faceDown := v.Areas[area].FaceDown
	// The auction's winner pays the work points (the opener only if they win).
	cost := fmt.Sprintf(" · the winner moves %d WP", wp(tinners.ActBuild))
	minBid := fmt.Sprintf(" · min bid £%d", 1+len(v.PassOrder))
	for _, a := range legal {
		if a.Kind != tinners.ActBuild || a.Area != area {
			continue
		}
		switch {
		case a.Draw:
			opts = append(opts, opt("Draw the top card of the deck", "its value is the minimum bid"+cost, applyValue(t, s, a)))
		case a.Card == tinners.NoCard:
			opts = append(opts, opt("No survey card", "open the auction without a card"+minBid+cost, applyValue(t, s, a)))
		default:
			c := tinners.Standard.Cards[a.Card]
			tail := cost
			if s.NumSeats == 2 {
				tail = fmt.Sprintf(" · min bid £%d", c.Value) + tail
			} else {
				tail = minBid + tail
			}
			if faceDown && s.NumSeats > 2 {
				tail += " · you peek"
			}
			// A long benefit is shortened, never the cost.
			desc := trunc(c.BenefitText(), 100-len([]rune(tail))) + tail
			opts = append(opts, opt("Play "+c.String(), desc, applyValue(t, s, a)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Build a mine in %s** (%d WP). Choose a survey card to play before the auction (only the cards that may be played are listed). Then you open the bidding.",
		areaLabel(area), wp(tinners.ActBuild)), Components: selects(t, s, "Survey card", opts)}
}

// extractStep lists every extraction, best first, in one menu.
func extractStep(t Table, s *tinners.State, v tinners.SeatView) *message {
	var opts []discordgo.SelectMenuOption
	for _, x := range extractChoices(v) {
		opts = append(opts, opt(x.label, x.desc, applyValue(t, s, x.a)))
	}
	if len(opts) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Extract ore** (%d WP). Each cube costs £1 per water cube in the mine; prices this round: tin £%d, copper £%d. You have £%d.",
		wp(tinners.ActExtract), v.Tin, v.Copper, v.Seats[v.Seat].Money), Components: selects(t, s, "Mine and ore", opts)}
}

var devNames = map[tinners.ActionKind]string{tinners.ActMiner: "Miner", tinners.ActPort: "Port", tinners.ActTrain: "Train", tinners.ActAdit: "Adit",
	tinners.ActOwnMiner: "Own miner", tinners.ActFreeAdit: "Michigan adit", tinners.ActFreeTrain: "Michigan train",
	tinners.ActFreePort: "Michigan port", tinners.ActFreeMiner: "Michigan miner"}
var devCodes = map[string]tinners.ActionKind{"mi": tinners.ActMiner, "po": tinners.ActPort, "tr": tinners.ActTrain, "ad": tinners.ActAdit,
	"omi": tinners.ActOwnMiner, "fad": tinners.ActFreeAdit, "ftr": tinners.ActFreeTrain, "fpo": tinners.ActFreePort, "fmi": tinners.ActFreeMiner}
var devHelp = map[tinners.ActionKind]string{
	tinners.ActMiner: "+1 extraction in a mine", tinners.ActPort: "−1 water (coast)",
	tinners.ActTrain: "−2 water there, −1 next door", tinners.ActAdit: "drains both areas of a border",
	tinners.ActOwnMiner:  "take a miner, return it and place your own in your mine: +1 extraction, and it may emigrate later",
	tinners.ActFreeAdit:  "free from Michigan: drains both areas of a border, +1 tin +1 copper each",
	tinners.ActFreeTrain: "free from Michigan: −2 water there, −1 next door",
	tinners.ActFreePort:  "free from Michigan: −1 water (coast)",
	tinners.ActFreeMiner: "free from Michigan: +1 extraction, even beside other miners",
}

// devPlaceStep lists where a development may go, with what it does there;
// the seat's own mines first.
func devPlaceStep(t Table, s *tinners.State, v tinners.SeatView, legal []tinners.Action, code string) *message {
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
			br := tinners.Standard.Borders[a.Border]
			label = areaLabel(br[0]) + " – " + areaLabel(br[1])
			own = v.Areas[br[0]].Mine == v.Seat || v.Areas[br[1]].Mine == v.Seat
		} else {
			label = areaLabel(a.Area)
			own = v.Areas[a.Area].Mine == v.Seat
			if m := v.Areas[a.Area].Mine; m >= 0 && !own {
				label += " (" + nameOf(t, m) + "'s mine)"
			}
		}
		if own {
			label = "★ " + label + " (yours)"
		}
		fx := effect(s, a)
		desc := fmt.Sprintf("%d WP · %s", wp(k), fx)
		ps = append(ps, placed{opt(label, desc, applyValue(t, s, a)), own, strings.Contains(fx, "water") && !strings.HasPrefix(fx, "no change")})
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
	where := "area"
	if k == tinners.ActAdit || k == tinners.ActFreeAdit {
		where = "border"
	}
	return &message{Content: fmt.Sprintf("**%s** (%d WP, %s): choose the %s.", devNames[k], wp(k), devHelp[k], where),
		Components: selects(t, s, "Choose the "+where, opts)}
}

// pumpStep places every steam pump in one multi-select: an area may be
// picked once per water cube in it.
func pumpStep(t Table, s *tinners.State, v tinners.SeatView) *message {
	var opts []discordgo.SelectMenuOption
	var done *tinners.Action
	for round := 1; round <= v.PumpsLeft; round++ {
		for _, a := range v.Legal {
			if a.Kind == tinners.ActPumpDone {
				a := a
				done = &a
			}
			if a.Kind != tinners.ActPump || len(opts) >= 25 {
				continue
			}
			av := v.Areas[a.Area]
			if av.Water < round {
				continue
			}
			label := areaLabel(a.Area)
			if av.Mine == v.Seat {
				label = "★ " + label + " (yours)"
			} else if av.Mine >= 0 {
				label += " (" + nameOf(t, av.Mine) + ")"
			}
			if round > 1 {
				label += fmt.Sprintf(" — pump %d", round)
			}
			opts = append(opts, opt(label, fmt.Sprintf("water %d→%d", av.Water-round+1, av.Water-round), fmt.Sprintf("%s#%d", a.String(), round)))
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
		discordgo.SelectMenu{CustomID: tinnersID("tmul", t, s, "pw"), Placeholder: fmt.Sprintf("Place up to %d steam pumps (each −1 water)", most),
			MinValues: &one, MaxValues: most, Options: opts}}}}
	if done != nil {
		comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			actButton(t, s, fmt.Sprintf("Leave the %d pump(s) unused", v.PumpsLeft), *done, discordgo.SecondaryButton)}})
	}
	return &message{Content: fmt.Sprintf("**Steam pumps**: place %d pump(s) in one go; each removes 1 water. Pumps you do not place are lost.", v.PumpsLeft), Components: comps}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// investMenus offer a whole investing turn in one choice: an amount and
// whether to come back later or finish.
func investMenus(t Table, s *tinners.State, v tinners.SeatView) []discordgo.MessageComponent {
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
	canMore := slices.ContainsFunc(v.Legal, func(a tinners.Action) bool { return a.Kind == tinners.ActEndInvestTurn })
	for _, x := range amounts {
		tens, fives, p := bestSplit(x, pts)
		id := func(end string) string {
			return tinnersID("tinv", t, s, strconv.Itoa(seat), strconv.Itoa(tens), strconv.Itoa(fives), end)
		}
		left := sp.Money - x
		if canMore && left >= 5 {
			more = append(more, opt(fmt.Sprintf("£%d → +%d pts, invest more later", x, p), fmt.Sprintf("£%d left; your turn comes back", left), id("more")))
		}
		fin = append(fin, opt(fmt.Sprintf("£%d → +%d pts and finish", x, p), fmt.Sprintf("£%d left; done for this round", left), id("fin")))
	}
	var out []discordgo.MessageComponent
	row := fmt.Sprintf("row %d: £10 → %d pts, £5 → %d pts", sp.PassRow, pts[0], pts[1])
	if len(fin) > 0 {
		out = append(out, multiLess(tinnersID("tsel", t, s, "0"), "Invest and finish ("+row+")", fin))
	}
	if len(more) > 0 {
		out = append(out, multiLess(tinnersID("tsel", t, s, "1"), "Invest, then more later", more))
	}
	return out
}

func multiLess(id, placeholder string, opts []discordgo.SelectMenuOption) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: id, Placeholder: trunc(placeholder, 150), Options: opts}}}
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
func simpleSelect(t Table, s *tinners.State, legal []tinners.Action, kind tinners.ActionKind, text string,
	describe func(tinners.Action) (string, string), alt tinners.ActionKind, altLabel string) *message {
	var opts []discordgo.SelectMenuOption
	var comps []discordgo.MessageComponent
	for _, a := range legal {
		if a.Kind == kind {
			l, d := describe(a)
			opts = append(opts, opt(l, d, applyValue(t, s, a)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	comps = selects(t, s, "Choose", opts)
	for _, a := range legal {
		if a.Kind == alt && altLabel != "" && len(comps) < 5 {
			comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{actButton(t, s, altLabel, a, discordgo.SecondaryButton)}})
		}
	}
	return &message{Content: text, Components: comps}
}

// --- batches: multi-selects and investing ---------------------------------------

// multiPick applies the values picked in a multi-select (tmul): the draft's
// discards, or steam pumps (then giving up the ones not placed).
func (m *Main) multiPick(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, kind string, values []string) response {
	if len(values) == 0 || len(values) > 25 {
		return forged(i)
	}
	var acts []tinners.Action
	for _, v := range values {
		v, _, _ = strings.Cut(v, "#")
		a, err := tinners.ParseAction(v)
		if err != nil {
			return forged(i)
		}
		if kind != "pw" || a.Kind != tinners.ActPump {
			return forged(i)
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
func (m *Main) invest(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, f []string) response {
	if len(f) != 4 || (f[3] != "more" && f[3] != "fin") {
		return forged(i)
	}
	seat, err1 := strconv.Atoi(f[0])
	tens, err2 := strconv.Atoi(f[1])
	fives, err3 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || err3 != nil || seat < 0 || seat >= tinners.MaxSeats || tens < 0 || fives < 0 || tens+fives > 40 || tens+fives == 0 {
		return forged(i)
	}
	_, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return *r
	}
	acts, err := investActions(s, seat, tens, fives, f[3] == "fin")
	if err != nil {
		if len(acts) == 0 && s.Phase == tinners.PhaseInvest && slices.Contains(s.ToAct(), seat) {
			return replyText("%s Nothing was invested.", err.Error())
		}
		// Checked again by play, with the usual answers (stale, not your turn).
		acts = []tinners.Action{{Seat: seat, Kind: tinners.ActInvest, Amount: 10, Card: tinners.NoCard, Area: -1, Border: -1}}
	}
	return m.play(ctx, i, gameID, tk, acts)
}

// --- the bid amount modal and standing orders -------------------------------------

// bidModal opens the bid-amount form; f is the Rest of its tq ID: seat, min, max.
func (m *Main) bidModal(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, f []string) response {
	if len(f) != 3 {
		return forged(i)
	}
	seatN, err1 := strconv.Atoi(f[0])
	lo, err2 := strconv.Atoi(f[1])
	hi, err3 := strconv.Atoi(f[2])
	ver, epoch := tk.Ver, tk.Epoch
	if err1 != nil || err2 != nil || err3 != nil {
		return forged(i)
	}
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	if seat != seatN {
		return notYourTurn(i, t, s.ToAct())
	}
	if ver != s.Version || epoch != t.Notes.Epoch {
		return movedOn(i)
	}
	return response{Modal: &discordgo.InteractionResponseData{
		CustomID: tinnersID("tb", t, s, strconv.Itoa(seat), strconv.Itoa(lo), strconv.Itoa(hi)),
		Title:    "Your bid",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "amount", Label: fmt.Sprintf("Amount in £ (%d to %d)", lo, hi), Style: discordgo.TextInputShort,
				Placeholder: strconv.Itoa(lo), Required: true, MinLength: 1, MaxLength: 5},
		}}},
	}}
}

// orderModal opens the standing-order form for any bidder still in.
func (m *Main) orderModal(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token) response {
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	if s.Phase != tinners.PhaseAuction || !slices.Contains(s.PublicView().Auction.In, seat) {
		return replyText("You are not bidding in an auction now.")
	}
	if tk.Epoch != t.Notes.Epoch || tk.Ver > s.Version || tk.Ver < t.Notes.AuctionFrom {
		return movedOn(i)
	}
	money := s.PublicView().Seats[seat].Money
	return response{Modal: &discordgo.InteractionResponseData{
		CustomID: tinnersID("tob", t, s),
		Title:    "Bid for me",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "amount", Label: fmt.Sprintf("Highest bid for me in £ (0 to %d; 0 = drop)", money), Style: discordgo.TextInputShort,
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
func (m *Main) bidSubmit(ctx context.Context, i *discordgo.Interaction, id ID) response {
	if len(id.Rest) == 1 {
		return oldButtons(i) // the amount box of an older version of the bot
	}
	if len(id.Rest) != 3 {
		return forged(i)
	}
	amount, ok := modalAmount(i.ModalSubmitData())
	seat, err := strconv.Atoi(id.Rest[0])
	if err != nil || seat < 0 || seat >= tinners.MaxSeats {
		return forged(i)
	}
	if !ok {
		// Offer the box again, with the same range.
		again := id
		again.Kind = "tq"
		return response{Reply: &message{Content: "Type a whole number of pounds, like 12. Nothing was bid.",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: fmt.Sprintf("Type the amount again (£%s–£%s)", id.Rest[1], id.Rest[2]), Style: discordgo.PrimaryButton,
					CustomID: again.String()}}}}}}
	}
	return m.play(ctx, i, id.Game, id.Tok, []tinners.Action{{Seat: seat, Kind: tinners.ActBid, Amount: amount, Card: tinners.NoCard, Area: -1, Border: -1}})
}

// orderSubmit answers the standing-order form (tob).
func (m *Main) orderSubmit(ctx context.Context, i *discordgo.Interaction, id ID) response {
	amount, ok := modalAmount(i.ModalSubmitData())
	if !ok {
		again := id
		again.Kind = "to"
		return response{Reply: &message{Content: "Type a whole number of pounds, like 12 (0 drops you out). No order was set.",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Type the amount again", Style: discordgo.PrimaryButton, CustomID: again.String()}}}}}}
	}
	return m.setOrder(ctx, i, id.Game, id.Tok, amount, false)
}

// emigrateChoices are seat's legal emigrations with their reward and cost:
// "Emigrate to Sierra Madre: +15 pts (1 WP)", "from C6 Newquay · …".
func emigrateChoices(v tinners.SeatView) []choice {
	e := tinners.Standard
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
			reward = "a free " + e.Emigration[tinners.Michigan].Rewards[r] + " to place now or later"
			if e.MichiganPieces[r].Miners > 1 {
				reward = fmt.Sprintf("%d free miners to place now or later", e.MichiganPieces[r].Miners)
			}
		case tinners.SierraMadre:
			reward = fmt.Sprintf("+%d pts", e.SierraPoints[r])
		case tinners.Kimberly:
			reward = fmt.Sprintf("+£%d now", e.KimberlyMoney[r])
			if v.Round < tinners.NumRounds {
				reward += fmt.Sprintf(" and +£%d each later round", e.KimberlyMoney[r])
			}
		case tinners.Adelaide:
			b := e.AdelaideBonus[r]
			reward = fmt.Sprintf("this round's sale +£%d so far (%s)", b[0]*max(sp.Tin, sp.Copper)+b[1]*min(sp.Tin, sp.Copper),
				e.Emigration[tinners.Adelaide].Rewards[r])
		}
		av := v.Areas[a.Area]
		desc := fmt.Sprintf("your miner leaves %s", areaLabel(a.Area))
		if av.Mine >= 0 {
			desc += fmt.Sprintf(" · capacity %d→%d", av.Capacity, av.Capacity-1)
		}
		out = append(out, choice{a: a,
			label: fmt.Sprintf("Emigrate to %s: %s (%d WP)", e.Emigration[a.Amount].Name, reward, wp(tinners.ActEmigrate)),
			desc:  desc + fmt.Sprintf(" · %d WP", wp(tinners.ActEmigrate))})
	}
	return out
}

// emigrateStep lists every emigration: each open space of this round, from
// each of the seat's own miners on the map.
func emigrateStep(t Table, s *tinners.State, v tinners.SeatView) *message {
	var opts []discordgo.SelectMenuOption
	for _, c := range emigrateChoices(v) {
		opts = append(opts, opt(c.label, c.desc, applyValue(t, s, c.a)))
	}
	if len(opts) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Emigrate** (%d WP): send one of your own miners from the map to this round's space of a place overseas. Its area loses the miner (and may take one again).",
		wp(tinners.ActEmigrate)), Components: selects(t, s, "Where to, and from which mine", opts)}
}
