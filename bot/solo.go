package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The solo game: a Tinners' Trail table opened for one player is the game
// against Lord Wallace (docs/lord-wallace.md). Its lobby seats the host
// alone, refuses joins, and offers Lord Wallace's difficulty options in a
// multi-select on the lobby message (custom ID tdiff:<game>; its values
// are the options' keys, checked against difficultyChoices). In play, Lord
// Wallace is engine seat tinners.WallaceSeat; he never clicks, and his
// turns are events of the player's own action. The hand-off rule gets one
// addition for him: an interaction after which he moved posts a new board
// (pinging nobody: the player is the one who just clicked and gets the
// same account in their private reply), so that every turn of his is one
// public account, with a fresh picture, in the channel's history.

// lordName is how every message names Lord Wallace.
const lordName = "Lord Wallace"

// solo reports whether t is a Tinners' Trail table for one player: the
// game against Lord Wallace.
func (t Table) solo() bool { return !t.generic() && t.MaxPlayers == 1 }

// nameOf names seat k at table t in account text: its colour, or Lord
// Wallace at a solo table.
func nameOf(t Table, k int) string {
	if t.solo() && k == tinners.WallaceSeat {
		return lordName
	}
	return seatName(k)
}

// difficultyChoice is one entry of the lobby's difficulty select.
type difficultyChoice struct {
	Key, Label, Help string
}

// difficultyChoices are Lord Wallace's difficulty options, in the
// rulebook's order; "more-mines" and "more-mines=2" exclude each other.
var difficultyChoices = []difficultyChoice{
	{"better-mines", "Better mines", "his mines start with extraction capacity 3"},
	{"cheap-labour", "Cheap labour", "he pays half of what he owes, rounded up"},
	{"more-mines", "More mines (+1)", "he has 1 more mine to build"},
	{"more-mines=2", "More mines (+2)", "he has 2 more mines to build"},
	{"deep-pockets", "Deep pockets", "his bids are £2 higher"},
	{"friends-in-high-places", "Friends in high places", "he always invests at the top row"},
	{"financial-sabotage", "Financial sabotage", "you invest one row lower than your pass"},
	{"bailing-out", "Bailing out", "1/2/3 water off his mines in rounds 2/3/4"},
	{"shady-land-purchases", "Shady land purchases", "a free mine for him in rounds 3 and 4"},
}

// difficultyLabel is the lobby and board name of a difficulty key.
func difficultyLabel(key string) string {
	for _, c := range difficultyChoices {
		if c.Key == key {
			return c.Label
		}
	}
	return key
}

// difficultyLine lists the difficulty options of keys ("none" for none).
func difficultyLine(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	var out []string
	for _, k := range keys {
		out = append(out, difficultyLabel(k))
	}
	return strings.Join(out, ", ")
}

// setupOptions are the options t's game starts with: the table's, and in a
// lobby the difficulty chosen so far (kept in the notes).
func (t Table) setupOptions() tinners.Options {
	if t.Status != StatusLobby || !t.solo() {
		return t.Options
	}
	d, err := tinners.ParseOptions(strings.Join(t.Notes.Difficulty, ","))
	if err != nil {
		return t.Options // only checked keys are stored
	}
	return withDifficulty(t.Options, d)
}

// withDifficulty returns o with its difficulty options replaced by d's.
func withDifficulty(o, d tinners.Options) tinners.Options {
	o.BetterMines, o.CheapLabour, o.MoreMines, o.DeepPockets = d.BetterMines, d.CheapLabour, d.MoreMines, d.DeepPockets
	o.FriendsInHighPlaces, o.FinancialSabotage, o.BailingOut, o.ShadyLandPurchases = d.FriendsInHighPlaces, d.FinancialSabotage, d.BailingOut, d.ShadyLandPurchases
	return o
}

// soloLobbyMessage is the lobby of a solo table: the host against Lord
// Wallace, the difficulty options chosen, the select to change them and
// the Start and Leave buttons.
func (m *Main) soloLobbyMessage(t Table) message {
	var b strings.Builder
	keys := t.setupOptions().DifficultyKeys()
	opt := t.setupOptions()
	fmt.Fprintf(&b, "**Tinners' Trail, solo** — table %s: <@%s> against %s.%s\n", t.ID, t.Host, lordName, modulesLine(opt))
	fmt.Fprintf(&b, "%s's difficulty: %s.\n", lordName, difficultyLine(keys))
	b.WriteString("A solo table seats its host alone; nobody else can join. The host chooses the difficulty below, then starts.")
	var opts []discordgo.SelectMenuOption
	for _, c := range difficultyChoices {
		opts = append(opts, discordgo.SelectMenuOption{Label: c.Label, Value: c.Key, Description: c.Help, Default: slices.Contains(keys, c.Key)})
	}
	zero := 0
	return message{Content: b.String(), Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: plainID("tdiff", t.ID), Placeholder: "Lord Wallace's difficulty options (none: the standard game)",
			MinValues: &zero, MaxValues: len(opts), Options: opts}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: plainID("tl", t.ID, "start")},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: plainID("tl", t.ID, "leave")},
		}}}}
}

// soloJoinRefusal is the answer to anyone joining a solo table.
func soloJoinRefusal(t Table) string {
	return fmt.Sprintf("Table %s is a solo game: <@%s> plays alone against %s, so nobody can join. "+
		"Open your own with `/tt new players:1` in another channel, or a table for 2–5 players.", t.ID, t.Host, lordName)
}

// setDifficulty sets the difficulty options of the solo lobby id to
// values (the select's keys). Only the host may; a value that is not one
// of the select's options is forged; both "More mines" options at once
// are refused with a sentence.
func (m *Main) setDifficulty(ctx context.Context, i *discordgo.Interaction, id string, values []string) response {
	t, r := m.tableHere(ctx, i, id)
	if r != nil {
		return *r
	}
	if !t.solo() {
		return forged(i)
	}
	if t.Status != StatusLobby {
		return replyText("The game has already started; its difficulty is fixed now.")
	}
	if uid, _ := user(i); uid != t.Host {
		return replyText("Only the host (<@%s>) chooses Lord Wallace's difficulty.", t.Host)
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] || !slices.ContainsFunc(difficultyChoices, func(c difficultyChoice) bool { return c.Key == v }) {
			return forged(i)
		}
		seen[v] = true
	}
	if seen["more-mines"] && seen["more-mines=2"] {
		return replyText("Choose one of “More mines (+1)” and “More mines (+2)”, not both. Nothing was changed.")
	}
	d, err := tinners.ParseOptions(strings.Join(values, ","))
	if err != nil {
		return forged(i)
	}
	t, err = m.store.UpdateTable(ctx, t.ID, func(nt *Table) error {
		if nt.Status != StatusLobby {
			return errLobby
		}
		nt.Notes.Difficulty = withDifficulty(tinners.Options{}, d).DifficultyKeys()
		return nil
	})
	if err != nil {
		return m.errReply(i, "set difficulty", err)
	}
	return response{Edits: []edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.lobbyMessage(t)}}}
}

// soloText is Lord Wallace's part of the board text: his seat, what he
// owes, his decks (sizes only), his last card and the difficulty.
func soloText(v tinners.PublicView) string {
	o := v.Solo
	if o == nil {
		return ""
	}
	var b strings.Builder
	lw := o.Lord
	fmt.Fprintf(&b, "**%s** · %d pts · work %d · %s left to build · owes £%d", lordName, lw.Points, lw.Col, plural(lw.MinesLeft, "mine", "mines"), o.Owed)
	if o.Income > 0 {
		fmt.Fprintf(&b, " · income £%d so far", o.Income)
	}
	if o.Kimberly > 0 {
		fmt.Fprintf(&b, " · Kimberly £%d", o.Kimberly)
	}
	if lw.Tin+lw.Copper > 0 {
		fmt.Fprintf(&b, " · ore %d tin %d copper", lw.Tin, lw.Copper)
	}
	if v.Arsenic && (lw.Arsenic > 0 || lw.Limiter > 0) {
		fmt.Fprintf(&b, " · final column %d", lw.FinalCol)
	}
	if v.Emigration && lw.OwnMiners > 0 {
		fmt.Fprintf(&b, " · own miners %d in hand", lw.OwnMiners)
	}
	if lw.Passed {
		fmt.Fprintf(&b, " · passed (row %d)", o.WallaceRow)
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "His decks: action cards %d left · survey cards %d (face down)", o.ActionDeck, o.SurveyDeck)
	if o.Card > 0 {
		fmt.Fprintf(&b, " · last card drawn: %d → %s", o.Card, o.Act)
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "Difficulty: %s\n", difficultyLine(o.Difficulty))
	return b.String()
}

// soloFinalText is the end of a solo game: both scores and whether the
// player beat Lord Wallace (a tie is his).
func soloFinalText(t Table, v tinners.PublicView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Game over** (table %s). Final scores:\n", t.ID)
	if v.Result == nil || len(v.Seats) == 0 {
		return b.String()
	}
	sp := v.Seats[0]
	fmt.Fprintf(&b, "%s — %d points, £%d\n", seatRefShort(t, 0), sp.Points, sp.Money)
	fmt.Fprintf(&b, "**%s** — %d points\n", lordName, v.Result.Wallace)
	switch {
	case v.Result.Won:
		fmt.Fprintf(&b, "Winner: %s — you beat %s by %s.\n", seatRef(t, 0), lordName, plural(sp.Points-v.Result.Wallace, "point", "points"))
	case sp.Points == v.Result.Wallace:
		fmt.Fprintf(&b, "Winner: %s — a tie is his (you need more points than he has).\n", lordName)
	default:
		fmt.Fprintf(&b, "Winner: %s, by %s.\n", lordName, plural(v.Result.Wallace-sp.Points, "point", "points"))
	}
	if v.Solo != nil {
		fmt.Fprintf(&b, "Difficulty: %s.\n", difficultyLine(v.Solo.Difficulty))
	}
	fmt.Fprintf(&b, "The record: `/tt export game:%s`.", t.ID)
	return b.String()
}

// wallaceMoved reports whether Lord Wallace took a turn (or answered an
// auction) among events of a solo game (elsewhere seat 1 is a player).
func wallaceMoved(events []tinners.Event) bool {
	return slices.ContainsFunc(events, func(e tinners.Event) bool { return e.Seat == tinners.WallaceSeat })
}
