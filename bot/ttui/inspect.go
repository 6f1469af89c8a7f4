package ttui

import (
	"context"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Inspect opens this UI to the bot's end-to-end tests (package bot), which
// play whole games through a fake Discord and hold what the bot posts
// against what the UI itself would say: its words, steps, marks, default
// moves and stored games. No program uses it; each method is one of the
// UI's own functions under its exported name.
var Inspect inspect

type inspect struct{}

// Store is h's store as this UI reads and plays Tinners' Trail games.
func (inspect) Store(h kit.Host) ttStore { return (&host{h}).tts() }

// StoreOf is st as this UI reads and plays Tinners' Trail games.
func (inspect) StoreOf(st kit.Store) ttStore { return ttStore{st} }

// Step is seat's private next step at t, as the UI on host h draws it.
func (inspect) Step(h kit.Host, l *i18n.Loc, t kit.Table, mt engine.Match, seat int) *kit.Message {
	return ttUI{&host{h}}.Step(l, t, mt, seat)
}

// MarkTT is msg with its places marked on a picture, as the UI on h draws it.
func (inspect) MarkTT(h kit.Host, l *i18n.Loc, t kit.Table, s *tinners.State, msg *kit.Message) *kit.Message {
	return (&host{h}).markTT(l, t, s, msg)
}

// CmdLog is /tt log's answer on h.
func (inspect) CmdLog(h kit.Host, ctx context.Context, i *discordgo.Interaction, id string, round int) kit.Response {
	return (&host{h}).cmdLog(ctx, i, id, round)
}

func (inspect) AreaLabel(a0 *tinners.Edition, a1 int) string { return areaLabel(a0, a1) }
func (inspect) BestSplit(a0 int, a1 [2]int) (tens int, fives int, points int) {
	return bestSplit(a0, a1)
}
func (inspect) BidAt(a0 tinners.Action, a1 int) tinners.Action { return bidAt(a0, a1) }
func (inspect) BoardComponentsIn(a0 *i18n.Loc, a1 kit.Table, a2 *tinners.State) []discordgo.MessageComponent {
	return boardComponentsIn(a0, a1, a2)
}
func (inspect) BoardTextIn(a0 *i18n.Loc, a1 kit.Table, a2 tinners.PublicView, a3 []string) string {
	return boardTextIn(a0, a1, a2, a3)
}
func (inspect) BreakdownText(a0 *i18n.Loc, a1 kit.Table, a2 tinners.PublicView, a3 [][]int, a4 []int) string {
	return breakdownText(a0, a1, a2, a3, a4)
}
func (inspect) CardIn(a0 *i18n.Loc, a1 tinners.Card) string            { return cardIn(a0, a1) }
func (inspect) DefaultMove(a0 *tinners.State, a1 int) []tinners.Action { return defaultMove(a0, a1) }
func (inspect) DefaultRender(a0 any, a1 kit.RenderOptions) ([]byte, error) {
	return defaultRender(a0, a1)
}
func (inspect) DefaultRenderHand(a0 any, a1 kit.RenderOptions) ([]byte, error) {
	return defaultRenderHand(a0, a1)
}
func (inspect) DefaultWordsIn(a0 *i18n.Loc, a1 []tinners.Action) string {
	return defaultWordsIn(a0, a1)
}
func (inspect) DifficultyChoices() []difficultyChoice            { return difficultyChoices }
func (inspect) DifficultyLabelIn(a0 *i18n.Loc, a1 string) string { return difficultyLabelIn(a0, a1) }
func (inspect) DraftActions(a0 string) ([]tinners.Action, bool)  { return draftActions(a0) }
func (inspect) InvestActions(a0 *tinners.State, a1 int, a2 int, a3 int, a4 bool) ([]tinners.Action, error) {
	return investActions(a0, a1, a2, a3, a4)
}
func (inspect) KindWordsIn(a0 *i18n.Loc, a1 tinners.ActionKind) string { return kindWordsIn(a0, a1) }
func (inspect) LogRounds(a0 *tinners.State) [][]int                    { return logRounds(a0) }
func (inspect) LordNameIn(a0 *i18n.Loc) string                         { return lordNameIn(a0) }
func (inspect) ModulesIn(a0 *i18n.Loc, a1 tinners.Options) string      { return modulesIn(a0, a1) }
func (inspect) NextStepIn(a0 *i18n.Loc, a1 kit.Table, a2 *tinners.State, a3 int) *kit.Message {
	return nextStepIn(a0, a1, a2, a3)
}
func (inspect) PhaseIn(a0 *i18n.Loc, a1 tinners.Phase) string   { return phaseIn(a0, a1) }
func (inspect) PiecesIn(a0 *i18n.Loc, a1 tinners.Pieces) string { return piecesIn(a0, a1) }
func (inspect) Plural(a0 int, a1 string, a2 string) string      { return plural(a0, a1, a2) }
func (inspect) RewardIn(a0 *i18n.Loc, a1 *tinners.Edition, a2 int, a3 int) string {
	return rewardIn(a0, a1, a2, a3)
}
func (inspect) RulesTextIn(a0 *i18n.Loc) string { return rulesTextIn(a0) }
func (inspect) StepMessageIn(a0 *i18n.Loc, a1 kit.Table, a2 *tinners.State, a3 int, a4 string) (msg *kit.Message, known bool) {
	return stepMessageIn(a0, a1, a2, a3, a4)
}
func (inspect) TieBreakIn(a0 *i18n.Loc, a1 string) string        { return tieBreakIn(a0, a1) }
func (inspect) TileWordsIn(a0 *i18n.Loc, a1 tinners.Tile) string { return tileWordsIn(a0, a1) }
func (inspect) Options(a0 kit.Table) tinners.Options             { return ttOptions(a0) }
func (inspect) PlaceOf(a0 kit.RouteTable, a1 *tinners.State, a2 string) (int, bool) {
	return ttPlaceOf(a0, a1, a2)
}
func (inspect) Routes() map[string]kit.Route                      { return ttRoutes() }
func (inspect) Setup(a0 kit.Table) tinners.Options                { return ttSetup(a0) }
func (inspect) WallaceActIn(a0 *i18n.Loc, a1 string) string       { return wallaceActIn(a0, a1) }
func (inspect) WhatIn(a0 *i18n.Loc, a1 tinners.PublicView) string { return whatIn(a0, a1) }
func (inspect) WithDifficulty(a0 tinners.Options, a1 tinners.Options) tinners.Options {
	return withDifficulty(a0, a1)
}
func (inspect) TurnComponentsIn(a0 *i18n.Loc, a1 kit.Table, a2 *tinners.State, a3 int) []discordgo.MessageComponent {
	return turnComponentsIn(a0, a1, a2, a3)
}

// DifficultyWords are the message ids of difficulty option c's name and help.
func (inspect) DifficultyWords(c difficultyChoice) (name, help string) { return c.name(), c.help() }
func (inspect) AskLineIn(a0 *i18n.Loc, a1 kit.Table, a2 tinners.PublicView) string {
	return askLineIn(a0, a1, a2)
}
func (inspect) DraftStep(a0 *i18n.Loc, a1 kit.Table, a2 *tinners.State, a3 int, a4 bool) *kit.Message {
	return draftStep(a0, a1, a2, a3, a4)
}
func (inspect) SoleDraft(a0 *kit.Message) ([]tinners.Action, bool)       { return soleDraft(a0) }
func (inspect) BoardMessage(a0 kit.Table, a1 *tinners.State) kit.Message { return boardMessage(a0, a1) }
