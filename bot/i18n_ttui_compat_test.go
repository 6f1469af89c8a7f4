package bot

import (
	"encoding/json"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The builders take the language they render in (boardTextIn, nextStepIn,
// …). The tests written before that call them without one; these give
// them the table's language, which is English at their tables, and lets
// a test at a Polish table reuse them (TestComponentsFitDiscordInPolish).

func boardText(t kit.Table, v tinners.PublicView, account []string) string {
	return tt.BoardTextIn(kit.TableLoc(t), t, v, account)
}

func boardComponents(t kit.Table, s *tinners.State) []discordgo.MessageComponent {
	return tt.BoardComponentsIn(kit.TableLoc(t), t, s)
}

func turnComponents(t kit.Table, s *tinners.State, seat int) []discordgo.MessageComponent {
	return tt.TurnComponentsIn(kit.TableLoc(t), t, s, seat)
}

func nextStep(t kit.Table, s *tinners.State, seat int) *kit.Message {
	return tt.NextStepIn(kit.TableLoc(t), t, s, seat)
}

func stepMessage(t kit.Table, s *tinners.State, seat int, step string) (*kit.Message, bool) {
	return tt.StepMessageIn(kit.TableLoc(t), t, s, seat, step)
}

func tileWords(t tinners.Tile) string { return tt.TileWordsIn(kit.English(), t) }

func rulesText() string { return tt.RulesTextIn(kit.English()) }

func difficultyLabel(key string) string { return tt.DifficultyLabelIn(kit.English(), key) }

// seatRef names a seat by colour and mentions its player, e.g.
// "orange (<@1>)", in the table's language.
func seatRef(t kit.Table, k int) string { return kit.SeatRefIn(kit.TableLoc(t), t, nil, k) }

// seatNames are the names used in account lines: colour and display
// name, no pings, in the table's language.
func seatNames(t kit.Table) []string { return kit.SeatNamesIn(kit.TableLoc(t), t, nil) }

// seatRefShort is "**orange (O)** <@1>", in the table's language.
func seatRefShort(t kit.Table, k int) string { return kit.SeatRefShortIn(kit.TableLoc(t), t, nil, k) }

// ttOpts is a Tinners' Trail table's options as the table keeps them.
func ttOpts(o tinners.Options) json.RawMessage {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return b
}
