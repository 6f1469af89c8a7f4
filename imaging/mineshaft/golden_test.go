package mineshaftimg

import (
	"encoding/json"
	"flag"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

var update = flag.Bool("update", false, "re-record the layout and pixel goldens in testdata/")

// fixedStep is a stored placement step of a 3-player game, with the marks
// the bot gives its options: a view kept in testdata so that rule changes
// do not move the goldens.
type fixedStep struct {
	View  mineshaft.PublicView
	Marks map[int]string
}

func fixed(t *testing.T) fixedStep {
	t.Helper()
	path := filepath.Join("testdata", "step-3p.json")
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) && *update {
		m, err := mineshaft.Title.New(engine.Setup{NumSeats: 3, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(5))
		for {
			v := m.Public().(mineshaft.PublicView)
			if marks := marksOf(m); v.Step.Kind == mineshaft.StepPlace && len(v.Tiles) > 8 && len(marks) > 2 {
				if b, err = json.MarshalIndent(fixedStep{v, marks}, "", " "); err != nil {
					t.Fatal(err)
				}
				break
			}
			legal := m.Legal(m.ToAct()[0])
			if m, _, err = m.Apply(legal[r.Intn(len(legal))]); err != nil || m.Result() != nil {
				t.Fatal("no placement step to record", err)
			}
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	} else if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	var f fixedStep
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// goldenItem is an item as the layout golden records it, rounded.
type goldenItem struct {
	Kind       string
	Text       string `json:",omitempty"`
	Seat, N    int
	X, Y, W, H int
}

func golden(items []Item) []goldenItem {
	r := func(f float64) int { return int(f*Scale + 0.5) }
	var out []goldenItem
	for _, it := range items {
		out = append(out, goldenItem{it.Kind, it.Text, it.Seat, it.N, r(it.X), r(it.Y), r(it.W), r(it.H)})
	}
	return out
}

// TestStepGolden pins the items (JSON) and pixels (0.2 % tolerance) of a
// stored placement step with its marks, in English and in Polish, and
// checks that the Polish picture is not the English one.
func TestStepGolden(t *testing.T) {
	f := fixed(t)
	var pics []*imaging.Options
	for _, lang := range []string{i18n.English, i18n.Polish} {
		o := opts(f.View)
		o.Marks = f.Marks
		o.Changed = []int{f.View.Tiles[len(f.View.Tiles)-1].Place, mineshaft.PlacePlayer(f.View.Turn)}
		if lang == i18n.Polish {
			o.Words = i18n.Localizer(lang).Message
		}
		pics = append(pics, &o)
		items, _, _ := TurnItems(f.View, o)
		js, err := json.MarshalIndent(golden(items), "", " ")
		if err != nil {
			t.Fatal(err)
		}
		img, err := RenderTurn(f.View, o)
		if err != nil {
			t.Fatal(err)
		}
		imagingtest.Golden(t, *update, filepath.Join("testdata", "step-layout-"+lang+".json"), js,
			filepath.Join("testdata", "step-"+lang+".png"), img)
	}
	en, _ := RenderTurn(f.View, *pics[0])
	pl, _ := RenderTurn(f.View, *pics[1])
	if en.Bounds() == pl.Bounds() && imagingtest.PixelDiff(en, pl) < 0.002 {
		t.Error("the Polish picture is nearly the English one: were its words translated?")
	}
}
