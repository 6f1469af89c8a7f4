package brassimg

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

var update = flag.Bool("update", false, "re-record the layout and pixel goldens in testdata/")

// fixedView is a 3-player Canal-era position written by hand (not played,
// so that the goldens do not move with the engine's random games): tiles
// of every industry, owned, flipped or not, with cubes and barrels; links;
// merchants of every kind; a seat owing money is not shown (it is the
// action step of seat 1).
func fixedView() brass.PublicView {
	e := brass.Standard
	v := brass.PublicView{Edition: e.Version, Era: brass.Canal, Round: 4, Rounds: 9, Order: []int{2, 0, 1}, Turn: 0,
		Step: "action", ToAct: []int{0}, Deck: 21, Coal: 9, Iron: 6,
		CoalPrice: e.CoalMarket.BuyPrice(9), IronPrice: e.IronMarket.BuyPrice(6)}
	for range e.Spaces {
		v.Spaces = append(v.Spaces, brass.SpaceView{Owner: -1, Ind: brass.NoIndustry})
	}
	set := func(si, owner int, ind brass.Industry, lvl int, flipped bool, cubes int) {
		v.Spaces[si] = brass.SpaceView{Owner: owner, Ind: ind, Level: lvl, Flipped: flipped, Cubes: cubes}
	}
	space := func(town string, k int) int {
		for _, l := range e.Locations {
			if l.ID == town {
				return l.Spaces[k]
			}
		}
		panic(town)
	}
	set(space("birmingham", 0), 0, brass.Cotton, 1, true, 0)
	set(space("birmingham", 2), 1, brass.Iron, 1, false, 3)
	set(space("dudley", 0), 2, brass.Coal, 2, false, 2)
	set(space("coalbrookdale", 0), 1, brass.Brewery, 1, false, 1)
	set(space("stoke", 1), 0, brass.Pottery, 1, true, 0)
	set(space("wolverhampton", 0), 2, brass.Manuf, 3, false, 0)
	for range e.Lines {
		v.Links = append(v.Links, -1)
	}
	v.Links[3], v.Links[8], v.Links[29] = 2, 0, 1 // Birmingham–Dudley, Birmingham–Walsall, the three-ended line
	buys := [][]brass.Industry{{brass.Cotton, brass.Manuf, brass.Pottery}, {brass.Cotton}, nil, {brass.Manuf}, {brass.Pottery}, nil, {brass.Cotton}, nil, nil}
	for k := range e.MerchantSpaces {
		in := e.Locations[e.MerchantSpaces[k]].MinPlayers <= 3
		v.Merchants = append(v.Merchants, brass.MerchantView{InPlay: in, Buys: map[bool][]brass.Industry{true: buys[k]}[in], Barrel: in && len(buys[k]) > 0 && k != 1})
	}
	for k := 0; k < 3; k++ {
		p := brass.PlayerView{Money: 12 + 5*k, Spent: 4 * k, VP: 3 * k, Income: 10 + 2*k, Level: k, Hand: 8, DiscardTop: k, Discard: 3 + k,
			LinksLeft: 13, Projected: 3*k + 5}
		for i := range p.Mat {
			p.Mat[i], p.MatLeft[i] = 1+k%2, 3+i
		}
		v.Players = append(v.Players, p)
	}
	return v
}

// TestTurnGolden pins the turn picture of the fixed view, in English and
// Polish, with a mark and a change: the layout as JSON (every text, its
// place, size and role) and the pixels within imagingtest's tolerance.
func TestTurnGolden(t *testing.T) {
	v := fixedView()
	o := imaging.Options{Names: fixtureNames[:3], Changed: []int{brass.PlaceSpace(space0(t))},
		Marks: map[int]string{brass.PlaceLine(9): "1", brass.PlaceLine(2): "2"}}
	for _, c := range []struct {
		lang, name string
	}{{i18n.English, "turn-3p"}, {i18n.Polish, "turn-pl-3p"}} {
		lo := o
		lo.Words = i18n.Localizer(c.lang).Message
		l := TurnLayout(v, lo)
		js, err := json.MarshalIndent(l, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		img, err := RenderTurn(v, lo)
		if err != nil {
			t.Fatal(err)
		}
		imagingtest.Golden(t, *update, filepath.Join("testdata", c.name+".json"), js, filepath.Join("testdata", c.name+".png"), img)
	}
}

func space0(t *testing.T) int {
	t.Helper()
	for _, l := range brass.Standard.Locations {
		if l.ID == "dudley" {
			return l.Spaces[0]
		}
	}
	t.Fatal("no Dudley")
	return 0
}
