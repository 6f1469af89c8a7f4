package tinnersimg

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

var update = flag.Bool("update", false, "re-record the layout and pixel goldens in testdata/")

var fixtureNames = []string{"Alice", "Bartholomew Long", "Chen", "Dee", "Eve"}

// Render admits only the public view: this line stops compiling if its
// signature ever takes anything that could hold hidden information.
var _ func(tinners.PublicView, imaging.Options) (image.Image, error) = Render

// goldenItem is an item as recorded in testdata: rounded to whole pixels so
// the goldens read well and survive harmless float noise.
type goldenItem struct {
	Kind string `json:"k"`
	Area string `json:"a,omitempty"`
	Seat int    `json:"s"`
	N    int    `json:"n,omitempty"`
	Text string `json:"t,omitempty"`
	Sub  string `json:"sub,omitempty"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	W    int    `json:"w,omitempty"`
	H    int    `json:"h,omitempty"`
}

func golden(items []Item) []goldenItem {
	var out []goldenItem
	r := func(f float64) int { return int(f + 0.5) }
	for _, it := range items {
		// The goldens name the piece a development piece shows in "t" and
		// the icon a legend row explains in "sub".
		text, sub := it.Text, it.Sub
		switch it.Kind {
		case KindDevPiece:
			text = it.Icon.String()
		case KindLegend:
			sub = it.Icon.String()
		}
		out = append(out, goldenItem{it.Kind.String(), it.Area, it.Seat, it.N, text, sub, r(it.X), r(it.Y), r(it.W), r(it.H)})
	}
	return out
}

func sortedFixtures() []string {
	var names []string
	for n := range fixtureViews() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// TestLayoutGolden pins what is drawn where for the fixed states.
func TestLayoutGolden(t *testing.T) {
	views := fixtureViews()
	for _, name := range sortedFixtures() {
		t.Run(name, func(t *testing.T) {
			got, err := json.MarshalIndent(golden(Items(views[name], imaging.Options{Names: fixtureNames})), "", " ")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "layout-"+name+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			if !bytes.Equal(got, want) {
				var g, w []goldenItem
				_ = json.Unmarshal(got, &g)
				_ = json.Unmarshal(want, &w)
				for i := 0; i < len(g) || i < len(w); i++ {
					if i >= len(g) || i >= len(w) || g[i] != w[i] {
						t.Fatalf("item %d differs (of %d/%d): got %+v want %+v; run with -update if intended", i, len(g), len(w), at(g, i), at(w, i))
					}
				}
			}
		})
	}
}

func at(xs []goldenItem, i int) any {
	if i < len(xs) {
		return xs[i]
	}
	return "none"
}

// TestLayoutContents checks facts about the fixture layouts directly.
func TestLayoutContents(t *testing.T) {
	items := Items(fixtureViews()["4p-auction"], imaging.Options{Names: fixtureNames})
	find := func(kind Kind, area string) []Item {
		var out []Item
		for _, it := range items {
			if it.Kind == kind && (area == "" || it.Area == area) {
				out = append(out, it)
			}
		}
		return out
	}
	t.Run("one cell per area, out of play marked", func(t *testing.T) {
		cells := find(KindCell, "")
		if len(cells) != 28 {
			t.Fatalf("%d cells", len(cells))
		}
		out := 0
		for _, c := range cells {
			if c.N == 0 {
				out++
			}
		}
		if out != 4 {
			t.Errorf("%d areas out of play at 4 players, want 4", out)
		}
	})
	t.Run("mine owner and cubes", func(t *testing.T) {
		m := find(KindMine, "B3")
		if len(m) != 1 || m[0].Seat != 3 {
			t.Fatalf("B3 mine %+v", m)
		}
		var counts []string
		for _, c := range find(KindCube, "B3") {
			counts = append(counts, fmt.Sprintf("%s=%d", c.Text, c.N))
		}
		if strings.Join(counts, " ") != "tin=3 copper=3 water=2" {
			t.Errorf("B3 cubes %v", counts)
		}
		if len(find(KindMiner, "B3")) != 1 || len(find(KindTrain, "B3")) != 1 || len(find(KindPump, "B3")) != 1 {
			t.Errorf("B3 developments missing")
		}
	})
	t.Run("peeks, drains, adits, auction", func(t *testing.T) {
		if p := find(KindPeek, "A6"); len(p) != 2 || p[0].Seat != 0 || p[1].Seat != 2 {
			t.Errorf("A6 peeks %+v", p)
		}
		if d := find(KindDrain, "B6"); len(d) != 1 || d[0].N != 2 {
			t.Errorf("B6 drains %+v", d)
		}
		if a := find(KindAdit, ""); len(a) != 2 {
			t.Errorf("adits %+v", a)
		}
		if a := find(KindAuction, "C1"); len(a) != 1 {
			t.Errorf("auction marker %+v", a)
		}
	})
	t.Run("auction panel and work track", func(t *testing.T) {
		var texts []string
		for _, it := range find(KindText, "") {
			texts = append(texts, it.Text)
		}
		all := strings.Join(texts, "\n")
		for _, want := range []string{"Auction: C1 St Agnes", "high bid £7 by", "Dee to bid or drop", "18 / 8", "£29"} {
			if !strings.Contains(all, want) {
				t.Errorf("no text %q", want)
			}
		}
	})
	t.Run("contents stay on the canvas", func(t *testing.T) {
		w, h := canvasSize(geometry())
		for _, it := range items {
			if it.X < 0 || it.Y < 0 || it.X+it.W > float64(w) || it.Y+it.H > float64(h) {
				t.Errorf("item off the canvas: %+v", it)
			}
		}
	})
}

// TestPixelGoldens compares renders with PNGs a person can open in
// testdata/, allowing small differences (font rasterisation, CPU).
func TestPixelGoldens(t *testing.T) {
	// Drawing in one goroutine: the race detector has nothing to watch;
	// the full pass draws it (other tests draw under -race).
	testenv.FullOnly(t)
	views := fixtureViews()
	for _, name := range sortedFixtures() {
		t.Run(name, func(t *testing.T) {
			img, err := Render(views[name], imaging.Options{Names: fixtureNames})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", name+".png")
			if *update {
				b, err := imaging.EncodePNG(img)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if want.Bounds() != img.Bounds() {
				t.Fatalf("size %v, golden %v", img.Bounds(), want.Bounds())
			}
			if frac := imagingtest.PixelDiff(img, want); frac > 0.002 {
				t.Errorf("%.3f%% of pixels differ from %s (tolerance 0.2%%); look at both and run -update if intended", 100*frac, path)
			}
		})
	}
}

// randomState plays a random game for steps actions (or to its end).
func randomState(t testing.TB, seats int, seed int64, steps int) *tinners.State {
	t.Helper()
	// Odd seeds play the Arsenic module: its cubes are on the boards too;
	// every third seed plays Emigration (own miners, the emigration board).
	// One seat is the solo game against Lord Wallace, with some of his
	// difficulty options.
	o := tinners.Options{Arsenic: seed%2 == 1, Emigration: seed%3 == 0}
	if seats == tinners.SoloSeats {
		o.MoreMines, o.CheapLabour, o.BailingOut, o.DeepPockets = 1+int(seed%2), seed%2 == 0, true, seed%3 == 1
	}
	s, err := tinners.NewGame(tinners.Setup{NumSeats: seats, Seed: uint64(seed), Options: o})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	s, _, _ = tinners.RandomPlayout(s, r.Intn, false, steps)
	return s
}

// TestNoHiddenTileInLayout renders many random mid-game public views and
// checks that no face-down tile's contents appear: the area shows only the
// tile back and peek tokens, and no text anywhere spells the tile.
func TestNoHiddenTileInLayout(t *testing.T) {
	e := tinners.Standard
	n := 0
	seeds := int64(testenv.Size(t, 12, 60)) // one goroutine: outside the full pass 12
	for seed := int64(1); seed <= seeds; seed++ {
		seats := 2 + int(seed)%4
		s := randomState(t, seats, seed, 10+int(seed*37)%400)
		v := s.PublicView()
		items := Items(v, imaging.Options{})
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
		for _, it := range items {
			if tile, ok := hidden[it.Area]; ok && !(it.Kind == KindCube && it.Text == "arsenic") { // arsenic cubes are public
				switch it.Kind {
				case KindCell, KindLabel, KindTileDown, KindPeek, KindAuction, KindAdit, KindCallout, KindDrain,
					KindMiner, KindPort, KindTrain, KindPump:
				default:
					t.Fatalf("seed %d: face-down %s (%v) shows %+v", seed, it.Area, tile, it)
				}
			}
			for id, tile := range hidden {
				spelled := fmt.Sprintf("%d/%d/%d", tile.Tin, tile.Copper, tile.Water)
				if strings.Contains(it.Text, spelled) || strings.Contains(it.Sub, spelled) {
					t.Fatalf("seed %d: text %q spells face-down %s", seed, it.Text, id)
				}
			}
		}
		if seed%10 == 0 {
			if _, err := Render(v, imaging.Options{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < int(seeds)/2 {
		t.Errorf("only %d of %d states had face-down tiles", n, seeds)
	}
}

// TestRandomBoardsSize renders random boards of every player count and
// checks the picture's size limits.
func TestRandomBoardsSize(t *testing.T) {
	// Drawing in one goroutine: the race detector has nothing to watch;
	// the full pass draws it (other tests draw under -race).
	testenv.FullOnly(t)
	for seats := tinners.SoloSeats; seats <= 5; seats++ {
		s := randomState(t, seats, int64(seats*101), 150)
		img, err := Render(s.PublicView(), imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w < 1600 || len(b) > 1<<20 {
			t.Errorf("%d seats: %d px wide, %d bytes", seats, w, len(b))
		}
	}
}

func TestEncodePNGRoundTrip(t *testing.T) {
	img, err := Render(fixtureViews()["2p-actions"], imaging.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := imaging.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	src := img.(*image.RGBA)
	for y := 0; y < src.Rect.Dy(); y += 7 {
		for x := 0; x < src.Rect.Dx(); x += 3 {
			r1, g1, b1, _ := src.At(x, y).RGBA()
			r2, g2, b2, _ := got.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel %d,%d differs after decoding", x, y)
			}
		}
	}
}

func TestRenderHand(t *testing.T) {
	s := randomState(t, 4, 3, 30)
	for seat := 0; seat < 4; seat++ {
		v := s.SeatView(seat)
		img, err := RenderHand(v, imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != handW || img.Bounds().Dy() < 200 {
			t.Errorf("hand picture %v", img.Bounds())
		}
	}
}

// TestRenderHandDualCards draws the six Kickstarter dual-region cards
// (HAND_PNG=file writes the picture to look at).
func TestRenderHandDualCards(t *testing.T) {
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 5, Options: tinners.Options{Kickstarter: true}})
	if err != nil {
		t.Fatal(err)
	}
	v := s.SeatView(0)
	if len(v.Hand) != 1 || v.Hand[0].Deck != tinners.DeckKickstarter {
		t.Fatalf("hand %v, want one dual card", v.Hand)
	}
	v.Hand = nil
	for _, id := range tinners.Standard.Decks[tinners.DeckKickstarter] {
		v.Hand = append(v.Hand, tinners.Standard.Cards[id])
	}
	img, err := RenderHand(v, imaging.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := os.Getenv("HAND_PNG"); f != "" {
		b, _ := imaging.EncodePNG(img)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSeatPalette(t *testing.T) {
	seen := map[string]bool{}
	for s := 0; s < tinners.MaxSeats; s++ {
		name, letter, c := imaging.Seat(s)
		if seen[letter] || seen[name] || c.A != 0xff {
			t.Errorf("seat %d: %s %s %v", s, name, letter, c)
		}
		seen[letter], seen[name] = true, true
	}
	if _, l, _ := imaging.Seat(9); l != "?" {
		t.Errorf("seat 9 letter %q", l)
	}
}

// TestRenderHandPeekedDigits: the hand picture writes the numbers of a
// peeked tile on its cubes, so two tiles that differ only in their tin
// draw different pictures (PEEK_PNG=file writes one to look at).
func TestRenderHandPeekedDigits(t *testing.T) {
	s := randomState(t, 3, 3, 0)
	v := s.SeatView(0)
	draw := func(tin int) image.Image {
		v.Peeked = []tinners.PeekedTile{{Area: 2, Tile: tinners.Tile{Tin: tin, Copper: 1, Water: 3}}}
		img, err := RenderHand(v, imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	a, b := draw(2), draw(4)
	// The tin cube of the first (only) row: x 330–374, 50 px under the
	// section heading at the bottom of the picture.
	h := a.Bounds().Dy()
	differ := false
	for y := h - 76; y < h-20 && !differ; y++ {
		for x := 330; x < 374; x++ {
			if a.At(x, y) != b.At(x, y) {
				differ = true
				break
			}
		}
	}
	if !differ {
		t.Error("the tin cube of a peeked tile looks the same for 2 and 4 tin: its number is not drawn")
	}
	if f := os.Getenv("PEEK_PNG"); f != "" {
		bs, _ := imaging.EncodePNG(a)
		if err := os.WriteFile(f, bs, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
