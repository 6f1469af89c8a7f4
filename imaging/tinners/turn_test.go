package tinnersimg

import (
	"encoding/json"
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"image"
	"image/draw"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// RenderTurn admits only the public view, like Render.
var _ func(tinners.PublicView, imaging.Options) (image.Image, error) = RenderTurn

// turnBoards are random mid-game public views of every player count (1:
// the solo game), with a few areas marked changed.
func turnBoards(t testing.TB, perCount int) map[int][]tinners.PublicView {
	out := map[int][]tinners.PublicView{}
	for seats := tinners.SoloSeats; seats <= 5; seats++ {
		for k := 0; k < perCount; k++ {
			seed := int64(seats*1000 + k)
			s := randomState(t, seats, seed, 20+int(seed*53)%420)
			out[seats] = append(out[seats], s.PublicView())
		}
	}
	return out
}

func changedFor(v tinners.PublicView) []int {
	var ch []int
	for i, a := range v.Areas {
		if a.InPlay && (a.Mine >= 0 || len(a.Peekers) > 0) && len(ch) < 3 {
			ch = append(ch, i)
		}
	}
	return ch
}

// TestTurnContents checks that the turn picture carries what a player
// decides by, and crops region D away for 2–3 players.
func TestTurnContents(t *testing.T) {
	views := fixtureViews()
	texts := func(name string) string {
		var all []string
		for _, tx := range TurnLayout(views[name], imaging.Options{Names: fixtureNames}).Texts {
			all = append(all, tx.Text)
		}
		return strings.Join(all, "\n")
	}
	t.Run("4p auction", func(t *testing.T) {
		all := texts("4p-auction")
		for _, want := range []string{"Auction C1 St Agnes", "high bid £7 by", "Dee to bid or drop", "18/8", "£29", "30 pts", "tin £5 · copper £8", "D2", "adits B3–B6, C4–D1", "insured"} {
			if !strings.Contains(all, want) {
				t.Errorf("no text %q", want)
			}
		}
	})
	t.Run("2p has no region D", func(t *testing.T) {
		all := texts("2p-actions")
		if strings.Contains(all, "\nD") {
			t.Errorf("a region D label in a 2-player picture")
		}
		if !strings.Contains(all, "decks A 7 · B 6 · C 5") {
			t.Errorf("no survey deck sizes")
		}
	})
	t.Run("arsenic", func(t *testing.T) {
		all := texts("3p-arsenic")
		for _, want := range []string{"next cube £13", "last col 8", "£12", "closed", "R1–4"} {
			if !strings.Contains(all, want) {
				t.Errorf("no text %q", want)
			}
		}
		for name, items := range map[string][]Item{"turn": first(turnItems(views["3p-arsenic"], imaging.Options{})), "board": Items(views["3p-arsenic"], imaging.Options{})} {
			var calciners, limiters []string
			cubes := 0
			for _, it := range items {
				switch {
				case it.Role == imaging.RoleDecor: // the legend's symbols
				case it.Kind == KindCalciner:
					calciners = append(calciners, fmt.Sprintf("%s:%d", it.Area, it.Seat))
				case it.Kind == KindLimiter && it.Area == "":
					limiters = append(limiters, fmt.Sprint(it.Seat))
				case it.Kind == KindCube && it.Text == "arsenic" && it.Area == "":
					cubes++
				}
			}
			sort.Strings(calciners)
			if strings.Join(calciners, ",") != "A4:0,B3:1" || strings.Join(limiters, ",") != "0,1" {
				t.Errorf("%s: calciners %v, limiters %v", name, calciners, limiters)
			}
			// one per seat, and the market's four filled spaces
			if cubes != 3+4 {
				t.Errorf("%s: %d arsenic cubes off the map, want 7", name, cubes)
			}
		}
		if s, _ := statusLine(tinners.PublicView{Phase: tinners.PhaseCalciner, ToAct: []int{1}, CalcinerArea: tinners.Standard.AreaIndex("B3")}, imaging.Options{Names: fixtureNames}); s != "Bartholomew Long may build a calciner (B3 Camborne)" {
			t.Errorf("status %q", s)
		}
	})
	t.Run("emigration", func(t *testing.T) {
		all := texts("3p-emigration")
		for _, want := range []string{"Emigration · round 3 spaces", "Michigan", "port", "Sierra Madre", "18 pts", "Kimberly", "£6 a round",
			"Adelaide", "+£2 one ore", "×1", "×2", "+adit", "+train"} {
			if !strings.Contains(all, want) {
				t.Errorf("no text %q", want)
			}
		}
		var own []string
		miners, markers := 0, 0
		for _, it := range first(turnItems(views["3p-emigration"], imaging.Options{})) {
			switch {
			case it.Kind == KindOwnMiner && it.Area != "":
				own = append(own, fmt.Sprintf("%s:%d", it.Area, it.Seat))
			case it.Kind == KindMiner && it.Area == "B3":
				miners++
			case it.Kind == KindMarker:
				markers++
			}
		}
		sort.Strings(own)
		// Own miners in A4 and B3 (B5's miner is from the supply); B3's
		// two Michigan miners; five claimed spaces' markers besides the
		// header's and the work track's.
		if strings.Join(own, ",") != "A4:0,B3:1" || miners != 2 {
			t.Errorf("own miners %v, Michigan miners in B3 %d", own, miners)
		}
		plain := first(turnItems(views["3p-arsenic"], imaging.Options{}))
		base := 0
		for _, it := range plain {
			if it.Kind == KindMarker {
				base++
			}
		}
		if markers-base != 5 {
			t.Errorf("%d markers on the emigration board, want 5", markers-base)
		}
	})
	t.Run("changed areas are highlighted", func(t *testing.T) {
		items, _, _ := turnItems(views["4p-auction"], imaging.Options{Changed: []int{tinners.Standard.AreaIndex("C4"), tinners.Standard.AreaIndex("A4")}})
		var got []string
		for _, it := range items {
			if it.Kind == KindCard && it.N == 1 && it.Role != imaging.RoleDecor { // not the legend's
				got = append(got, it.Area)
			}
		}
		sort.Strings(got)
		if strings.Join(got, ",") != "A4,C4" {
			t.Errorf("highlighted %v", got)
		}
	})
}

// TestTurnNoHiddenTile renders random mid-game turn pictures and checks
// that no face-down tile's contents appear in any item or text.
func TestTurnNoHiddenTile(t *testing.T) {
	e := tinners.Standard
	n := 0
	seeds := int64(testenv.Size(t, 12, 60)) // one goroutine: outside the full pass 12
	for seed := int64(1); seed <= seeds; seed++ {
		seats := 2 + int(seed)%4
		s := randomState(t, seats, seed, 10+int(seed*37)%400)
		v := s.PublicView()
		hidden := map[string]tinners.Tile{}
		for i, a := range s.Areas {
			if a.HasTile && !a.FaceUp {
				hidden[e.Areas[i].ID] = a.Tile
			}
		}
		if len(hidden) == 0 {
			continue
		}
		n++
		items, _, _ := turnItems(v, imaging.Options{Changed: changedFor(v)})
		for _, it := range items {
			if tile, ok := hidden[it.Area]; ok && !(it.Kind == KindCube && it.Text == "arsenic") { // arsenic cubes are public
				switch it.Kind {
				case KindCell, KindLabel, KindTileDown, KindPeek, KindAuction, KindCallout, KindLeader, KindDrain, KindChanged,
					KindMiner, KindPort, KindTrain, KindPump, KindCard, KindMark:
				case KindText:
					if it.Text != it.Area { // the card's id
						t.Fatalf("seed %d: face-down %s (%v) shows %q", seed, it.Area, tile, it.Text)
					}
				default:
					t.Fatalf("seed %d: face-down %s (%v) shows %+v", seed, it.Area, tile, it)
				}
			}
		}
		for _, tx := range TurnLayout(v, imaging.Options{}).Texts {
			for id, tile := range hidden {
				if strings.Contains(tx.Text, fmt.Sprintf("%d/%d/%d", tile.Tin, tile.Copper, tile.Water)) {
					t.Fatalf("seed %d: text %q spells face-down %s", seed, tx.Text, id)
				}
			}
		}
		if seed%10 == 0 {
			if _, err := RenderTurn(v, imaging.Options{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < int(seeds)/2 {
		t.Errorf("only %d of %d states had face-down tiles", n, seeds)
	}
}

// TestTurnGoldens pins the turn pictures' layouts (as the JSON the render
// command writes) and pixels of the fixed states.
func TestTurnGoldens(t *testing.T) {
	views := fixtureViews()
	for _, name := range sortedFixtures() {
		t.Run(name, func(t *testing.T) {
			o := imaging.Options{Names: fixtureNames, Changed: []int{tinners.Standard.AreaIndex("A4"), tinners.Standard.AreaIndex("B3")}}
			got, err := json.MarshalIndent(TurnLayout(views[name], o), "", " ")
			if err != nil {
				t.Fatal(err)
			}
			img, err := RenderTurn(views[name], o)
			if err != nil {
				t.Fatal(err)
			}
			imagingtest.Golden(t, *update, filepath.Join("testdata", "turn-layout-"+name+".json"), got, filepath.Join("testdata", "turn-"+name+".png"), img)
		})
	}
}

// renderTurnDirect draws the turn picture item by item, unquantised.
func renderTurnDirect(t testing.TB, v tinners.PublicView, o imaging.Options) *image.RGBA {
	items, w, h := turnItems(v, o)
	p, err := newPainter(geometry(), w, h)
	if err != nil {
		t.Fatal(err)
	}
	p.dc.SetColor(colPanel)
	p.dc.Clear()
	for _, it := range items {
		p.item(it)
	}
	return p.img
}

// cropTo is img on the bounds r (grown with transparency where r is
// larger), for comparing two pictures of slightly different heights.
func cropTo(img *image.RGBA, r image.Rectangle) *image.RGBA {
	out := image.NewRGBA(r)
	draw.Draw(out, r, img, r.Min, draw.Src)
	return out
}

func first[A, B, C any](a A, _ B, _ C) A { return a }

// polishGolden is the fixture with a Polish pixel golden: an auction, the
// most words.
const polishGolden = "4p-auction"

// TestPolishTurnGolden pins the Polish turn picture of one fixture (layout
// JSON and pixels, as TestTurnGoldens) and checks that it is not the
// English one, yet as big: translated words, the same picture.
func TestPolishTurnGolden(t *testing.T) {
	v := fixtureViews()[polishGolden]
	o := imaging.Options{Names: fixtureNames, Changed: []int{tinners.Standard.AreaIndex("A4"), tinners.Standard.AreaIndex("B3")}}
	pl := inPolish(o)
	got, err := json.MarshalIndent(TurnLayout(v, pl), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	img, err := RenderTurn(v, pl)
	if err != nil {
		t.Fatal(err)
	}
	if imagingtest.Golden(t, *update, filepath.Join("testdata", "turn-layout-pl-"+polishGolden+".json"), got, filepath.Join("testdata", "turn-pl-"+polishGolden+".png"), img) {
		return
	}

	en := imagingtest.ReadPNG(t, filepath.Join("testdata", "turn-"+polishGolden+".png"))
	// The same board keeps its width, and its height but for one line the
	// longer Polish words may wrap to (the auction's card and minimum).
	if dw, dh := img.Bounds().Dx()-en.Bounds().Dx(), img.Bounds().Dy()-en.Bounds().Dy(); dw != 0 || dh < 0 || dh > 40 {
		t.Errorf("Polish picture %v, English %v: the same board should keep its size", img.Bounds(), en.Bounds())
	}
	if frac := imagingtest.PixelDiff(img, cropTo(en, img.Bounds())); frac < 0.002 {
		t.Errorf("the Polish picture differs from the English one in %.3f%% of pixels only: were its words translated?", 100*frac)
	}
	ent, plt := TurnLayout(v, o), TurnLayout(v, pl)
	same := 0
	for i := range ent.Texts {
		if i < len(plt.Texts) && ent.Texts[i].Text == plt.Texts[i].Text {
			same++
		}
	}
	if len(ent.Texts) != len(plt.Texts) || same == len(ent.Texts) {
		t.Errorf("Polish layout: %d texts, %d the same as the English %d", len(plt.Texts), same, len(ent.Texts))
	}
}
