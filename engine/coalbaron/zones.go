package coalbaron

// Zone is a worker zone of the display: one of the nine card stacks
// (0..NumStacks-1, a stack and its zone share the number) or one of the five
// action cards. Persisted: only grow at the end.
type Zone int8

// The worker zones, in display order: the top row's stacks, the bottom row's
// stacks, then the action cards.
const (
	ZoneLorry1 Zone = iota
	ZoneLorry2
	ZoneWagon1
	ZoneWagon2
	ZoneEngine
	ZoneOrder
	ZoneShare
	ZoneInnovation
	ZoneObjective
	ZoneMine01
	ZoneMine12
	ZoneMine23
	ZoneDelivery
	ZoneWild
	NumZones
)

// NumStacks is the number of card stacks; zones below it are stacks.
const NumStacks = 9

// ZoneCodes are the zones' codes in action strings.
var ZoneCodes = [NumZones]string{"l1", "l2", "w1", "w2", "en", "or", "sh", "in", "ob", "m0", "m1", "m2", "dv", "wd"}

// ZoneNames are the zones' names for players.
var ZoneNames = [NumZones]string{
	"lorry stack 1", "lorry stack 2", "wagon stack 1", "wagon stack 2", "engine stack",
	"order stack", "share stack", "innovation stack", "objective stack",
	"mining 0/1", "mining 1/2", "mining 2/3", "delivery", "wild action",
}

// stackKind is the kind of card each stack holds.
var stackKind = [NumStacks]Kind{KindLorry, KindLorry, KindWagon, KindWagon, KindEngine, KindOrder, KindShare, KindInnovation, KindObjective}

// IsStack reports whether z is a card stack's zone.
func (z Zone) IsStack() bool { return z >= 0 && z < NumStacks }

// String returns the zone's code, e.g. "w2".
func (z Zone) String() string {
	if z < 0 || z >= NumZones {
		return "?"
	}
	return ZoneCodes[z]
}

// Name returns the zone's name in English, e.g. "wagon stack 2", for the
// program's own errors and tests; players read NameMessage.
func (z Zone) Name() string {
	if z < 0 || z >= NumZones {
		return "?"
	}
	return ZoneNames[z]
}

// mining returns the index into Edition.Mining of a mining zone, or -1.
func (z Zone) mining() int {
	switch z {
	case ZoneMine01:
		return 0
	case ZoneMine12:
		return 1
	case ZoneMine23:
		return 2
	}
	return -1
}

func zoneByCode(s string) (Zone, bool) {
	for i, c := range ZoneCodes {
		if c == s {
			return Zone(i), true
		}
	}
	return 0, false
}

// Places of the board, as labels and events name them (engine.Label.Where,
// engine.Event.Where): a zone of the display is its Zone number (0..13);
// a player's mining row with its lorry storage is PlaceRow(seat) and one
// of its loading docks PlaceDock(seat, d). Persisted in notes: never
// renumber.
func PlaceRow(seat int) int { return 100 + 10*seat }

// PlaceDock is the place of seat's loading dock d (0..2).
func PlaceDock(seat, d int) int { return 101 + 10*seat + d }
