package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// game loads a running game named by a custom ID and checks it belongs to
// the channel the click came from.
func (m *Main) game(ctx context.Context, i *discordgo.Interaction, id string) (Table, *engine.State, *response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) {
		r := forged()
		return t, nil, &r
	}
	if err != nil {
		r := m.errReply(i, "load table", err)
		return t, nil, &r
	}
	if t.ChannelID != i.ChannelID {
		r := forged()
		return t, nil, &r
	}
	switch t.Status {
	case StatusLobby:
		r := replyText("The game has not started yet.")
		return t, nil, &r
	case StatusFinished:
		r := replyText("This game is over.")
		return t, nil, &r
	case StatusAborted:
		r := replyText("This table has been ended.")
		return t, nil, &r
	}
	s, err := m.store.State(ctx, id)
	if err != nil {
		r := m.errReply(i, "load game", err)
		return t, nil, &r
	}
	return t, s, nil
}

// seated returns the clicker's seat or a refusal.
func seated(i *discordgo.Interaction, t Table) (int, *response) {
	uid, _ := user(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		r := replyText("You are not seated at this table, so these buttons are not for you.")
		return -1, &r
	}
	return seat, nil
}

func waitingFor(t Table, s *engine.State) string {
	var who []string
	for _, k := range s.ToAct() {
		who = append(who, seatRef(t, k))
	}
	if len(who) == 0 {
		return "nobody"
	}
	return strings.Join(who, ", ")
}

func notYourTurn(t Table, s *engine.State) response {
	return replyText("It is not your turn: the game waits for %s.", waitingFor(t, s))
}

func movedOn() response {
	return replyText("This board has moved on; use the buttons on the newest board.")
}

// apply applies an action clicked (or chosen) by the interacting user.
func (m *Main) apply(ctx context.Context, i *discordgo.Interaction, gid string, ver int, a engine.Action) response {
	t, s, r := m.game(ctx, i, gid)
	if r != nil {
		return *r
	}
	seat, r := seated(i, t)
	if r != nil {
		return *r
	}
	if a.Seat != seat {
		if slices.Contains(s.ToAct(), seat) {
			return replyText("That choice is another player's; use your own buttons.")
		}
		return notYourTurn(t, s)
	}
	if !isEphemeral(i.Message) && i.Message != nil && t.BoardMsg != "" && i.Message.ID != t.BoardMsg {
		return movedOn()
	}
	if ver != s.Version && s.Phase == engine.PhaseDraft && hasLegal(s.Legal(seat), a) {
		// The draft is played in parallel: another player's discard since
		// this menu was drawn does not change what this one means.
		ver = s.Version
	}
	if ver == s.Version && !slices.Contains(s.ToAct(), seat) {
		return notYourTurn(t, s)
	}
	before := s.SeatView(seat).Peeked
	next, events, err := m.store.Apply(ctx, t.ID, ver, a)
	if err != nil {
		return m.errReply(i, "apply action", err)
	}
	if t, err = m.store.Table(ctx, t.ID); err != nil {
		return m.errReply(i, "reload table", err)
	}
	var resp response
	names := seatNames(t)
	var account []string
	for _, e := range events {
		account = append(account, engine.FormatLine(e.Text, names))
	}
	if !(s.Phase == engine.PhaseDraft && next.Phase == engine.PhaseDraft) {
		b, err := m.board(t, next, account)
		if err != nil {
			return m.errReply(i, "render board", err)
		}
		resp.Posts = append(resp.Posts, b)
	}
	// What only this player learns goes to them alone.
	var private []string
	after := next.SeatView(seat)
	for _, pk := range after.Peeked {
		if !slices.ContainsFunc(before, func(b engine.PeekedTile) bool { return b.Area == pk.Area }) {
			private = append(private, fmt.Sprintf("You looked at the face-down tile of %s: %s. Only you know this.", areaLabel(pk.Area), tileWords(pk.Tile)))
		}
	}
	if isEphemeral(i.Message) || len(private) > 0 {
		msg := &message{Content: strings.Join(append([]string{"Done."}, private...), "\n")}
		if next.Phase == engine.PhaseDraft {
			if step := draftStep(t, next, seat); step != nil {
				step.Content = strings.Join(append([]string{"Discarded."}, append(private, step.Content)...), "\n")
				msg = step
			} else {
				msg.Content = "Your survey cards are chosen. The game starts when everyone has chosen; waiting for " + waitingFor(t, next) + "."
			}
		}
		resp.Reply = msg
	}
	return resp
}

func hasLegal(legal []engine.Action, a engine.Action) bool {
	for _, l := range legal {
		if l.Kind == engine.ActBid && a.Kind == engine.ActBid && l.Seat == a.Seat {
			if a.Amount >= l.Amount && a.Amount <= l.Max {
				return true
			}
			continue
		}
		l.Max = 0
		if l.String() == a.String() {
			return true
		}
	}
	return false
}

// --- the board ------------------------------------------------------------

// board builds the public board post: picture, account of what happened,
// and buttons for the seat(s) to act. Only the public view is used.
func (m *Main) board(t Table, s *engine.State, account []string) (post, error) {
	v := s.PublicView()
	msg := message{Content: clip(boardText(t, v, account)), Components: boardComponents(t, s)}
	for _, k := range v.ToAct {
		if k < len(t.Seats) {
			msg.Mentions = append(msg.Mentions, t.Seats[k].UserID)
		}
	}
	var names []string
	for _, st := range t.Seats {
		names = append(names, st.Name)
	}
	png, err := m.cfg.Render(v, names)
	if err != nil {
		return post{}, fmt.Errorf("render board: %w", err)
	}
	if png != nil {
		msg.Files = []file{{Name: fmt.Sprintf("board-%s-%d.png", t.ID, v.Version), Data: png}}
	}
	return post{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Retire: t.BoardMsg}, nil
}

func gid(t Table, s *engine.State) string { return t.ID + ":" + strconv.Itoa(s.Version) }

func actButton(t Table, s *engine.State, label string, a engine.Action, style discordgo.ButtonStyle) discordgo.Button {
	a.Max = 0
	return discordgo.Button{Label: label, Style: style, CustomID: "tt:" + gid(t, s) + ":" + a.String()}
}

func menuButton(t Table, s *engine.State, label, step string) discordgo.Button {
	return discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: "tm:" + gid(t, s) + ":" + step}
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

func legalKinds(legal []engine.Action) map[engine.ActionKind]engine.Action {
	k := map[engine.ActionKind]engine.Action{}
	for _, a := range legal {
		if _, ok := k[a.Kind]; !ok {
			k[a.Kind] = a
		}
	}
	return k
}

func wp(k engine.ActionKind) int { return engine.Standard.Costs[k] }

// boardComponents are the buttons of the newest board. Buttons that would
// reveal a hand (which cards may be played) open private steps instead.
func boardComponents(t Table, s *engine.State) []discordgo.MessageComponent {
	v := s.PublicView()
	var bs []discordgo.MessageComponent
	add := func(b discordgo.Button) { bs = append(bs, b) }
	switch s.Phase {
	case engine.PhaseOver:
		return nil
	case engine.PhaseDraft:
		add(menuButton(t, s, "Choose my survey cards", "draft"))
	case engine.PhaseActions:
		if len(v.ToAct) == 0 {
			break
		}
		kinds := legalKinds(s.Legal(v.ToAct[0]))
		if _, ok := kinds[engine.ActBuild]; ok {
			add(menuButton(t, s, fmt.Sprintf("Build a mine (%d WP)", wp(engine.ActBuild)), "build"))
		}
		if _, ok := kinds[engine.ActExtract]; ok {
			add(menuButton(t, s, fmt.Sprintf("Extract ore (%d WP)", wp(engine.ActExtract)), "ext"))
		}
		for _, k := range []engine.ActionKind{engine.ActMiner, engine.ActPort, engine.ActTrain, engine.ActAdit} {
			if _, ok := kinds[k]; ok {
				add(menuButton(t, s, "Develop…", "dev"))
				break
			}
		}
		if a, ok := kinds[engine.ActSteamPumps]; ok {
			add(actButton(t, s, fmt.Sprintf("Steam pumps ×%d (%d WP)", v.Dev.NextPumps, wp(engine.ActSteamPumps)), a, discordgo.PrimaryButton))
		}
		if a, ok := kinds[engine.ActPasties]; ok {
			add(actButton(t, s, fmt.Sprintf("Sell pasties (%d WP, +£1)", wp(engine.ActPasties)), a, discordgo.SecondaryButton))
		}
		if a, ok := kinds[engine.ActPass]; ok {
			add(actButton(t, s, fmt.Sprintf("Pass (%d WP; invest from row %d)", wp(engine.ActPass), len(v.PassOrder)+1), a, discordgo.DangerButton))
		}
	case engine.PhaseAuction:
		au := v.Auction
		if au == nil || au.Turn < 0 {
			break
		}
		kinds := legalKinds(s.Legal(au.Turn))
		if a, ok := kinds[engine.ActBid]; ok {
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
					CustomID: fmt.Sprintf("tq:%s:%d:%d:%d", gid(t, s), au.Turn, lo, hi)})
			}
		}
		if a, ok := kinds[engine.ActDrop]; ok {
			add(actButton(t, s, "Drop out", a, discordgo.DangerButton))
		}
	case engine.PhaseAfterAuction:
		if len(v.ToAct) == 0 {
			break
		}
		legal := s.Legal(v.ToAct[0])
		if len(legal) > 1 {
			add(menuButton(t, s, "Play a survey card (pay its value)…", "after"))
		}
		for _, a := range legal {
			if a.Card == engine.NoCard {
				add(actButton(t, s, "No card", a, discordgo.SecondaryButton))
			}
		}
	case engine.PhasePumps:
		if len(v.ToAct) == 0 {
			break
		}
		kinds := legalKinds(s.Legal(v.ToAct[0]))
		if _, ok := kinds[engine.ActPump]; ok {
			add(menuButton(t, s, fmt.Sprintf("Place a steam pump (%d left)…", v.PumpsLeft), "pump"))
		}
		if a, ok := kinds[engine.ActPumpDone]; ok {
			add(actButton(t, s, "Done with pumps", a, discordgo.SecondaryButton))
		}
	case engine.PhaseInvest:
		seat := v.InvestTurn
		if seat < 0 {
			break
		}
		var pts [2]int
		if row := v.Seats[seat].PassRow; row >= 1 && row <= len(v.InvestRows) {
			pts = v.InvestRows[row-1]
		}
		for _, a := range s.Legal(seat) {
			switch {
			case a.Kind == engine.ActInvest && a.Amount == 10:
				add(actButton(t, s, fmt.Sprintf("Invest £10 (+%d pts)", pts[0]), a, discordgo.SuccessButton))
			case a.Kind == engine.ActInvest && a.Amount == 5:
				add(actButton(t, s, fmt.Sprintf("Invest £5 (+%d pts)", pts[1]), a, discordgo.SuccessButton))
			case a.Kind == engine.ActEndInvestTurn && s.InvestedNow > 0:
				// The engine comes back to this seat after the others.
				add(actButton(t, s, "End my turn (invest more later)", a, discordgo.SecondaryButton))
			case a.Kind == engine.ActEndInvestTurn:
				// Ending a turn with nothing invested in it ends the seat's investing.
				add(actButton(t, s, "Done investing this round", a, discordgo.SecondaryButton))
			}
		}
	case engine.PhasePeek:
		if len(v.ToAct) == 0 {
			break
		}
		kinds := legalKinds(s.Legal(v.ToAct[0]))
		if _, ok := kinds[engine.ActPeek]; ok {
			add(menuButton(t, s, "Peek at a face-down tile…", "peek"))
		}
		if a, ok := kinds[engine.ActSkipPeek]; ok {
			add(actButton(t, s, "No peek", a, discordgo.SecondaryButton))
		}
	}
	bs = append(bs, discordgo.Button{Label: "My hand", Style: discordgo.SecondaryButton, CustomID: "th:" + t.ID})
	return rows(bs)
}

func bidAt(a engine.Action, amount int) engine.Action {
	a.Amount, a.Max = amount, 0
	return a
}

// --- private steps ----------------------------------------------------------

// step opens the next private step of a multi-step choice. The choice so far
// travels in the custom IDs; nothing is kept on the server.
func (m *Main) step(ctx context.Context, i *discordgo.Interaction, gameID string, ver int, step string) response {
	t, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return *r
	}
	seat, r := seated(i, t)
	if r != nil {
		return *r
	}
	if step == "draft" && s.Phase == engine.PhaseDraft {
		// Parallel: any version of the draft board opens the current choice.
		if msg := draftStep(t, s, seat); msg != nil {
			return response{Reply: msg}
		}
		return replyText("Your survey cards are chosen; waiting for %s.", waitingFor(t, s))
	}
	if ver != s.Version {
		return movedOn()
	}
	if !slices.Contains(s.ToAct(), seat) {
		return notYourTurn(t, s)
	}
	msg, known := stepMessage(t, s, seat, step)
	if !known {
		return forged()
	}
	if msg == nil {
		return replyText("That choice is not available now.")
	}
	return response{Reply: msg}
}

// stepMessage builds the private message of a step for seat, from the state
// alone (no I/O). known is false for a step name that is not ours; msg is
// nil when the step offers nothing now.
func stepMessage(t Table, s *engine.State, seat int, step string) (msg *message, known bool) {
	v := s.SeatView(seat)
	legal := v.Legal
	name, arg, _ := strings.Cut(step, ":")
	switch name {
	case "draft":
		msg = draftStep(t, s, seat)
	case "build":
		msg = buildAreaStep(t, s, v, legal)
	case "bc":
		msg = buildCardStep(t, s, v, legal, engine.Standard.AreaIndex(arg))
	case "ext":
		msg = extractMineStep(t, s, v, legal)
	case "xs":
		msg = extractSplitStep(t, s, v, legal, engine.Standard.AreaIndex(arg))
	case "dev":
		msg = devStep(t, s, legal)
	case "dp":
		msg = devPlaceStep(t, s, v, legal, arg)
	case "pump":
		msg = simpleSelect(t, s, legal, engine.ActPump, "Where does a steam pump go? Each removes 1 water.", func(a engine.Action) (string, string) {
			return areaLabel(a.Area), fmt.Sprintf("water %d", v.Areas[a.Area].Water)
		}, engine.ActPumpDone, "Done with pumps")
	case "after":
		msg = simpleSelect(t, s, legal, engine.ActAfterCard, "You won the auction. Play a survey card on your new mine by paying its value?", func(a engine.Action) (string, string) {
			if a.Card == engine.NoCard {
				return "No card", ""
			}
			c := engine.Standard.Cards[a.Card]
			return c.String(), fmt.Sprintf("pay £%d: %s", c.Value, c.BenefitText())
		}, -1, "")
	case "peek":
		msg = simpleSelect(t, s, legal, engine.ActPeek, "Look at one face-down tile (only you will see it):", func(a engine.Action) (string, string) {
			return areaLabel(a.Area), "face down"
		}, engine.ActSkipPeek, "No peek")
	default:
		return nil, false
	}
	return msg, true
}

func selectMenu(t Table, s *engine.State, n int, placeholder string, opts []discordgo.SelectMenuOption) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: fmt.Sprintf("tsel:%s:%d", gid(t, s), n), Placeholder: trunc(placeholder, 150), Options: opts}}}
}

func applyValue(t Table, s *engine.State, a engine.Action) string {
	a.Max = 0
	return "tt:" + gid(t, s) + ":" + a.String()
}

func opt(label, desc, value string) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: trunc(label, 100), Description: trunc(desc, 100), Value: value}
}

// selects splits options into menus of at most 25, at most 5 of them.
func selects(t Table, s *engine.State, placeholder string, opts []discordgo.SelectMenuOption) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for n := 0; len(opts) > 0 && n < 5; n++ {
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

func draftStep(t Table, s *engine.State, seat int) *message {
	v := s.SeatView(seat)
	var opts []discordgo.SelectMenuOption
	for _, a := range v.Legal {
		if a.Kind == engine.ActDraftDiscard {
			c := engine.Standard.Cards[a.Card]
			opts = append(opts, opt("Discard "+c.String(), "deck "+c.Deck.String(), applyValue(t, s, a)))
		}
	}
	if len(opts) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("**Your survey draft** (only you see this). Discard one card of each region; you keep the rest.\n")
	for _, c := range v.Draft {
		fmt.Fprintf(&b, "• %s (deck %s)\n", c.String(), c.Deck)
	}
	return &message{Content: b.String(), Components: selects(t, s, "Discard a card", opts)}
}

func buildAreaStep(t Table, s *engine.State, v engine.SeatView, legal []engine.Action) *message {
	seen := map[int]bool{}
	var byRegion [engine.NumRegions][]discordgo.SelectMenuOption
	for _, a := range legal {
		if a.Kind != engine.ActBuild || seen[a.Area] {
			continue
		}
		seen[a.Area] = true
		av := v.Areas[a.Area]
		desc := "face down"
		if av.Tile != nil {
			desc = "face up: " + tileWords(*av.Tile)
		}
		desc += fmt.Sprintf(" · %d WP", wp(engine.ActBuild))
		r := engine.Standard.Areas[a.Area].Region
		byRegion[r] = append(byRegion[r], opt(areaLabel(a.Area), desc, "tm:"+gid(t, s)+":bc:"+engine.Standard.Areas[a.Area].ID))
	}
	var comps []discordgo.MessageComponent
	for r, opts := range byRegion {
		if len(opts) > 0 {
			comps = append(comps, selectMenu(t, s, r, "Region "+engine.Region(r).String(), opts))
		}
	}
	if len(comps) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Build a mine** (%d WP): choose the area. You then may play a survey card, and open the bidding.", wp(engine.ActBuild)),
		Components: comps}
}

func buildCardStep(t Table, s *engine.State, v engine.SeatView, legal []engine.Action, area int) *message {
	if area < 0 {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	faceDown := v.Areas[area].FaceDown
	// The auction's winner pays the work points (the opener only if they win).
	cost := fmt.Sprintf(" · the winner moves %d WP", wp(engine.ActBuild))
	for _, a := range legal {
		if a.Kind != engine.ActBuild || a.Area != area {
			continue
		}
		switch {
		case a.Draw:
			opts = append(opts, opt("Draw the top card of the deck", "2 players: its value is the minimum bid"+cost, applyValue(t, s, a)))
		case a.Card == engine.NoCard:
			opts = append(opts, opt("No survey card", "open the auction without a card"+cost, applyValue(t, s, a)))
		default:
			c := engine.Standard.Cards[a.Card]
			tail := cost
			if faceDown && s.NumSeats > 2 {
				tail += " · you peek at the tile"
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
		areaLabel(area), wp(engine.ActBuild)), Components: selects(t, s, "Survey card", opts)}
}

func extractMineStep(t Table, s *engine.State, v engine.SeatView, legal []engine.Action) *message {
	seen := map[int]bool{}
	var opts []discordgo.SelectMenuOption
	for _, a := range legal {
		if a.Kind != engine.ActExtract || seen[a.Area] {
			continue
		}
		seen[a.Area] = true
		av := v.Areas[a.Area]
		opts = append(opts, opt(areaLabel(a.Area), fmt.Sprintf("%d tin, %d copper, water %d, capacity %d", av.Tin, av.Copper, av.Water, av.Capacity),
			"tm:"+gid(t, s)+":xs:"+engine.Standard.Areas[a.Area].ID))
	}
	if len(opts) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Extract ore** (%d WP): from which mine? Each cube costs £1 per water cube in the mine.", wp(engine.ActExtract)),
		Components: selects(t, s, "Mine", opts)}
}

func extractSplitStep(t Table, s *engine.State, v engine.SeatView, legal []engine.Action, area int) *message {
	if area < 0 {
		return nil
	}
	water := v.Areas[area].Water
	var opts []discordgo.SelectMenuOption
	for _, a := range legal {
		if a.Kind != engine.ActExtract || a.Area != area {
			continue
		}
		n := a.Tin + a.Copper
		opts = append(opts, opt(fmt.Sprintf("%d tin + %d copper", a.Tin, a.Copper),
			fmt.Sprintf("%d WP · costs £%d (%d cubes × %d water)", wp(engine.ActExtract), n*water, n, water), applyValue(t, s, a)))
	}
	slices.SortStableFunc(opts, func(a, b discordgo.SelectMenuOption) int { return strings.Compare(b.Label, a.Label) })
	if len(opts) == 0 {
		return nil
	}
	return &message{Content: fmt.Sprintf("**Extract from %s**: choose tin and copper. Water there: %d, so each cube costs £%d; you have £%d.",
		areaLabel(area), water, water, v.Seats[v.Seat].Money), Components: selects(t, s, "Tin / copper", opts)}
}

var devNames = map[engine.ActionKind]string{engine.ActMiner: "Miner", engine.ActPort: "Port", engine.ActTrain: "Train", engine.ActAdit: "Adit"}
var devCodes = map[string]engine.ActionKind{"mi": engine.ActMiner, "po": engine.ActPort, "tr": engine.ActTrain, "ad": engine.ActAdit}

func devStep(t Table, s *engine.State, legal []engine.Action) *message {
	kinds := legalKinds(legal)
	var bs []discordgo.MessageComponent
	for _, code := range []string{"mi", "po", "tr", "ad"} {
		k := devCodes[code]
		if _, ok := kinds[k]; ok {
			bs = append(bs, menuButton(t, s, fmt.Sprintf("%s (%d WP)", devNames[k], wp(k)), "dp:"+code))
		}
	}
	if len(bs) == 0 {
		return nil
	}
	return &message{Content: "**Develop**: which piece? Miner: +1 extraction. Port (coast): −1 water. Train: −2 water there, −1 next door. Adit: drains both areas of a border.",
		Components: rows(bs)}
}

func devPlaceStep(t Table, s *engine.State, v engine.SeatView, legal []engine.Action, code string) *message {
	k, ok := devCodes[code]
	if !ok {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	for _, a := range legal {
		if a.Kind != k {
			continue
		}
		if k == engine.ActAdit {
			br := engine.Standard.Borders[a.Border]
			opts = append(opts, opt(areaLabel(br[0])+" – "+areaLabel(br[1]),
				fmt.Sprintf("%d WP · water %d and %d", wp(k), v.Areas[br[0]].Water, v.Areas[br[1]].Water), applyValue(t, s, a)))
			continue
		}
		av := v.Areas[a.Area]
		desc := fmt.Sprintf("%d WP · water %d", wp(k), av.Water)
		if av.Mine >= 0 {
			desc = fmt.Sprintf("%s's mine, %s", seatName(av.Mine), desc)
		}
		opts = append(opts, opt(areaLabel(a.Area), desc, applyValue(t, s, a)))
	}
	if len(opts) == 0 {
		return nil
	}
	where := "area"
	if k == engine.ActAdit {
		where = "border"
	}
	return &message{Content: fmt.Sprintf("**%s** (%d WP): choose the %s.", devNames[k], wp(k), where),
		Components: selects(t, s, "Choose the "+where, opts)}
}

// simpleSelect lists the legal actions of one kind as a select, with an
// optional button for a second kind (done / skip).
func simpleSelect(t Table, s *engine.State, legal []engine.Action, kind engine.ActionKind, text string,
	describe func(engine.Action) (string, string), alt engine.ActionKind, altLabel string) *message {
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

// --- the bid amount modal -----------------------------------------------------

func (m *Main) bidModal(ctx context.Context, i *discordgo.Interaction, gameID string, ver int, rest string) response {
	f := strings.Split(rest, ":")
	if len(f) != 3 {
		return forged()
	}
	seatN, err1 := strconv.Atoi(f[0])
	lo, err2 := strconv.Atoi(f[1])
	hi, err3 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || err3 != nil {
		return forged()
	}
	t, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return *r
	}
	seat, r := seated(i, t)
	if r != nil {
		return *r
	}
	if seat != seatN {
		return notYourTurn(t, s)
	}
	if ver != s.Version {
		return movedOn()
	}
	return response{Modal: &discordgo.InteractionResponseData{
		CustomID: fmt.Sprintf("tb:%s:%d:%d", t.ID, ver, seat),
		Title:    "Your bid",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "amount", Label: fmt.Sprintf("Amount in £ (%d to %d)", lo, hi), Style: discordgo.TextInputShort,
				Placeholder: strconv.Itoa(lo), Required: true, MinLength: 1, MaxLength: 5},
		}}},
	}}
}

func (m *Main) bidModalSubmit(ctx context.Context, i *discordgo.Interaction) response {
	d := i.ModalSubmitData()
	parts := strings.Split(d.CustomID, ":")
	if len(parts) != 4 || parts[0] != "tb" {
		return forged()
	}
	ver, err1 := strconv.Atoi(parts[2])
	seat, err2 := strconv.Atoi(parts[3])
	if err1 != nil || err2 != nil || seat < 0 || seat >= engine.MaxSeats {
		return forged()
	}
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
	amount, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(text), "£"))
	if err != nil || amount < 0 {
		return replyText("Type a whole number of pounds, like 12.")
	}
	return m.apply(ctx, i, parts[1], ver, engine.Action{Seat: seat, Kind: engine.ActBid, Amount: amount, Card: engine.NoCard, Area: -1, Border: -1})
}
