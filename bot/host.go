package bot

import (
	"log/slog"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// Main is the host of the title UIs (kit.Host).

func (m *Main) Store() kit.Store                      { return m.store }
func (m *Main) Log() *slog.Logger                     { return m.log }
func (m *Main) Now() time.Time                        { return m.cfg.Now() }
func (m *Main) Seed() uint64                          { return m.cfg.Seed() }
func (m *Main) Renders() (board, hand kit.RenderFunc) { return m.cfg.Render, m.cfg.RenderHand }
func (m *Main) Routes() kit.RouteTable                { return m.routes }
func (m *Main) NextDue(t kit.Table) time.Time         { return nextDue(t) }
