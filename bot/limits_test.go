package bot

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/kit/kittest"
	"github.com/tinnersbot/tinnersbot/bot/ttui"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// maxCustomID is Discord's limit on a custom ID's length.
const maxCustomID = kittest.MaxCustomID

// randomTable is a table with the longest ids and names the bot allows.
func randomTable(n int) kit.Table {
	t := kit.Table{ID: "abcdefghijkl", GuildID: testGuild, ChannelID: testChannel, Host: "100000000000000000001",
		Status: kit.StatusRunning, MaxPlayers: n, BoardMsg: "900000000000000000001"}
	for k := range n {
		t.Seats = append(t.Seats, kit.Seat{UserID: fmt.Sprintf("10000000000000000000%d", k+1), Name: strings.Repeat("W", 32)})
	}
	return t
}

// randomStates plays random legal actions from a new game and calls visit
// on every state reached, the last one over. opts are the modules (none
// if not given).
func randomStates(t *testing.T, n int, seed uint64, visit func(*tinners.State), opts ...tinners.Options) {
	t.Helper()
	var o tinners.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	s, err := tinners.NewGame(tinners.Setup{NumSeats: n, Seed: seed, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	for step := 0; ; step++ {
		visit(s)
		if s.Phase == tinners.PhaseOver {
			return
		}
		if step > 5000 {
			t.Fatalf("%dp seed %d: no end after 5000 actions", n, seed)
		}
		who := s.ToAct()
		seat := who[r.IntN(len(who))]
		legal := s.Legal(seat)
		c := legal[r.IntN(len(legal))]
		a := c.Action
		if a.Kind == tinners.ActBid {
			// Mostly small raises, so that auctions run a while.
			a.Amount += r.IntN(min(3, c.Max-a.Amount+1))
		}
		if s, _, err = tinners.Apply(s, a); err != nil {
			t.Fatalf("%dp seed %d: Apply(%s): %v", n, seed, a, err)
		}
	}
}

// checkMessageLimits fails when msg breaks one of Discord's limits, or
// carries a custom ID this bot would not route (kittest.MessageLimits).
func checkMessageLimits(t *testing.T, where string, msg kit.Message) {
	t.Helper()
	if err := kittest.MessageLimits(msg, routes); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
}

// uiActions walks everything seat can reach from the board of s (buttons,
// then the private steps they open), checking every message on the way,
// and returns the actions offered, in compact form, and the bid range of
// the amount modal (lo > hi: none).
func uiActions(t *testing.T, tb kit.Table, s *tinners.State, seat int) (acts map[string]bool, lo, hi int) {
	t.Helper()
	acts, lo, hi = map[string]bool{}, 1, 0
	board := kit.Message{Content: kit.Clip(boardText(tb, s.PublicView(), nil)), Components: boardComponents(tb, s)}
	if s.Phase == tinners.PhaseDraft || s.Phase == tinners.PhaseAfterAuction {
		// Private from the start: the step the board's button opens.
		if step := nextStep(tb, s, seat); step != nil {
			board.Components = append(board.Components, step.Components...)
		}
	}
	where := fmt.Sprintf("%dp v%d %s seat %d", s.NumSeats, s.Version, s.Phase, seat)
	checkMessageLimits(t, where+" board", board)
	seen := map[string]bool{}
	var walk func(where string, msg kit.Message)
	follow := func(where, id string) {
		switch {
		case strings.HasPrefix(id, "tt:"):
			f := strings.SplitN(id, ":", 4)
			a, err := tinners.ParseAction(f[3])
			if err != nil {
				t.Fatalf("%s: %q does not parse: %v", where, id, err)
			}
			if f[1] != tb.ID || f[2] != tok(tb, s) {
				t.Fatalf("%s: %q names another game or version", where, id)
			}
			if a.Seat == seat {
				acts[a.String()] = true
			}
		case strings.HasPrefix(id, "tdd:"):
			f := strings.SplitN(id, ":", 4)
			batch, ok := tt.DraftActions(f[3])
			if !ok || f[1] != tb.ID || f[2] != tok(tb, s) {
				t.Fatalf("%s: bad draft ID %q", where, id)
			}
			cur := s
			for _, a := range batch {
				next, _, err := tinners.Apply(cur, a)
				if err != nil {
					t.Fatalf("%s: %q: %v", where, id, err)
				}
				cur = next
				acts[a.String()] = true
			}
		case strings.HasPrefix(id, "tinv:"):
			// One investing turn: its first action is what the engine sees first.
			f := strings.Split(id, ":")
			if len(f) != 7 || f[1] != tb.ID || f[2] != tok(tb, s) {
				t.Fatalf("%s: bad investing ID %q", where, id)
			}
			seatN, _ := strconv.Atoi(f[3])
			tens, _ := strconv.Atoi(f[4])
			fives, _ := strconv.Atoi(f[5])
			batch, err := tt.InvestActions(s, seatN, tens, fives, f[6] == "fin")
			if err != nil {
				t.Fatalf("%s: %q is not a legal investment: %v", where, id, err)
			}
			for _, a := range batch[:1] {
				acts[a.String()] = true
			}
		case strings.HasPrefix(id, "tm:"):
			f := strings.SplitN(id, ":", 4)
			if seen[f[3]] {
				return
			}
			seen[f[3]] = true
			msg, known := stepMessage(tb, s, seat, f[3])
			if !known {
				t.Fatalf("%s: step %q is not known", where, id)
			}
			if msg != nil {
				walk(where+" → "+f[3], *msg)
			}
		case strings.HasPrefix(id, "tq:"):
			f := strings.Split(id, ":")
			if f[3] == strconv.Itoa(seat) {
				lo, _ = strconv.Atoi(f[4])
				hi, _ = strconv.Atoi(f[5])
			}
		case strings.HasPrefix(id, "th:"), strings.HasPrefix(id, "to:"), strings.HasPrefix(id, "tu:"):
		default:
			t.Fatalf("%s: unknown custom ID %q", where, id)
		}
	}
	walk = func(where string, msg kit.Message) {
		checkMessageLimits(t, where, msg)
		for _, c := range msg.Components {
			for _, c := range c.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					checkCostShown(t, where, c.CustomID, c.Label)
					follow(where, c.CustomID)
				case discordgo.SelectMenu:
					multi := strings.HasPrefix(c.CustomID, "tmul:")
					for _, o := range c.Options {
						id := o.Value
						if multi {
							// A multi-select's values are actions, applied together.
							a, _, _ := strings.Cut(o.Value, "#")
							id = "tt:" + tb.ID + ":" + tok(tb, s) + ":" + a
						}
						checkCostShown(t, where, id, o.Label+" "+o.Description)
						follow(where, id)
					}
				}
			}
		}
	}
	walk(where+" board", board)
	return acts, lo, hi
}

// TestComponentsFitDiscordAndCoverLegal plays random games at 1 (the solo
// game against Lord Wallace, with difficulty options) to 5 players and, in every state, builds everything the bot would send to
// each seat the game waits for: each message must fit Discord's limits,
// and together they must offer exactly the engine's legal actions.
func TestComponentsFitDiscordAndCoverLegal(t *testing.T) {
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	for n := tinners.SoloSeats; n <= tinners.MaxSeats; n++ {
		for game := range uint64(6 * seeds) {
			if !testenv.Pick(t, n == 2 && game == 5) {
				// Outside the full pass (six times slower under -race, and
				// one goroutine checks the texts): one game, of 2 players
				// with all three modules (TestComponentsFitDiscordInPolish
				// plays the solo game with every module there). .ci/run's
				// full pass plays every game.
				continue
			}
			// The modules in turn: none, Arsenic, the Kickstarter pack, both,
			// Emigration, all three.
			seed, g := game/6, game%6
			opts := tinners.Options{Arsenic: g%2 == 1, Kickstarter: g == 2 || g == 3 || g == 5, Emigration: g >= 4}
			if n == tinners.SoloSeats {
				// Lord Wallace's difficulty options, some in each game.
				keys := []string{"better-mines", "cheap-labour", "more-mines=2", "deep-pockets", "friends-in-high-places", "financial-sabotage", "bailing-out", "shady-land-purchases"}
				var on []string
				for k, key := range keys {
					if (k+int(game))%3 == 0 {
						on = append(on, key)
					}
				}
				d, err := tinners.ParseOptions(strings.Join(on, ","))
				if err != nil {
					t.Fatal(err)
				}
				opts = tt.WithDifficulty(opts, d)
			}
			t.Run(fmt.Sprintf("%dp/seed%d/arsenic=%v/kickstarter=%v/emigration=%v", n, seed, opts.Arsenic, opts.Kickstarter, opts.Emigration), func(t *testing.T) {
				arsenic, dual, emig := 0, 0, 0
				tb := randomTable(n)
				states := 0
				var acct accounts
				randomStates(t, n, 1000+seed, func(s *tinners.State) {
					states++
					checkMessageLimits(t, "final board", kit.Message{Content: kit.Clip(boardText(tb, s.PublicView(), acct.of(tb, s)))})
					for _, seat := range s.ToAct() {
						acts, lo, hi := uiActions(t, tb, s, seat)
						want := map[string]bool{}
						for _, a := range s.Legal(seat) {
							if a.Kind == tinners.ActBid {
								for x := a.Amount; x <= a.Max; x++ {
									if !acts[tt.BidAt(a.Action, x).String()] && !(lo <= x && x <= hi) {
										t.Fatalf("%dp v%d seat %d: a bid of £%d cannot be made (modal £%d–£%d)", n, s.Version, seat, x, lo, hi)
									}
									want[tt.BidAt(a.Action, x).String()] = true
								}
								continue
							}
							want[a.String()] = true
							if a.Kind == tinners.ActDraftDiscard && slices.ContainsFunc(slices.Collect(maps.Keys(acts)), func(x string) bool {
								b, err := tinners.ParseAction(x)
								return err == nil && b.Kind == a.Kind && tinners.Standard.Cards[b.Card].String() == tinners.Standard.Cards[a.Card].String()
							}) {
								continue // an equal card is offered: the same choice
							}
							if a.Kind == tinners.ActInvest && slices.ContainsFunc(slices.Collect(maps.Keys(acts)), func(x string) bool { return strings.Contains(x, "/inv:") }) {
								// One choice per investing turn: each amount is
								// made of £10s and £5s in the best split, so not
								// every first step needs a choice of its own.
								continue
							}
							if !acts[a.String()] {
								t.Fatalf("%dp v%d %s seat %d: legal %s is offered nowhere", n, s.Version, s.Phase, seat, a)
							}
							if a.Kind >= tinners.ActCalciner && a.Kind < tinners.ActOwnMiner {
								arsenic++
							}
							if a.Kind >= tinners.ActOwnMiner {
								emig++
							}
							if (a.Kind == tinners.ActBuild || a.Kind == tinners.ActAfterCard) && a.Card >= 0 && tinners.Standard.Cards[a.Card].Deck == tinners.DeckKickstarter {
								dual++
							}
						}
						for a := range acts {
							if !want[a] {
								t.Fatalf("%dp v%d seat %d: %s is offered but not legal", n, s.Version, seat, a)
							}
						}
					}
				}, opts)
				t.Logf("%d states, %d arsenic choices, %d dual-region card choices, %d emigration choices", states, arsenic, dual, emig)
				if opts.Emigration && emig == 0 {
					t.Fatal("no emigration choice was offered in a whole game")
				}
				if opts.Arsenic && arsenic == 0 {
					t.Fatal("no arsenic choice was offered in a whole game")
				}
				if opts.Kickstarter && n > 2 && dual == 0 {
					t.Fatal("no dual-region card was offered in a whole game")
				}
			})
		}
	}
}

// accounts gives a game's whole log so far as account lines (a board text
// with a longer account than any one action makes), state after state:
// each log line is worded once, not once per state after it (the property tests visit every state, and a
// game's log has hundreds of lines). The lines of a state whose log does
// not extend the last one's are worded afresh.
type accounts struct {
	raw, lines []string
}

func (c *accounts) of(tb kit.Table, s *tinners.State) []string {
	n := 0
	for n < len(c.raw) && n < len(s.Log) && c.raw[n] == s.Log[n] {
		n++
	}
	c.raw, c.lines = c.raw[:n], c.lines[:n]
	en := i18n.Localizer(i18n.English)
	names := seatNames(tb)
	for k := n; k < len(s.Log); k++ {
		c.raw = append(c.raw, s.Log[k])
		c.lines = append(c.lines, engine.FormatLine(en.Message(s.LogMessage(k), s.Log[k]), names))
	}
	return slices.Clip(c.lines)
}

// checkCostShown fails when a choice that applies an action costing work
// points does not say so, or an extraction does not show its price.
func checkCostShown(t *testing.T, where, id, text string) {
	t.Helper()
	if !strings.HasPrefix(id, "tt:") {
		return
	}
	a, err := tinners.ParseAction(strings.SplitN(id, ":", 4)[3])
	if err != nil {
		return // reported by follow
	}
	if _, costs := tinners.Standard.Costs[a.Kind]; costs && !strings.Contains(text, "WP") {
		t.Fatalf("%s: %q (%s) does not show its work points", where, text, a)
	}
	if a.Kind == tinners.ActExtract && !strings.Contains(text, "£") {
		t.Fatalf("%s: %q does not show what the extraction costs", where, text)
	}
}

// TestSoloLobbyFitsDiscord builds the solo lobby with no difficulty option
// and with all of them (the longest), and checks it against Discord's limits.
func TestSoloLobbyFitsDiscord(t *testing.T) {
	m := bareMain(Config{})
	for _, keys := range [][]string{nil, {"better-mines", "cheap-labour", "more-mines=2", "deep-pockets", "friends-in-high-places", "financial-sabotage", "bailing-out", "shady-land-purchases"}} {
		tb := randomTable(1)
		tb.Status = kit.StatusLobby
		tb.Options = ttOpts(tinners.Options{Solo: true, Arsenic: true, Emigration: true, Kickstarter: true})
		ttui.SetNotes(&tb.Notes, ttui.Notes{Difficulty: keys})
		msg := m.LobbyMessage(tb)
		checkMessageLimits(t, fmt.Sprintf("solo lobby %v", keys), msg)
		sel := msg.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
		if sel.MaxValues != len(tt.DifficultyChoices()) || *sel.MinValues != 0 || len(sel.CustomID) > maxCustomID {
			t.Fatalf("difficulty select: %+v", sel)
		}
		for _, o := range sel.Options {
			if o.Default != slices.Contains(keys, o.Value) {
				t.Fatalf("option %s shown as chosen %v with %v", o.Value, o.Default, keys)
			}
		}
	}
}

// TestGenericPastBoardFitsDiscord builds the past board of a generic table
// with the longest ids and names, at the setup, in the middle and at the
// end of the longest record a custom ID admits (6 digits), with long
// events, and checks it against Discord's limits: the gpast: IDs of one
// reply are distinct and under 100 characters, and each parses back.
func TestGenericPastBoardFitsDiscord(t *testing.T) {
	tb := randomTable(4)
	tb.Title = coalbaron.ID
	mt, err := coalbaron.Title.New(engine.Setup{NumSeats: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var events []engine.Event
	for range 40 {
		events = append(events, engine.Event{Seat: 0, Message: engine.Say("cb_label_move", "Move", strings.Repeat("{P3} did a long thing. ", 5))})
	}
	const total = 999999
	for k, at := range []int{0, 1, 9, 10, 500000, total - 1, total} {
		lead := "" // the board at a round's start has a line above the heading
		if k%2 == 1 {
			lead = kit.English().T("g_round_board_head", kit.Args{"Round": gen.RoundNameIn(kit.English(), mt.(engine.RoundNames), 999)})
		}
		msg := gen.PastMessage(kit.English(), tb, strings.Repeat("N", 100), lead, mt, events, at, total)
		where := fmt.Sprintf("past board at %d", at)
		checkMessageLimits(t, where, msg)
		for _, row := range msg.Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				f := strings.Split(c.(discordgo.Button).CustomID, ":")
				n, err := strconv.Atoi(f[2])
				if len(f) != 4 || f[0] != "gpast" || f[1] != tb.ID || err != nil || n < 0 || n > total || len(f[2]) > 6 || !gen.PastTags()[f[3]] {
					t.Fatalf("%s: custom ID %v", where, f)
				}
			}
		}
		if !strings.HasPrefix(msg.Content, strings.TrimPrefix(lead+"\n", "\n")+"**Table "+tb.ID) {
			t.Fatalf("%s: the heading was clipped: %q", where, msg.Content[:80])
		}
	}
}
