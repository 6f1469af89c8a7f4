package imaging

import (
	"fmt"
	"image"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Options are the choices of a render that the view does not hold.
type Options struct {
	// Names are the seats' display names; missing ones are the colour names.
	Names []string
	// Changed are the places (engine.Event.Where: the title's own place
	// ids, Tinners' Trail's area indices) changed since the previous
	// public post; the turn picture rings them (DrawChanged).
	Changed []int
	// Marks are the marks of a private step's options by place
	// (engine.Label.Where → Mark(n), a number): the turn picture draws
	// each on its place as a ringed number (DrawMark), the menu shows the
	// same as MarkLabel(n). Nil on public pictures.
	Marks map[int]string
	// Words renders a catalogue message in the picture's language (the
	// bot passes its i18n Loc.Message); nil draws the English given.
	Words func(m engine.Message, english string) string
}

// Say is the picture's text for catalogue message id with the name, value
// pairs kv, whose English is english.
func (o Options) Say(english, id string, kv ...any) string {
	return o.T(engine.Say(id, kv...), english)
}

// SeatLetter is the letter drawn on seat's markers in the picture's
// language (the catalogue's seat_letter_<colour>, "N" for the Polish
// niebieski); Seat's letter in English and for any other seat.
func (o Options) SeatLetter(seat int) string {
	name, letter, _ := Seat(seat)
	if seat < 0 || seat >= NumSeatColours {
		return letter
	}
	return o.Say(letter, "seat_letter_"+name)
}

// T is the picture's text for message m, whose English is english.
func (o Options) T(m engine.Message, english string) string {
	if o.Words == nil {
		return english
	}
	return o.Words(m, english)
}

// Name returns seat's display name, cut to 16 characters, or its colour
// name in the picture's language capitalised ("Orange") when it has none.
func (o Options) Name(seat int) string {
	if seat >= 0 && seat < len(o.Names) && strings.TrimSpace(o.Names[seat]) != "" {
		n := strings.TrimSpace(o.Names[seat])
		if r := []rune(n); len(r) > 16 {
			n = string(r[:15]) + "…"
		}
		return n
	}
	name, _, _ := Seat(seat)
	c := []rune(o.T(engine.Say("colour_"+name), name))
	if len(c) == 0 {
		return ""
	}
	return strings.ToUpper(string(c[:1])) + string(c[1:])
}

// Renderer draws one title's pictures from its views: the values of the
// title's Match.Public and Match.Seat, passed as any. A renderer reads
// nothing but the view it is given, so a public picture cannot show what
// the public view hides. A view of another type is an error.
type Renderer interface {
	// Turn draws the phone picture posted on a hand-off, readable at
	// 400 px wide.
	Turn(public any, o Options) (image.Image, error)
	// Board draws the full board (/board full).
	Board(public any, o Options) (image.Image, error)
	// Hand draws a private picture of one seat's hand and secrets (o's
	// Words in the viewer's language; its other fields are unused).
	Hand(seat any, o Options) (image.Image, error)
}

// Renderers holds the renderer of each installed title. The program fills
// it explicitly at start-up (no init-time registration).
type Renderers struct {
	byID map[string]Renderer
}

// NewRenderers returns the renderers by title id (engine.Meta.ID). An
// empty id or a nil renderer is a programming error.
func NewRenderers(byID map[string]Renderer) *Renderers {
	r := &Renderers{byID: map[string]Renderer{}}
	for id, x := range byID {
		if id == "" || x == nil {
			panic(fmt.Sprintf("imaging: renderer %q is empty", id))
		}
		r.byID[id] = x
	}
	return r
}

// Get returns the renderer of the title id ("" means engine.DefaultTitle,
// as in records). The error names a title with no renderer.
func (r *Renderers) Get(id string) (Renderer, error) {
	if id == "" {
		id = engine.DefaultTitle
	}
	if x, ok := r.byID[id]; ok {
		return x, nil
	}
	return nil, fmt.Errorf("imaging: no renderer for game %q", id)
}

// ViewError is the error of a renderer given a view of another type.
func ViewError(title string, want string, got any) error {
	return fmt.Errorf("imaging: %s renderer wants a %s, got %T", title, want, got)
}

// Views makes a title's Renderer from its three drawing functions over its
// own view types: a view given as P (or *P, S, *S) is passed on, anything
// else is a ViewError naming title.
func Views[P, S any](title string, turn, board func(P, Options) (image.Image, error), hand func(S, Options) (image.Image, error)) Renderer {
	return views[P, S]{title, turn, board, hand}
}

type views[P, S any] struct {
	title       string
	turn, board func(P, Options) (image.Image, error)
	hand        func(S, Options) (image.Image, error)
}

func (r views[P, S]) Turn(public any, o Options) (image.Image, error) {
	v, err := viewAs[P](r.title, public)
	if err != nil {
		return nil, err
	}
	return r.turn(v, o)
}

func (r views[P, S]) Board(public any, o Options) (image.Image, error) {
	v, err := viewAs[P](r.title, public)
	if err != nil {
		return nil, err
	}
	return r.board(v, o)
}

func (r views[P, S]) Hand(seat any, o Options) (image.Image, error) {
	v, err := viewAs[S](r.title, seat)
	if err != nil {
		return nil, err
	}
	return r.hand(v, o)
}

// viewAs returns v as a T, from a T or a non-nil *T.
func viewAs[T any](title string, v any) (T, error) {
	switch x := v.(type) {
	case T:
		return x, nil
	case *T:
		if x != nil {
			return *x, nil
		}
	}
	var zero T
	return zero, ViewError(title, fmt.Sprintf("%T", zero), v)
}
