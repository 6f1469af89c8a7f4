package bot

import (
	"context"
	"strconv"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// The custom-ID protocol: every custom ID the bot writes is an ID built
// here, and every one it reads is parsed here and routed by the table
// below. The wire format is <kind>:<game>:<tok>:<rest…>, each part only
// where the kind has it; router.go lists the kinds. The
// formats never change: buttons on boards posted by older versions of the
// bot must keep working.

// coreRoutes are the kinds of the core.
func coreRoutes() map[string]kit.Route {
	return map[string]kit.Route{
		"tdef": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				return m.defaultConfirm(ctx, i, id.Game, id.Tok, id.Rest[0])
			}},
		"thist": {Shape: kit.Shape{Min: 1, Max: 1}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				if i.Type != discordgo.InteractionMessageComponent {
					return kit.Forged(i)
				}
				return m.historyPick(ctx, i, id.Rest[0], kit.ComponentValues(i))
			}},
		// Tables: lobby, rescue, end.
		"tl": {Shape: kit.Shape{Game: true, Min: 1, Max: 1}, Ack: kit.AckUpdate, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				return m.lobbyOp(ctx, i, id.Game, id.Rest[0], true)
			}},
		"ta": {Shape: kit.Shape{Game: true, Min: 1, Max: 1}, Ack: kit.AckUpdate, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				return m.abortConfirm(ctx, i, id.Game, id.Rest[0] == "yes")
			}},
		"tre": {Shape: kit.Shape{Game: true, Min: 0, Max: 1, Tail: true}, Ack: kit.AckUpdate, Posts: true,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				return m.rematch(ctx, i, id.Game)
			}},
		"tsub": {Shape: kit.Shape{Game: true, Min: 3, Max: 4, Tail: true}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := h.(*Main)
				return m.subConfirmID(ctx, i, id)
			}},
		// A non-player's long run in full (npcturn.go).
		"gfull": {Shape: kit.Shape{Game: true, Min: 2, Max: 3}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				page, ok := pageOf(id, 0) // the turn from its start
				if !ok {
					return kit.Forged(i)
				}
				return h.(*Main).gfull(ctx, i, id.Game, id.Rest[0], id.Rest[1], page)
			}},
		// A catch-up's earlier turns (kit.SinceButton; npcturn.go).
		"gsince": {Shape: kit.Shape{Game: true, Min: 2, Max: 3}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				page, ok := pageOf(id, -1) // the newest of the earlier turns
				if !ok {
					return kit.Forged(i)
				}
				return h.(*Main).gsince(ctx, i, id.Game, id.Rest[0], id.Rest[1], page)
			}},
	}
}

// pageOf is the page a replay's custom ID names after its range
// (gfull, gsince), or def when it names none; ok is false for a page that
// is not a small number.
func pageOf(id kit.ID, def int) (page int, ok bool) {
	if len(id.Rest) <= 2 {
		return def, true
	}
	p, err := strconv.Atoi(id.Rest[2])
	if err != nil || p < 0 || len(id.Rest[2]) > 3 {
		return 0, false
	}
	return p, true
}

// Dispatch parses a custom ID and runs its route. inSelect is set for the
// value picked in a tsel, which is itself an ID.
func (m *Main) Dispatch(ctx context.Context, i *discordgo.Interaction, s string, inSelect bool) kit.Response {
	id, err := m.routes.Parse(s)
	if err != nil {
		return kit.Forged(i)
	}
	r := m.routes[id.Kind]
	if r.Modal != (i.Type == discordgo.InteractionModalSubmit) || (inSelect && !r.Nested) {
		return kit.Forged(i)
	}
	return r.Handle(m, ctx, i, id)
}

// component handles a clicked component's custom ID.
func (m *Main) component(ctx context.Context, i *discordgo.Interaction, id string) kit.Response {
	return m.Dispatch(ctx, i, id, false)
}
