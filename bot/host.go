package bot

import (
	"log/slog"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Main is the host of the title UIs (kit.Host).

func (m *Main) Store() kit.Store                      { return m.store }
func (m *Main) Log() *slog.Logger                     { return m.log }
func (m *Main) Now() time.Time                        { return m.cfg.Now() }
func (m *Main) Seed() uint64                          { return m.cfg.Seed() }
func (m *Main) Renders() (board, hand kit.RenderFunc) { return m.cfg.Render, m.cfg.RenderHand }
func (m *Main) Routes() kit.RouteTable                { return m.routes }
func (m *Main) NextDue(t kit.Table) time.Time         { return nextDue(t) }

// Meta returns the metadata of t's title (a stand-in naming the id when it
// is not installed). A table opened for several seats needs two players to
// start, whatever the title's minimum (one is a solo game, a table of its
// own).
func (m *Main) Meta(t kit.Table) engine.Meta {
	if title, err := m.cfg.Titles.Get(t.Title); err == nil {
		mt := title.Meta()
		if t.MaxPlayers > 1 {
			mt.MinSeats = max(mt.MinSeats, 2)
		}
		return mt
	}
	return engine.Meta{ID: t.TitleID(), Name: t.TitleID(), MinSeats: 2, MaxSeats: len(t.Seats)}
}

// Titles are the installed games; Renderers draw their pictures.
func (m *Main) Titles() *engine.Registry      { return m.cfg.Titles }
func (m *Main) Renderers() *imaging.Renderers { return m.cfg.Renderers }

// TitleHasDefaults says whether the bot can play a stalled seat's move at
// title id's tables.
func (m *Main) TitleHasDefaults(id string) bool { return m.defaults[id] }
