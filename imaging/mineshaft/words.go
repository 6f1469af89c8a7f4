package mineshaftimg

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
)

// The pictures' words come from the bot's catalogue (ids img_ms_…,
// bot/i18n/imaging_mineshaft.*.toml) through imaging.Options.Words; each
// is given with its English, which is what a picture draws when Words is
// nil. The colour letters (Y B R G) are symbols the legend explains, the
// same in every language; the markers' letters are the catalogue's.

// t is say with the builder's options.
func (b *builder) t(english, id string, kv ...any) string { return b.o.Say(english, id, kv...) }

// resLetter is the letter on a marker chip of resource r ("G", "S", "C").
func (b *builder) resLetter(r int) string {
	en := [mineshaft.NumResources]string{"G", "S", "C"}[r]
	return b.t(en, "img_ms_letter_"+resName(r))
}

// resWord names resource r ("gold") for the legend.
func (b *builder) resWord(r int) string { return b.t(resName(r), "img_ms_res_"+resName(r)) }

func resName(r int) string { return [mineshaft.NumResources]string{"gold", "silver", "coal"}[r] }

// colourWord names tile colour c ("red") for the legend.
func (b *builder) colourWord(c mineshaft.Colour) string {
	return b.t(c.Name(), "img_ms_colour_"+c.Name())
}

// specialWord names special tile x ("Loose Rock").
func (b *builder) specialWord(x mineshaft.Special) string {
	en := map[mineshaft.Special]string{mineshaft.Swap: "Swap", mineshaft.Fire: "Fire", mineshaft.Explosion: "Timed Explosion",
		mineshaft.LooseRock: "Loose Rock", mineshaft.Minecart: "Minecart", mineshaft.CallForHelp: "Call for Help", mineshaft.Tunnel: "Tunnel"}[x]
	return b.t(en, "img_ms_special_"+strings.ReplaceAll(x.String(), "-", "_"))
}

// points is "34 pts".
func (b *builder) points(n int) string {
	return b.t(fmt.Sprintf("%d pts", n), "img_ms_points", "Points", n)
}

// status is the line saying whose turn it is and what they decide.
func (b *builder) status(v mineshaft.PublicView) string {
	st := v.Step
	name := b.o.Name(st.Seat)
	say := func(en, id string) string { return b.t(fmt.Sprintf(en, name), id, "Name", name) }
	switch st.Kind {
	case mineshaft.StepOver:
		return b.over(v)
	case mineshaft.StepDraw:
		return say("%s draws a tile", "img_ms_step_draw")
	case mineshaft.StepSwap:
		return say("%s: swap a tile for the Swap, or not", "img_ms_step_swap")
	case mineshaft.StepPlace:
		return say("%s: lay the tile", "img_ms_step_place")
	case mineshaft.StepFire:
		return say("%s: choose the tile Fire burns", "img_ms_step_fire")
	case mineshaft.StepExplosion:
		return say("%s: choose the tile to blow up", "img_ms_step_explosion")
	case mineshaft.StepRide:
		return say("%s: ride the Minecart, or not", "img_ms_step_ride")
	case mineshaft.StepRockStep:
		return say("%s: step past the Loose Rock, or not", "img_ms_step_rock")
	case mineshaft.StepClear:
		return say("%s clears the collapsed tile", "img_ms_step_clear")
	case mineshaft.StepRoll:
		return say("%s rolls the dice", "img_ms_step_roll")
	case mineshaft.StepColour:
		c := mineshaft.Colour(st.Face)
		if c >= 0 && c < mineshaft.NumColours {
			return b.t(fmt.Sprintf("%s: fill a %s tile", name, c.Name()), "img_ms_step_colour_"+c.Name(), "Name", name)
		}
	case mineshaft.StepPickaxe:
		return say("%s: collapse a tile next to yours", "img_ms_step_pickaxe")
	case mineshaft.StepMove:
		en := fmt.Sprintf("%s: move up to %d steps", name, st.Steps)
		if st.Steps == 1 {
			en = fmt.Sprintf("%s: move up to 1 step", name)
		}
		return b.t(en, "img_ms_step_move", "Name", name, "Count", st.Steps)
	case mineshaft.StepCollect:
		return say("%s: collect from your tile", "img_ms_step_collect")
	}
	return name
}

// over is the status line of a finished game.
func (b *builder) over(v mineshaft.PublicView) string {
	r := v.Result
	if r == nil || len(r.Ranking) == 0 {
		return b.t("Game over", "img_ms_over")
	}
	w := r.Ranking[0]
	pts := 0
	if w < len(r.Scores) {
		pts = r.Scores[w]
	}
	if shared(v) {
		return b.t(fmt.Sprintf("Game over: a shared win on %d points", pts), "img_ms_over_shared", "Points", pts)
	}
	name := b.o.Name(w)
	return b.t(fmt.Sprintf("Game over: %s wins with %d points", name, pts), "img_ms_over_wins", "Name", name, "Points", pts)
}

// roundLine is "Round 5 · Pile: 42", or the first round's.
func (b *builder) roundLine(v mineshaft.PublicView) string {
	round := b.t(fmt.Sprintf("Round %d", v.Round), "img_ms_round", "Round", v.Round)
	if v.FirstRound {
		round = b.t("Round 1: no dice", "img_ms_first_round")
	}
	pile := b.t(fmt.Sprintf("Pile: %d", v.Pile), "img_ms_pile", "Count", v.Pile)
	line := round + " · " + pile
	if e := v.Ending; e.Triggered && v.Step.Kind != mineshaft.StepOver {
		switch {
		case e.NoResources:
			line += " · " + b.t("last round: the bag is empty", "img_ms_ending_bag")
		case e.NoTiles:
			line += " · " + b.t("last round: the pile is empty", "img_ms_ending_pile")
		case e.Blocked:
			line += " · " + b.t("last round: no open end", "img_ms_ending_blocked")
		}
	}
	return line
}

// cropped says the mine is shown in part.
func (b *builder) cropped(off int) string {
	en := fmt.Sprintf("Part of the mine: %d tiles off the picture · /tt board full:true shows it all", off)
	if off == 1 {
		en = "Part of the mine: 1 tile off the picture · /tt board full:true shows it all"
	}
	return b.t(en, "img_ms_cropped", "Count", off)
}

// shared reports whether the first two of the ranking tie on points, gold
// and silver: a shared win (MS-E4).
func shared(v mineshaft.PublicView) bool {
	r := v.Result
	if r == nil || len(r.Ranking) < 2 {
		return false
	}
	by := map[int]mineshaft.ScoreView{}
	for _, s := range v.Scores {
		by[s.Seat] = s
	}
	a, ok1 := by[r.Ranking[0]]
	c, ok2 := by[r.Ranking[1]]
	return ok1 && ok2 && a.Total == c.Total && a.Gold == c.Gold && a.Silver == c.Silver
}
