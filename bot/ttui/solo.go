package ttui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
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

// lordNameIn is how every message names Lord Wallace, in l's language:
// the engine's name of him (tinners.Match.NonPlayers), from the
// catalogue.
func lordNameIn(l *i18n.Loc) string {
	return kit.NonPlayersIn(l, tinners.PublicView{Solo: &tinners.SoloView{}})[0]
}

// difficultyChoice is one entry of the lobby's difficulty select: its key
// and the stem of its catalogue ids (ui_diff_<stem>, its name, and
// ui_diff_<stem>_help, what it does).
type difficultyChoice struct {
	Key, Stem string
}

func (c difficultyChoice) name() string { return "ui_diff_" + c.Stem }
func (c difficultyChoice) help() string { return "ui_diff_" + c.Stem + "_help" }

// difficultyChoices are Lord Wallace's difficulty options, in the
// rulebook's order; "more-mines" and "more-mines=2" exclude each other.
var difficultyChoices = []difficultyChoice{
	{"better-mines", "better_mines"},
	{"cheap-labour", "cheap_labour"},
	{"more-mines", "more_mines1"},
	{"more-mines=2", "more_mines2"},
	{"deep-pockets", "deep_pockets"},
	{"friends-in-high-places", "friends"},
	{"financial-sabotage", "sabotage"},
	{"bailing-out", "bailing_out"},
	{"shady-land-purchases", "shady_land"},
}

// difficultyLabelIn is the lobby and board name of a difficulty key, in
// l's language.
func difficultyLabelIn(l *i18n.Loc, key string) string {
	for _, c := range difficultyChoices {
		if c.Key == key {
			return l.T(c.name(), nil)
		}
	}
	return key
}

// difficultyLine lists the difficulty options of keys ("none" for none).
func difficultyLine(l *i18n.Loc, keys []string) string {
	if len(keys) == 0 {
		return l.T("ui_diff_none", nil)
	}
	var out []string
	for _, k := range keys {
		out = append(out, difficultyLabelIn(l, k))
	}
	return strings.Join(out, l.T("list_sep", nil))
}

// ttSetup is the options t's game starts with: the table's, and in a
// lobby the difficulty chosen so far (kept in the notes).
func ttSetup(t kit.Table) tinners.Options {
	if t.Status != kit.StatusLobby || !soloTable(t) {
		return ttOptions(t)
	}
	d, err := tinners.ParseOptions(strings.Join(NotesOf(t.Notes).Difficulty, ","))
	if err != nil {
		return ttOptions(t) // only checked keys are stored
	}
	return withDifficulty(ttOptions(t), d)
}

// withDifficulty returns o with its difficulty options replaced by d's.
func withDifficulty(o, d tinners.Options) tinners.Options {
	o.BetterMines, o.CheapLabour, o.MoreMines, o.DeepPockets = d.BetterMines, d.CheapLabour, d.MoreMines, d.DeepPockets
	o.FriendsInHighPlaces, o.FinancialSabotage, o.BailingOut, o.ShadyLandPurchases = d.FriendsInHighPlaces, d.FinancialSabotage, d.BailingOut, d.ShadyLandPurchases
	return o
}

// soloLobbyMessage is the lobby of a solo table, in the table's language.
func (m *host) soloLobbyMessage(t kit.Table) kit.Message {
	return m.soloLobbyIn(kit.TableLoc(t), t, false)
}

// soloLobbyIn is the lobby of a solo table in l's language: the host
// against Lord Wallace, the difficulty options chosen, the select to
// change them and the Start and Leave buttons; once started, no controls
// and "Started." instead of how to start.
func (m *host) soloLobbyIn(l *i18n.Loc, t kit.Table, started bool) kit.Message {
	var b strings.Builder
	keys := ttSetup(t).DifficultyKeys()
	opt := ttSetup(t)
	b.WriteString(l.T("ui_solo_lobby_header", kit.Args{"Table": t.ID, "Host": t.Host, "Lord": lordNameIn(l), "Modules": modulesIn(l, opt)}))
	b.WriteByte('\n')
	b.WriteString(l.T("ui_solo_lobby_difficulty", kit.Args{"Lord": lordNameIn(l), "List": difficultyLine(l, keys)}))
	b.WriteByte('\n')
	if started {
		b.WriteString(l.T("ui_solo_lobby_started", nil))
		return kit.Message{Content: b.String()}
	}
	b.WriteString(l.T("ui_solo_lobby_help", nil))
	var opts []discordgo.SelectMenuOption
	for _, c := range difficultyChoices {
		opts = append(opts, discordgo.SelectMenuOption{Label: kit.Trunc(l.T(c.name(), nil), 100), Value: c.Key,
			Description: kit.Trunc(l.T(c.help(), nil), 100), Default: slices.Contains(keys, c.Key)})
	}
	zero := 0
	return kit.Message{Content: b.String(), Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: kit.PlainID("tdiff", t.ID), Placeholder: kit.Trunc(l.T("ui_solo_difficulty_placeholder", kit.Args{"Lord": lordNameIn(l)}), 150),
			MinValues: &zero, MaxValues: len(opts), Options: opts}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("button_start", nil), Style: discordgo.PrimaryButton, CustomID: kit.PlainID("tl", t.ID, "start")},
			discordgo.Button{Label: l.T("button_leave", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("tl", t.ID, "leave")},
		}}}}
}

// soloJoinRefusal is the answer to anyone joining a solo table, in l's
// language.
func soloJoinRefusal(l *i18n.Loc, t kit.Table) string {
	return l.T("ui_solo_join_refused", kit.Args{"Table": t.ID, "Host": t.Host, "Lord": lordNameIn(l)})
}

// setDifficulty sets the difficulty options of the solo lobby id to
// values (the select's keys). Only the host may; a value that is not one
// of the select's options is forged; both "More mines" options at once
// are refused with a sentence.
func (m *host) setDifficulty(ctx context.Context, i *discordgo.Interaction, id string, values []string) kit.Response {
	t, r := m.TableHere(ctx, i, id)
	if r != nil {
		return *r
	}
	if !soloTable(t) {
		return kit.Forged(i)
	}
	l := kit.UserLoc(i)
	if t.Status != kit.StatusLobby {
		return kit.Say(l, "ui_solo_difficulty_fixed", nil)
	}
	if uid, _ := kit.User(i); uid != t.Host {
		return kit.Say(l, "ui_solo_difficulty_host_only", kit.Args{"Host": t.Host, "Lord": lordNameIn(l)})
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] || !slices.ContainsFunc(difficultyChoices, func(c difficultyChoice) bool { return c.Key == v }) {
			return kit.Forged(i)
		}
		seen[v] = true
	}
	if seen["more-mines"] && seen["more-mines=2"] {
		return kit.Say(l, "ui_solo_more_mines_both", kit.Args{"One": l.T("ui_diff_more_mines1", nil), "Two": l.T("ui_diff_more_mines2", nil)})
	}
	d, err := tinners.ParseOptions(strings.Join(values, ","))
	if err != nil {
		return kit.Forged(i)
	}
	t, err = m.Store().UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
		if nt.Status != kit.StatusLobby {
			return kit.ErrLobby
		}
		editNotes(&nt.Notes, func(v *Notes) { v.Difficulty = withDifficulty(tinners.Options{}, d).DifficultyKeys() })
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "set difficulty", err)
	}
	return kit.Response{Edits: []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.LobbyMessage(t)}}}
}

// soloText is Lord Wallace's part of the board text: his seat, what he
// owes, his decks (sizes only), his last card and the difficulty.
func soloText(l *i18n.Loc, v tinners.PublicView) string {
	o := v.Solo
	if o == nil {
		return ""
	}
	var b strings.Builder
	lw := o.Lord
	b.WriteString(l.N("ui_solo_lord", lw.MinesLeft, kit.Args{"Lord": lordNameIn(l), "Points": lw.Points, "Work": lw.Col, "Owed": o.Owed}))
	if o.Income > 0 {
		b.WriteString(l.T("ui_solo_income", kit.Args{"Income": o.Income}))
	}
	if o.Kimberly > 0 {
		fmt.Fprintf(&b, " · Kimberly £%d", o.Kimberly)
	}
	if lw.Tin+lw.Copper > 0 {
		b.WriteString(l.T("ui_board_ore", kit.Args{"Tin": lw.Tin, "Copper": lw.Copper}))
	}
	if v.Arsenic && (lw.Arsenic > 0 || lw.Limiter > 0) {
		b.WriteString(l.T("ui_solo_final_column", kit.Args{"Column": lw.FinalCol}))
	}
	if v.Emigration && lw.OwnMiners > 0 {
		b.WriteString(l.T("ui_board_own_miners", kit.Args{"Miners": lw.OwnMiners}))
	}
	if lw.Passed {
		b.WriteString(l.T("ui_board_passed", kit.Args{"Row": o.WallaceRow}))
	}
	b.WriteByte('\n')
	b.WriteString(l.T("ui_solo_decks", kit.Args{"Actions": o.ActionDeck, "Survey": o.SurveyDeck}))
	if o.Card > 0 {
		b.WriteString(l.T("ui_solo_last_card", kit.Args{"Card": o.Card, "Act": wallaceActIn(l, o.Act)}))
	}
	b.WriteByte('\n')
	b.WriteString(l.T("ui_solo_difficulty", kit.Args{"List": difficultyLine(l, o.Difficulty)}))
	b.WriteByte('\n')
	return b.String()
}

// wallaceActIn is the name of Lord Wallace's action (tinners.SoloView.Act,
// "Build") in l's language.
func wallaceActIn(l *i18n.Loc, act string) string {
	ids := map[string]string{"nothing": "ui_wallace_nothing", "Build": "ui_wallace_build", "Mine": "ui_wallace_mine", "Develop": "ui_wallace_develop",
		"Train": "ui_wallace_train", "Adit": "ui_wallace_adit", "Port": "ui_wallace_port", "Steam pumps": "ui_wallace_pumps",
		"Miner": "ui_wallace_miner", "Pass": "ui_wallace_pass"}
	if id, ok := ids[act]; ok {
		return l.T(id, nil)
	}
	return act
}

// soloFinalText is the end of a solo game: both scores and whether the
// player beat Lord Wallace (a tie is his).
func soloFinalText(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	var b strings.Builder
	b.WriteString(l.T("ui_final_header", kit.Args{"Table": t.ID}))
	b.WriteByte('\n')
	if v.Result == nil || len(v.Seats) == 0 {
		return b.String()
	}
	sp := v.Seats[0]
	b.WriteString(l.T("ui_solo_final_player", kit.Args{"Seat": kit.SeatRefShortIn(l, t, v, 0), "Points": sp.Points, "Money": sp.Money}))
	b.WriteByte('\n')
	b.WriteString(l.T("ui_solo_final_lord", kit.Args{"Lord": lordNameIn(l), "Points": v.Result.Wallace}))
	b.WriteByte('\n')
	switch {
	case v.Result.Won:
		b.WriteString(l.N("ui_solo_won", sp.Points-v.Result.Wallace, kit.Args{"Seat": kit.SeatRefIn(l, t, v, 0), "Lord": lordNameIn(l)}))
	case sp.Points == v.Result.Wallace:
		b.WriteString(l.T("ui_solo_tie", kit.Args{"Lord": lordNameIn(l)}))
	default:
		b.WriteString(l.N("ui_solo_lost", v.Result.Wallace-sp.Points, kit.Args{"Lord": lordNameIn(l)}))
	}
	b.WriteByte('\n')
	if v.Solo != nil {
		b.WriteString(l.T("ui_solo_final_difficulty", kit.Args{"List": difficultyLine(l, v.Solo.Difficulty)}))
		b.WriteByte('\n')
	}
	b.WriteString(l.T("ui_final_record", kit.Args{"Table": t.ID}))
	return b.String()
}

// wallaceMoved reports whether Lord Wallace took a turn (or answered an
// auction) among events of a solo game (elsewhere seat 1 is a player).
func wallaceMoved(events []tinners.Event) bool {
	return slices.ContainsFunc(events, func(e tinners.Event) bool { return e.Seat == tinners.WallaceSeat })
}
