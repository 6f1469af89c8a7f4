// Package mineshaft is the rules engine of the mine-shaft tile game (title,
// designer and publisher unknown; rules from an English rulebook) for 2–4
// players: lay shaft tiles so the tracks connect, roll two dice to fill or
// collapse tiles, move your miner and collect gold, silver and coal from a
// bag. The component set and the rule details the rulebook leaves open are
// this project's design (/work/shared/mineshaft/components.md, rules
// MS-*); every number is in one table, Standard (edition.go), and the
// decisions taken here are in DECISIONS.md.
//
// Title id "mineshaft"; English name "Mine Shaft", Polish "Szyb kopalni".
//
// # The grid
//
// A cell is (x, y) on an unbounded square grid, x growing east and y
// growing south; the start tile is at (0, 0). Tracks are a bit set of the
// edges N=1, E=2, S=4, W=8 (Tracks); a tile laid at rotation rot shows its
// base tracks turned rot quarter turns clockwise (Tracks.Turn), so N goes
// to E. TileView.Tracks is already turned.
//
// # Places (engine.Label.Where, engine.Event.Where)
//
// Places are plain ints that never change meaning (places.go; DecodePlace
// reads them back):
//
//   - a cell (x, y): PlaceCell(x, y) = (y+128)·256 + (x+128), in 0..65535;
//     tiles, targets (colour, pickaxe, Fire, Timed Explosion, Swap),
//     destinations of a move or ride, and cells changed by events;
//   - a placement option, the tile under way laid in the empty cell (x, y)
//     at rotation rot: PlacePlacement(x, y, rot) = 65536 + 4·PlaceCell(x, y)
//   - rot. The options of one step differ by cell or rotation, so each
//     gets its own mark: a renderer draws the tile under way (StepView.Tile;
//     its base tracks from the edition) turned rot in or beside cell (x, y);
//   - PlaceBag (the bag), PlacePile (the draw pile), PlaceDice (the dice),
//     PlaceDrawn (the tile just drawn, PublicView.Drawn), PlacePlayer(seat)
//     (a seat's collected markers).
//
// Every label of an action about a place carries it (a placement its
// placement place, a target or destination its cell); "none" options
// (no swap, no ride, stay, collect nothing) carry the pawn's cell or none.
// Every event names the places it changed.
//
// # A placement in at most two clicks
//
// Laying a tile is one step whose options are every open end of the pawn's
// tile × every legal rotation (MS-G7), at most 4 × 3 = 12, one menu level:
// "Play", then the option. Draws, rolls and clearing are steps of a single
// forced action, played by the platform and said in one line; a step with
// a single legal option (one placement, one colour target) is played the
// same way.
package mineshaft
