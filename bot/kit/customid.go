package kit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

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

// ParseTok reads a token written by Token.String.
func ParseTok(x string) (ver, epoch int, ok bool) {
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

// Shape is what a kind's ID holds after its kind.
type Shape struct {
	Game     bool // a table id
	Tok      bool // a token
	Min, Max int  // how many Rest fields
	Tail     bool // the last Rest field takes the remainder, colons included
}

// Route is how one kind of custom ID is acknowledged, logged and handled.
type Route struct {
	Shape
	Ack Ack // ackEphemeral: opens a private step; ackModal: answered by a form; ackUpdate
	// Secret: Rest may name what only its player may see (a card in a
	// hand); the log keeps only its first field (seat/kind, step name).
	Secret bool
	// Posts: handling may post or edit a public message (willPost).
	Posts bool
	// Modal: the ID of a submitted form; the others are clicked components.
	Modal bool
	// Nested: may be the value picked in a tsel (the bot's menus hold
	// actions, steps, draft picks and investments); any other kind there
	// is refused, whatever its clicker could press as a button.
	Nested bool
	// Quiet: the reply does not carry the player's pending notices.
	Quiet  bool
	Handle func(h Host, ctx context.Context, i *discordgo.Interaction, id ID) Response
}

// RouteTable is every kind of custom ID one bot reads: the core's
// (coreRoutes) and those of the title UIs it was given (Config.UIs), put
// together by New. Kinds of buttons posted by older versions stay as long
// as such buttons may still be clicked.
type RouteTable map[string]Route

// NewRoutes puts kinds together; a kind routed twice is an error.
func NewRoutes(parts ...map[string]Route) (RouteTable, error) {
	rt := RouteTable{}
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

// Errors of ParseID.
var (
	ErrIDKind  = errors.New("custom ID: unknown kind")
	ErrIDShape = errors.New("custom ID: malformed")
)

// Format returns id as it is written on the wire.
func (rt RouteTable) Format(id ID) string {
	var b strings.Builder
	b.WriteString(id.Kind)
	if r, ok := rt[id.Kind]; ok {
		if r.Game {
			b.WriteString(":" + id.Game)
		}
		if r.Tok {
			b.WriteString(":" + id.Tok.String())
		}
	}
	for _, f := range id.Rest {
		b.WriteString(":" + f)
	}
	return b.String()
}

// Parse parses a custom ID. It returns errIDKind for a kind with no route
// and errIDShape for an ID that does not have its kind's shape (fields, a
// token that does not parse).
func (rt RouteTable) Parse(s string) (ID, error) {
	kind, rest, ok := strings.Cut(s, ":")
	r, known := rt[kind]
	if !ok || !known {
		return ID{}, fmt.Errorf("%w: %q", ErrIDKind, kind)
	}
	fixed := 0
	if r.Game {
		fixed++
	}
	if r.Tok {
		fixed++
	}
	var f []string
	if r.Tail {
		f = strings.SplitN(rest, ":", fixed+r.Max)
	} else {
		f = strings.Split(rest, ":")
	}
	if len(f) < fixed+max(r.Min, 0) || len(f) > fixed+r.Max {
		return ID{}, fmt.Errorf("%w: %s with %d fields", ErrIDShape, kind, len(f))
	}
	id := ID{Kind: kind}
	if r.Game {
		id.Game, f = f[0], f[1:]
	}
	if r.Tok {
		ver, epoch, ok := ParseTok(f[0])
		if !ok {
			return ID{}, fmt.Errorf("%w: %s token %q", ErrIDShape, kind, f[0])
		}
		id.Tok, f = Token{Ver: ver, Epoch: epoch}, f[1:]
	}
	if len(f) > 0 {
		id.Rest = f
	}
	return id, nil
}

// KindOf returns the kind of a custom ID, parsed or not ("" when it has
// no colon).
func KindOf(s string) string {
	kind, _, ok := strings.Cut(s, ":")
	if !ok {
		return ""
	}
	return kind
}

// ComponentValues returns the values picked in a select (none for a
// button or a form).
func ComponentValues(i *discordgo.Interaction) []string {
	if i.Type != discordgo.InteractionMessageComponent {
		return nil
	}
	return i.MessageComponentData().Values
}

// AckFor decides the acknowledgement from the interaction alone (no I/O),
// so that Discord hears from us well within its 3 seconds: by the kind of
// its custom ID, even a malformed one.
func (rt RouteTable) AckFor(i *discordgo.Interaction) Ack {
	switch i.Type {
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		r, ok := rt[KindOf(CustomID(i))]
		if !ok {
			return AckUpdate
		}
		if r.Ack == AckModal && i.Type == discordgo.InteractionMessageComponent {
			return AckModal
		}
		if IsEphemeral(i.Message) {
			return AckUpdate
		}
		if r.Ack == AckEphemeral {
			return AckEphemeral // opens a private step
		}
		return AckUpdate
	}
	return AckEphemeral
}

// LogID is a custom ID fit for the log: of a secret Rest (an action's
// arguments may name a card from a hand) only the part before its first
// colon (the action's seat and kind, the step's name) is kept.
func (rt RouteTable) LogID(i *discordgo.Interaction) string {
	s := CustomID(i)
	id, err := rt.Parse(s)
	if err != nil {
		if r, ok := rt[KindOf(s)]; ok && r.Secret {
			return KindOf(s) + ":…" // malformed: nothing of it is logged
		}
		return s
	}
	if !rt[id.Kind].Secret || len(id.Rest) == 0 {
		return s
	}
	first, _, cut := strings.Cut(id.Rest[0], ":")
	if !cut && len(id.Rest) == 1 {
		return s
	}
	id.Rest = []string{first, "…"}
	return rt.Format(id)
}

func CustomID(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionMessageComponent:
		return i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		return i.ModalSubmitData().CustomID
	}
	return ""
}

// MatchID returns the ID of kind for match mt of table t.
func MatchID(kind string, t Table, mt engine.Match, rest ...string) string {
	return TokenID(kind, t, Token{Ver: mt.Version(), Epoch: t.Notes.Epoch}, rest...)
}

// TokenID returns the ID of a kind with a table and a token: the table t's
// at tok.
func TokenID(kind string, t Table, tok Token, rest ...string) string {
	return strings.Join(append([]string{kind, t.ID, tok.String()}, rest...), ":")
}

// PlainID returns the ID of kind, with no token, for game ("" for a kind
// without one).
func PlainID(kind, game string, rest ...string) string {
	f := []string{kind}
	if game != "" {
		f = append(f, game)
	}
	return strings.Join(append(f, rest...), ":")
}
