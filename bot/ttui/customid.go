package ttui

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// ttRoutes are Tinners' Trail's own custom-ID kinds (its turn controls,
// log pages, past boards and the solo lobby); its UI brings them to the
// bot's route table (TinnersTrailUI).
func ttRoutes() map[string]kit.Route {
	routes := ttTurnRoutes()
	for kind, r := range ttReadingRoutes() {
		routes[kind] = r
	}
	return routes
}

// ttTurnRoutes returns the routes of the Tinners' Trail turn: actions,
// steps, picks, investments, bids, turn order and undo.
func ttTurnRoutes() map[string]kit.Route {
	return map[string]kit.Route{
		"tt": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1, Tail: true}, Ack: kit.AckUpdate, Secret: true, Posts: true, Nested: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				a, err := tinners.ParseAction(id.Rest[0])
				if err != nil {
					return kit.Forged(i)
				}
				return m.play(ctx, i, id.Game, id.Tok, []tinners.Action{a})
			}},
		"tm": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 2, Tail: true}, Ack: kit.AckEphemeral, Secret: true, Nested: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.Step(ctx, i, id.Game, id.Tok, strings.Join(id.Rest, ":"))
			}},
		"tsel": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				values := kit.ComponentValues(i)
				if len(values) != 1 {
					return kit.Say(kit.UserLoc(i), "pick_one_option", nil)
				}
				return m.Dispatch(ctx, i, values[0], true)
			}},
		"tmul": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1}, Ack: kit.AckUpdate, Posts: true, Quiet: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.multiPick(ctx, i, id.Game, id.Tok, id.Rest[0], kit.ComponentValues(i))
			}},
		"tdd": {Shape: kit.Shape{Game: true, Tok: true, Min: 2, Max: 2}, Ack: kit.AckUpdate, Secret: true, Posts: true, Nested: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				acts, ok := draftDiscards(id.Rest[0], id.Rest[1])
				if !ok {
					return kit.Forged(i)
				}
				return m.play(ctx, i, id.Game, id.Tok, acts)
			}},
		"tinv": {Shape: kit.Shape{Game: true, Tok: true, Min: 4, Max: 4}, Ack: kit.AckUpdate, Posts: true, Nested: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.invest(ctx, i, id.Game, id.Tok, id.Rest)
			}},
		"tq": {Shape: kit.Shape{Game: true, Tok: true, Min: 3, Max: 3}, Ack: kit.AckModal,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.bidModal(ctx, i, id.Game, id.Tok, id.Rest)
			}},
		// tb:<game>:<tok>:<seat> is the amount box of an older version.
		"tb": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 3}, Ack: kit.AckUpdate, Modal: true, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.bidSubmit(ctx, i, id)
			}},
		"to": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckModal,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.orderModal(ctx, i, id.Game, id.Tok)
			}},
		"tob": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckUpdate, Modal: true, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.orderSubmit(ctx, i, id)
			}},
		"toc": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckUpdate, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.setOrder(ctx, i, id.Game, id.Tok, 0, true)
			}},
		"tu": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckUpdate, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.undo(ctx, i, id.Game, &id.Tok)
			}},
	}
}

// ttReadingRoutes returns the routes of reading a Tinners' Trail game: the
// log, the hand, past rounds, and the bot's difficulty.
func ttReadingRoutes() map[string]kit.Route {
	return map[string]kit.Route{
		"tlog": {Shape: kit.Shape{Game: true, Min: 1, Max: 2}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				round, err := strconv.Atoi(id.Rest[0])
				if err != nil || round < 0 || round > tinners.NumRounds {
					return kit.Forged(i)
				}
				page := -1
				if len(id.Rest) > 1 {
					if page, err = strconv.Atoi(id.Rest[1]); err != nil || page < 0 || len(id.Rest[1]) > 3 {
						return kit.Forged(i)
					}
				}
				return m.cmdLogPage(ctx, i, id.Game, round, page)
			}},
		// th and tre ignore what follows the game, as they always have.
		"th": {Shape: kit.Shape{Game: true, Min: 0, Max: 1, Tail: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.cmdHand(ctx, i, id.Game)
			}},
		"tpast": {Shape: kit.Shape{Game: true, Min: 1, Max: 2}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.pastClick(ctx, i, id)
			}},
		"tdiff": {Shape: kit.Shape{Game: true}, Ack: kit.AckUpdate, Quiet: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.setDifficulty(ctx, i, id.Game, kit.ComponentValues(i))
			}},
	}
}

// tinnersID returns the ID of kind for state s of table t.
func tinnersID(kind string, t kit.Table, s *tinners.State, rest ...string) string {
	return kit.TokenID(kind, t, kit.Token{Ver: s.Version, Epoch: t.Notes.Epoch}, rest...)
}

// stepCode splits the Rest of a tm ID, written joined: the step's name
// and its argument ("" when it has none).
func stepCode(step string) (name, arg string) {
	name, arg, _ = strings.Cut(step, ":")
	return name, arg
}
