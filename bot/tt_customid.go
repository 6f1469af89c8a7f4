package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// ttRoutes are Tinners' Trail's own custom-ID kinds (its turn controls,
// log pages, past boards and the solo lobby); its UI brings them to the
// bot's route table (TinnersTrailUI).
func ttRoutes() map[string]route {
	return map[string]route{
		// Tinners' Trail: the turn.
		"tt": {shape: shape{game: true, tok: true, min: 1, max: 1, tail: true}, ack: ackUpdate, secret: true, posts: true, nested: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				a, err := tinners.ParseAction(id.Rest[0])
				if err != nil {
					return forged(i)
				}
				return m.play(ctx, i, id.Game, id.Tok, []tinners.Action{a})
			}},
		"tm": {shape: shape{game: true, tok: true, min: 1, max: 2, tail: true}, ack: ackEphemeral, secret: true, nested: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.step(ctx, i, id.Game, id.Tok, strings.Join(id.Rest, ":"))
			}},
		"tsel": {shape: shape{game: true, tok: true, min: 1, max: 1}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				values := componentValues(i)
				if len(values) != 1 {
					return say(userLoc(i), "pick_one_option", nil)
				}
				return m.dispatch(ctx, i, values[0], true)
			}},
		"tmul": {shape: shape{game: true, tok: true, min: 1, max: 1}, ack: ackUpdate, posts: true, quiet: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.multiPick(ctx, i, id.Game, id.Tok, id.Rest[0], componentValues(i))
			}},
		"tdd": {shape: shape{game: true, tok: true, min: 2, max: 2}, ack: ackUpdate, secret: true, posts: true, nested: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				acts, ok := draftDiscards(id.Rest[0], id.Rest[1])
				if !ok {
					return forged(i)
				}
				return m.play(ctx, i, id.Game, id.Tok, acts)
			}},
		"tinv": {shape: shape{game: true, tok: true, min: 4, max: 4}, ack: ackUpdate, posts: true, nested: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.invest(ctx, i, id.Game, id.Tok, id.Rest)
			}},
		"tq": {shape: shape{game: true, tok: true, min: 3, max: 3}, ack: ackModal,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.bidModal(ctx, i, id.Game, id.Tok, id.Rest)
			}},
		// tb:<game>:<tok>:<seat> is the amount box of an older version.
		"tb": {shape: shape{game: true, tok: true, min: 1, max: 3}, ack: ackUpdate, modal: true, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.bidSubmit(ctx, i, id)
			}},
		"to": {shape: shape{game: true, tok: true}, ack: ackModal,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.orderModal(ctx, i, id.Game, id.Tok)
			}},
		"tob": {shape: shape{game: true, tok: true}, ack: ackUpdate, modal: true, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.orderSubmit(ctx, i, id)
			}},
		"toc": {shape: shape{game: true, tok: true}, ack: ackUpdate, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.setOrder(ctx, i, id.Game, id.Tok, 0, true)
			}},
		"tu": {shape: shape{game: true, tok: true}, ack: ackUpdate, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.undo(ctx, i, id.Game, &id.Tok)
			}},
		// Tinners' Trail: reading.
		"tlog": {shape: shape{game: true, min: 1, max: 2}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				round, err := strconv.Atoi(id.Rest[0])
				if err != nil || round < 0 || round > tinners.NumRounds {
					return forged(i)
				}
				page := -1
				if len(id.Rest) > 1 {
					if page, err = strconv.Atoi(id.Rest[1]); err != nil || page < 0 || len(id.Rest[1]) > 3 {
						return forged(i)
					}
				}
				return m.cmdLogPage(ctx, i, id.Game, round, page)
			}},
		// th and tre ignore what follows the game, as they always have.
		"th": {shape: shape{game: true, min: 0, max: 1, tail: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.cmdHand(ctx, i, id.Game)
			}},
		"tpast": {shape: shape{game: true, min: 1, max: 2}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.pastClick(ctx, i, id)
			}},
		"tdiff": {shape: shape{game: true}, ack: ackUpdate, quiet: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.setDifficulty(ctx, i, id.Game, componentValues(i))
			}},
	}
}

// tinnersID returns the ID of kind for state s of table t.
func tinnersID(kind string, t Table, s *tinners.State, rest ...string) string {
	return tokenID(kind, t, Token{Ver: s.Version, Epoch: t.Notes.Epoch}, rest...)
}

// stepCode splits the Rest of a tm ID, written joined: the step's name
// and its argument ("" when it has none).
func stepCode(step string) (name, arg string) {
	name, arg, _ = strings.Cut(step, ":")
	return name, arg
}
