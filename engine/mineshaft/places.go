package mineshaft

// Places of the board, as labels and events name them (engine.Label.Where,
// engine.Event.Where). They are plain ints kept in the bot's notes, so the
// encoding never changes (doc.go describes it for renderers):
//
//   - a grid cell (x, y), |x|, |y| < CellBias: PlaceCell(x, y), 0..65535;
//   - a placement option, the drawn tile laid in cell (x, y) at rotation
//     rot (0..3 quarter turns clockwise): PlacePlacement(x, y, rot),
//     PlacementBase + 4·PlaceCell(x, y) + rot;
//   - the bag PlaceBag, the draw pile PlacePile, the dice PlaceDice, the
//     tile just drawn PlaceDrawn, and seat's supply of markers
//     PlacePlayer(seat).
const (
	// CellBias shifts x and y to be non-negative; CellSpan is the width of
	// a row of cells in the encoding.
	CellBias = 128
	CellSpan = 256
	// PlacementBase is the first placement place.
	PlacementBase = 1 << 16
	// PlaceBag and the places after it are the board's other places.
	PlaceBag   = 1 << 19
	PlacePile  = PlaceBag + 1
	PlaceDice  = PlaceBag + 2
	PlaceDrawn = PlaceBag + 3
	placeSeat0 = PlaceBag + 8
)

// PlaceCell is the place of cell (x, y).
func PlaceCell(x, y int) int { return (y+CellBias)*CellSpan + (x + CellBias) }

// PlacePlacement is the place of laying the tile under way in cell (x, y)
// turned rot quarter turns clockwise.
func PlacePlacement(x, y, rot int) int { return PlacementBase + 4*PlaceCell(x, y) + rot }

// PlacePlayer is the place of seat's supply of collected markers.
func PlacePlayer(seat int) int { return placeSeat0 + seat }

// PlaceKind says what a place is.
type PlaceKind int8

// The kinds of place.
const (
	PlaceUnknown PlaceKind = iota
	KindCell
	KindPlacement
	KindBag
	KindPile
	KindDice
	KindDrawn
	KindPlayer
)

// PlaceInfo is a place decoded: its kind, and the cell and rotation of a
// cell or placement, or the seat of a player's supply.
type PlaceInfo struct {
	Kind      PlaceKind
	X, Y, Rot int
	Seat      int
}

// DecodePlace reads a place of this title.
func DecodePlace(p int) PlaceInfo {
	switch {
	case p >= 0 && p < CellSpan*CellSpan:
		return PlaceInfo{Kind: KindCell, X: p%CellSpan - CellBias, Y: p/CellSpan - CellBias}
	case p >= PlacementBase && p < PlacementBase+4*CellSpan*CellSpan:
		c := (p - PlacementBase) / 4
		return PlaceInfo{Kind: KindPlacement, X: c%CellSpan - CellBias, Y: c/CellSpan - CellBias, Rot: (p - PlacementBase) % 4}
	case p == PlaceBag:
		return PlaceInfo{Kind: KindBag}
	case p == PlacePile:
		return PlaceInfo{Kind: KindPile}
	case p == PlaceDice:
		return PlaceInfo{Kind: KindDice}
	case p == PlaceDrawn:
		return PlaceInfo{Kind: KindDrawn}
	case p >= placeSeat0 && p < placeSeat0+4:
		return PlaceInfo{Kind: KindPlayer, Seat: p - placeSeat0}
	}
	return PlaceInfo{}
}
