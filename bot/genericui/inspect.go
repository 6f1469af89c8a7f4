package genericui

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Inspect opens this UI to the bot's end-to-end tests (package bot), which
// hold the menus, boards and past boards the bot posts against what the UI
// itself would draw; the menus suite is this package's own test. No
// program uses it; each method is one of the UI's own functions under its
// exported name.
var Inspect inspect

type inspect struct{}

// Menu is seat's private menu at path and page, as the UI on host h draws it.
func (inspect) Menu(h kit.Host, l *i18n.Loc, t kit.Table, mt engine.Match, seat int, path []int, page int) *kit.Message {
	return (&host{h}).gmenu(l, t, mt, seat, path, page)
}

// BoardMessage is mt's public board at t, as the UI on h draws it.
func (inspect) BoardMessage(h kit.Host, t kit.Table, mt engine.Match) kit.Message {
	return (&host{h}).gboardMessage(t, mt)
}

// IsGeneric says whether ui is this UI.
func (inspect) IsGeneric(ui kit.TitleUI) bool { _, ok := ui.(genericUI); return ok }

func (inspect) PathWord(a0 *i18n.Loc, a1 engine.Label, a2 int) string { return pathWord(a0, a1, a2) }
func (inspect) RulesText(a0 *i18n.Loc, a1 engine.Meta) string         { return grulesText(a0, a1) }
func (inspect) LabelLine(a0 *i18n.Loc, a1 engine.Label) string        { return labelLine(a0, a1) }
func (inspect) PastMessage(a0 *i18n.Loc, a1 kit.Table, a2 string, a3 string, a4 engine.Match, a5 []engine.Event, a6 int, a7 int) kit.Message {
	return gpastMessage(a0, a1, a2, a3, a4, a5, a6, a7)
}
func (inspect) ResultText(a0 *i18n.Loc, a1 kit.Table, a2 engine.Match, a3 *engine.Result) string {
	return resultText(a0, a1, a2, a3)
}
func (inspect) PictureOptions(a0 kit.Table, a1 engine.Match) imaging.Options {
	return gpictureOptions(a0, a1)
}
func (inspect) SecretsText(a0 *i18n.Loc, a1 engine.Match, a2 int) string {
	return secretsText(a0, a1, a2)
}
func (inspect) RoundNameIn(a0 *i18n.Loc, a1 engine.RoundNames, a2 int) string {
	return roundNameIn(a0, a1, a2)
}
func (inspect) PastTags() map[string]bool { return gpastTags }
