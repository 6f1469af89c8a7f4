package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// The custom-ID protocol: every custom ID the bot writes is an ID built
// here, and every one it reads is parsed here and routed by the table
// below. The wire format is <kind>:<game>:<tok>:<rest…>, each part only
// where the kind has it; router.go and generic.go list the kinds. The
// formats never change: buttons on boards posted by older versions of the
// bot must keep working.

// ID is a parsed custom ID.
type ID struct {
	Kind string
	Game string   // the table's id; "" for a kind without one (thist)
	Tok  Token    // the game's version and undo epoch, for a kind with one
	Rest []string // the kind's remaining fields
}

// Token is the state a button was built on: the game's version and the
// undo epoch. It is written "12", or "12e3" after three undos.
type Token struct {
	Ver, Epoch int
}

// String returns the token as it is written in a custom ID.
func (k Token) String() string {
	if k.Epoch == 0 {
		return strconv.Itoa(k.Ver)
	}
	return strconv.Itoa(k.Ver) + "e" + strconv.Itoa(k.Epoch)
}

// parseTok reads a token written by Token.String.
func parseTok(x string) (ver, epoch int, ok bool) {
	v, e, hasEpoch := strings.Cut(x, "e")
	ver, err := strconv.Atoi(v)
	if err != nil || ver < 0 || len(v) > 7 {
		return 0, 0, false
	}
	if hasEpoch {
		if epoch, err = strconv.Atoi(e); err != nil || epoch < 1 || len(e) > 7 {
			return 0, 0, false
		}
	}
	return ver, epoch, true
}

// shape is what a kind's ID holds after its kind.
type shape struct {
	game     bool // a table id
	tok      bool // a token
	min, max int  // how many Rest fields
	tail     bool // the last Rest field takes the remainder, colons included
}

// route is how one kind of custom ID is acknowledged, logged and handled.
type route struct {
	shape
	ack ack // ackEphemeral: opens a private step; ackModal: answered by a form; ackUpdate
	// secret: Rest may name what only its player may see (a card in a
	// hand); the log keeps only its first field (seat/kind, step name).
	secret bool
	// posts: handling may post or edit a public message (willPost).
	posts bool
	// modal: the ID of a submitted form; the others are clicked components.
	modal bool
	// nested: may be the value picked in a tsel (the bot's menus hold
	// actions, steps, draft picks and investments); any other kind there
	// is refused, whatever its clicker could press as a button.
	nested bool
	// quiet: the reply does not carry the player's pending notices.
	quiet  bool
	handle func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response
}

// routeTable is every kind of custom ID one bot reads: the core's
// (coreRoutes) and those of the title UIs it was given (Config.UIs), put
// together by New. Kinds of buttons posted by older versions stay as long
// as such buttons may still be clicked.
type routeTable map[string]route

// newRoutes puts kinds together; a kind routed twice is an error.
func newRoutes(parts ...map[string]route) (routeTable, error) {
	rt := routeTable{}
	for _, kinds := range parts {
		for k, r := range kinds {
			if _, dup := rt[k]; dup {
				return nil, fmt.Errorf("custom ID kind %q routed twice", k)
			}
			rt[k] = r
		}
	}
	return rt, nil
}

// coreRoutes are the kinds of the core and of the generic flow.
func coreRoutes() map[string]route {
	return map[string]route{
		"tdef": {shape: shape{game: true, tok: true, min: 1, max: 1}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.defaultConfirm(ctx, i, id.Game, id.Tok, id.Rest[0])
			}},
		"thist": {shape: shape{min: 1, max: 1}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				if i.Type != discordgo.InteractionMessageComponent {
					return forged(i)
				}
				return m.historyPick(ctx, i, id.Rest[0], componentValues(i))
			}},
		// Tables: lobby, rescue, end.
		"tl": {shape: shape{game: true, min: 1, max: 1}, ack: ackUpdate, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.lobbyOp(ctx, i, id.Game, id.Rest[0], true)
			}},
		"ta": {shape: shape{game: true, min: 1, max: 1}, ack: ackUpdate, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.abortConfirm(ctx, i, id.Game, id.Rest[0] == "yes")
			}},
		"tre": {shape: shape{game: true, min: 0, max: 1, tail: true}, ack: ackUpdate, posts: true,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.rematch(ctx, i, id.Game)
			}},
		"tsub": {shape: shape{game: true, min: 3, max: 4, tail: true}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.subConfirmID(ctx, i, id)
			}},
		// The generic flow of other titles (generic.go).
		"gp": {shape: shape{game: true, tok: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gstep(ctx, i, id.Game, id.Tok, "")
			}},
		"gh": {shape: shape{game: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.ghand(ctx, i, id.Game)
			}},
		"gu": {shape: shape{game: true, tok: true}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gundo(ctx, i, id.Game, &id.Tok)
			}},
		"gm": {shape: shape{game: true, tok: true, min: 1, max: 1, tail: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gstep(ctx, i, id.Game, id.Tok, id.Rest[0])
			}},
		"gi": {shape: shape{game: true, tok: true, min: 1, max: 1, tail: true}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				n, err := strconv.Atoi(id.Rest[0])
				if err != nil || n < 0 || len(id.Rest[0]) > 4 {
					return forged(i)
				}
				return m.gpick(ctx, i, id.Game, id.Tok, n, "")
			}},
		"gs": {shape: shape{game: true, tok: true, min: 1, max: 1, tail: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gselect(ctx, i, id, componentValues(i))
			}},
		"glog": {shape: shape{game: true, min: 1, max: 2}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				page := "-1"
				if len(id.Rest) > 1 {
					page = id.Rest[1]
				}
				return m.glogClick(ctx, i, id.Game, id.Rest[0], page)
			}},
		"gscore": {shape: shape{game: true}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gscore(ctx, i, id.Game)
			}},
		"gfull": {shape: shape{game: true, min: 2, max: 3}, ack: ackEphemeral,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				page := 0 // the turn from its start
				if len(id.Rest) > 2 {
					p, err := strconv.Atoi(id.Rest[2])
					if err != nil || p < 0 || len(id.Rest[2]) > 3 {
						return forged(i)
					}
					page = p
				}
				return m.gfull(ctx, i, id.Game, id.Rest[0], id.Rest[1], page)
			}},
		"gpast": {shape: shape{game: true, min: 2, max: 2}, ack: ackUpdate,
			handle: func(m *Main, ctx context.Context, i *discordgo.Interaction, id ID) response {
				return m.gpastClick(ctx, i, id.Game, id.Rest[0], id.Rest[1])
			}},
	}
}

// Errors of ParseID.
var (
	errIDKind  = errors.New("custom ID: unknown kind")
	errIDShape = errors.New("custom ID: malformed")
)

// format returns id as it is written on the wire.
func (rt routeTable) format(id ID) string {
	var b strings.Builder
	b.WriteString(id.Kind)
	if r, ok := rt[id.Kind]; ok {
		if r.game {
			b.WriteString(":" + id.Game)
		}
		if r.tok {
			b.WriteString(":" + id.Tok.String())
		}
	}
	for _, f := range id.Rest {
		b.WriteString(":" + f)
	}
	return b.String()
}

// parse parses a custom ID. It returns errIDKind for a kind with no route
// and errIDShape for an ID that does not have its kind's shape (fields, a
// token that does not parse).
func (rt routeTable) parse(s string) (ID, error) {
	kind, rest, ok := strings.Cut(s, ":")
	r, known := rt[kind]
	if !ok || !known {
		return ID{}, fmt.Errorf("%w: %q", errIDKind, kind)
	}
	fixed := 0
	if r.game {
		fixed++
	}
	if r.tok {
		fixed++
	}
	var f []string
	if r.tail {
		f = strings.SplitN(rest, ":", fixed+r.max)
	} else {
		f = strings.Split(rest, ":")
	}
	if len(f) < fixed+max(r.min, 0) || len(f) > fixed+r.max {
		return ID{}, fmt.Errorf("%w: %s with %d fields", errIDShape, kind, len(f))
	}
	id := ID{Kind: kind}
	if r.game {
		id.Game, f = f[0], f[1:]
	}
	if r.tok {
		ver, epoch, ok := parseTok(f[0])
		if !ok {
			return ID{}, fmt.Errorf("%w: %s token %q", errIDShape, kind, f[0])
		}
		id.Tok, f = Token{Ver: ver, Epoch: epoch}, f[1:]
	}
	if len(f) > 0 {
		id.Rest = f
	}
	return id, nil
}

// kindOf returns the kind of a custom ID, parsed or not ("" when it has
// no colon).
func kindOf(s string) string {
	kind, _, ok := strings.Cut(s, ":")
	if !ok {
		return ""
	}
	return kind
}

// componentValues returns the values picked in a select (none for a
// button or a form).
func componentValues(i *discordgo.Interaction) []string {
	if i.Type != discordgo.InteractionMessageComponent {
		return nil
	}
	return i.MessageComponentData().Values
}

// dispatch parses a custom ID and runs its route. inSelect is set for the
// value picked in a tsel, which is itself an ID.
func (m *Main) dispatch(ctx context.Context, i *discordgo.Interaction, s string, inSelect bool) response {
	id, err := m.routes.parse(s)
	if err != nil {
		return forged(i)
	}
	r := m.routes[id.Kind]
	if r.modal != (i.Type == discordgo.InteractionModalSubmit) || (inSelect && !r.nested) {
		return forged(i)
	}
	return r.handle(m, ctx, i, id)
}

// component handles a clicked component's custom ID.
func (m *Main) component(ctx context.Context, i *discordgo.Interaction, id string) response {
	return m.dispatch(ctx, i, id, false)
}

// ackFor decides the acknowledgement from the interaction alone (no I/O),
// so that Discord hears from us well within its 3 seconds: by the kind of
// its custom ID, even a malformed one.
func (rt routeTable) ackFor(i *discordgo.Interaction) ack {
	switch i.Type {
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		r, ok := rt[kindOf(customID(i))]
		if !ok {
			return ackUpdate
		}
		if r.ack == ackModal && i.Type == discordgo.InteractionMessageComponent {
			return ackModal
		}
		if isEphemeral(i.Message) {
			return ackUpdate
		}
		if r.ack == ackEphemeral {
			return ackEphemeral // opens a private step
		}
		return ackUpdate
	}
	return ackEphemeral
}

// logID is a custom ID fit for the log: of a secret Rest (an action's
// arguments may name a card from a hand) only the part before its first
// colon (the action's seat and kind, the step's name) is kept.
func (rt routeTable) logID(i *discordgo.Interaction) string {
	s := customID(i)
	id, err := rt.parse(s)
	if err != nil {
		if r, ok := rt[kindOf(s)]; ok && r.secret {
			return kindOf(s) + ":…" // malformed: nothing of it is logged
		}
		return s
	}
	if !rt[id.Kind].secret || len(id.Rest) == 0 {
		return s
	}
	first, _, cut := strings.Cut(id.Rest[0], ":")
	if !cut && len(id.Rest) == 1 {
		return s
	}
	id.Rest = []string{first, "…"}
	return rt.format(id)
}

func customID(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionMessageComponent:
		return i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		return i.ModalSubmitData().CustomID
	}
	return ""
}

// matchID returns the ID of kind for match mt of table t.
func matchID(kind string, t Table, mt engine.Match, rest ...string) string {
	return tokenID(kind, t, Token{Ver: mt.Version(), Epoch: t.Notes.Epoch}, rest...)
}

// tokenID returns the ID of a kind with a table and a token: the table t's
// at tok.
func tokenID(kind string, t Table, tok Token, rest ...string) string {
	return strings.Join(append([]string{kind, t.ID, tok.String()}, rest...), ":")
}

// plainID returns the ID of kind, with no token, for game ("" for a kind
// without one).
func plainID(kind, game string, rest ...string) string {
	f := []string{kind}
	if game != "" {
		f = append(f, game)
	}
	return strings.Join(append(f, rest...), ":")
}
