package coalbaronimg

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The pictures' words come from the bot's catalogue (ids img_cb_…)
// through imaging.Options.Words; each is given with its English, which is
// what a picture draws when Words is nil. Glyph letters (crests W C T F,
// destinations, engines A–D) and "L" for lorries are symbols the legend
// explains, the same in every language.

// t is say with the builder's options.
func (b *builder) t(english, id string, kv ...any) string { return b.o.Say(english, id, kv...) }

// vp is n victory points, "3 VP".
func (b *builder) vp(n int) string { return b.t(fmt.Sprintf("%d VP", n), "img_cb_vp", "VP", n) }

// crestName is crest c's name ("wheel") in the picture's language.
func (b *builder) crestName(c coalbaron.Crest) string {
	if c < 0 || c > coalbaron.CrestWild {
		return c.Name()
	}
	return b.t(c.Name(), "img_cb_crest_"+c.Name())
}

// destName is destination d's name ("barracks") in the picture's language.
func (b *builder) destName(d coalbaron.Dest) string {
	if d < 0 || d >= coalbaron.NumDests {
		return d.String()
	}
	return b.t(d.String(), "img_cb_dest_"+d.String())
}

// ordinal is "1st", "2nd", … in the picture's language.
func (b *builder) ordinal(n int) string {
	en := ordinal(n)
	return b.t(en, "img_cb_ord_"+strings.TrimLeft(en, "0123456789"), "N", n)
}

// zoneStackIDs are the message ids of coalbaron.ZoneNames, by zone.
var zoneStackIDs = [coalbaron.NumZones]string{"img_cb_zone_lorry1", "img_cb_zone_lorry2", "img_cb_zone_wagon1",
	"img_cb_zone_wagon2", "img_cb_zone_engine", "img_cb_zone_order", "img_cb_zone_share", "img_cb_zone_innovation",
	"img_cb_zone_objective", "img_cb_zone_mine01", "img_cb_zone_mine12", "img_cb_zone_mine23", "img_cb_zone_delivery",
	"img_cb_zone_wild"}

// zoneTitleIDs are the message ids of zoneTitles, by zone.
var zoneTitleIDs = [coalbaron.NumZones]string{"img_cb_title_lorries1", "img_cb_title_lorries2", "img_cb_title_wagons1",
	"img_cb_title_wagons2", "img_cb_title_engines", "img_cb_title_orders", "img_cb_title_shares",
	"img_cb_title_innovations", "img_cb_title_objectives", "img_cb_title_mine01", "img_cb_title_mine12",
	"img_cb_title_mine23", "img_cb_title_delivery", "img_cb_title_wild"}

// zoneName is zone z's name as the engine gives it ("lorry stack 1").
func zoneName(o imaging.Options, z coalbaron.Zone) string {
	if z < 0 || z >= coalbaron.NumZones {
		return z.Name()
	}
	return o.Say(z.Name(), zoneStackIDs[z])
}

// dockCard names the wagon or engine card c waiting for a dock, as the
// engine's c.String() ("engine B", "wild wagon", "fox wagon").
func dockCard(o imaging.Options, c coalbaron.Card) string {
	switch c.Kind {
	case coalbaron.KindEngine:
		return o.Say(c.String(), "img_cb_card_engine", "Type", c.Engine.String())
	case coalbaron.KindWagon:
		if c.Crest == coalbaron.CrestWild {
			return o.Say(c.String(), "img_cb_card_wild_wagon")
		}
		if c.Crest >= 0 && c.Crest < coalbaron.CrestWild {
			return o.Say(c.String(), "img_cb_card_wagon_"+c.Crest.Name())
		}
	}
	return o.T(c.Message(), c.String()) // the catalogue's name of any other card
}

// tieBreak is the result's tie-break sentence in o's language, "" when no
// tie-break decided. The engine gives it as a catalogue message only; a
// picture drawn without the catalogue (Words nil) draws its English here.
// A result stored before the engine stopped writing English may hold the
// English alone, which is read back.
func tieBreak(o imaging.Options, r *engine.Result) string {
	const (
		byToken = "Tied on %d VP: decided by the latest shift token held (%d)."
		shared  = "Tied on %d VP and no tied player holds a shift token: a shared win."
	)
	m := r.TieBreakMessage
	var vp, token int
	switch m.ID {
	case "cb_tiebreak_holder":
		// The picture's ranking names the holder already, and a picture
		// fills no seat placeholder: the sentence without the seat.
		m = engine.Say("cb_tiebreak_token", "VP", argInt(m, "VP"), "Token", argInt(m, "Token"))
		return o.T(m, fmt.Sprintf(byToken, argInt(m, "VP"), argInt(m, "Token")))
	case "cb_tiebreak_token":
		return o.T(m, fmt.Sprintf(byToken, argInt(m, "VP"), argInt(m, "Token")))
	case "cb_tiebreak_shared":
		return o.T(m, fmt.Sprintf(shared, argInt(m, "VP")))
	case "":
	default:
		return o.T(m, r.TieBreak)
	}
	if _, err := fmt.Sscanf(r.TieBreak, byToken, &vp, &token); err == nil {
		return o.Say(r.TieBreak, "img_cb_tie_token", "VP", vp, "Token", token)
	}
	if _, err := fmt.Sscanf(r.TieBreak, shared, &vp); err == nil {
		return o.Say(r.TieBreak, "img_cb_tie_shared", "VP", vp)
	}
	return r.TieBreak
}

// argInt is m's integer argument name (a number read back from JSON too).
func argInt(m engine.Message, name string) int {
	switch v := m.Args[name].(type) {
	case int:
		return v
	case float64:
		return int(v)
	}
	return 0
}
