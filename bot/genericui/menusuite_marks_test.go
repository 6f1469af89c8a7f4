package genericui

import (
	"fmt"
	"image"
	"slices"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The menus suite's marks: a private step whose options are places
// carries the title's turn picture with a mark on each place offered
// (marks.go, kit.StepPicture). The suite renders no picture; it gives the menu builder a
// renderer that keeps the marks each step asks for, and checks them
// against the places the title's renderer says its turn picture draws
// (imaging.Placer): a mark on a place the picture does not draw points at
// nothing.

// marksRec is a renderer that draws nothing and keeps the marks of the
// last turn picture asked for.
type marksRec struct {
	mu    sync.Mutex
	asked bool
	marks map[int]string
}

func (r *marksRec) Turn(_ any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked, r.marks = true, o.Marks
	return image.NewRGBA(image.Rect(0, 0, 2, 2)), nil
}

func (r *marksRec) Board(any, imaging.Options) (image.Image, error) {
	return image.NewRGBA(image.Rect(0, 0, 2, 2)), nil
}

func (r *marksRec) Hand(any, imaging.Options) (image.Image, error) {
	return image.NewRGBA(image.Rect(0, 0, 2, 2)), nil
}

// take returns whether a turn picture was asked for since the last take,
// and its marks.
func (r *marksRec) take() (bool, map[int]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	asked, marks := r.asked, r.marks
	r.asked, r.marks = false, nil
	return asked, marks
}

// stepPlaces answers the places the title's turn picture draws for a
// match's public view, once per version.
type stepPlaces struct {
	pl      imaging.Placer
	version int
	places  []int
	marked  int // marked steps checked
}

func (s *stepPlaces) of(mt engine.Match) ([]int, error) {
	if s.places != nil && s.version == mt.Version() {
		return s.places, nil
	}
	p, err := s.pl.Places(mt.Public(), imaging.Options{})
	if err != nil {
		return nil, err
	}
	s.version, s.places = mt.Version(), append([]int{}, p...)
	return s.places, nil
}

// markProblems checks the step message msg just built for match mt,
// whose turn picture was asked for (asked) with marks: a marked step
// carries exactly one picture, and marks only places the picture draws.
func markProblems(sp *stepPlaces, mt engine.Match, msg kit.Message, asked bool, marks map[int]string) []string {
	if !asked {
		if len(msg.Files) != 0 {
			return []string{fmt.Sprintf("%d pictures with no turn picture asked for", len(msg.Files))}
		}
		return nil
	}
	var out []string
	if len(msg.Files) != 1 {
		out = append(out, fmt.Sprintf("a marked step carries %d pictures, want 1", len(msg.Files)))
	}
	if len(marks) == 0 {
		return append(out, "a step picture with no marks")
	}
	places, err := sp.of(mt)
	if err != nil {
		return append(out, err.Error())
	}
	var ps []int
	for p := range marks {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	for _, p := range ps {
		if !slices.Contains(places, p) {
			out = append(out, fmt.Sprintf("mark %s is on place %d, which the turn picture does not draw (it draws %v)", marks[p], p, places))
		}
	}
	return out
}

// marksCheck is the suite's step check of marks, reading rec.
func marksCheck(rec *marksRec, sp *stepPlaces) stepCheck {
	return func(t *testing.T, where string, _ *i18n.Loc, mt engine.Match, _ int, msg kit.Message) {
		t.Helper()
		asked, marks := rec.take()
		if len(marks) > 0 {
			sp.marked++
		}
		for _, p := range markProblems(sp, mt, msg, asked, marks) {
			t.Errorf("%s: %s", where, p)
		}
	}
}

// namesPlaces reports whether a label of a legal action of seat names a
// place.
func namesPlaces(mt engine.Match, seat int) bool {
	for _, a := range mt.Legal(seat) {
		if len(mt.Label(a).Where) > 0 {
			return true
		}
	}
	return false
}

func (s *stepPlaces) markedOrZero() int {
	if s == nil {
		return 0
	}
	return s.marked
}
