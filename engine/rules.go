package engine

// NewGame sets up a game. Stub: replaced by the real rules shortly.
func NewGame(st Setup) (*State, error) { panic("engine: rules not written yet") }

// Apply applies a to s and returns the next state and its events.
func Apply(s *State, a Action) (*State, []Event, error) { panic("engine: rules not written yet") }

// Legal lists the moves seat may make now.
func (s *State) Legal(seat int) []Action { return nil }

// ToAct lists the seats the game waits for.
func (s *State) ToAct() []int { return nil }

func (s *State) turnOrder() []int          { return nil }
func (s *State) capacity(area int) int     { return 0 }
func (s *State) draftDone(seat int) bool   { return false }
func (s *State) nextPumpGroup() (int, int) { return -1, -1 }

// Event is one public thing that happened.
type Event struct {
	Seat int
	Text string
}
