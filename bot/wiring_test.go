package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// The tests' bots are wired as cmd/tinnersbot wires the real one, with
// Tinners' Trail installed: withTinners fills in what a test's Config
// leaves unset (a test that installs more titles sets Titles and
// Renderers itself; Tinners' Trail's UI comes with them).
func withTinners(cfg *Config) {
	if cfg.Titles == nil {
		cfg.Titles = tinners.Titles()
	}
	if cfg.Renderers == nil {
		cfg.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer})
	}
	if cfg.UIs == nil {
		cfg.UIs = []kit.UI{ttui.TinnersTrailUI()}
	}
	if cfg.Generic.New == nil {
		cfg.Generic = genericui.UI()
	}
}

// routes is the route table of such a bot, for the tests of custom IDs.
var routes = func() kit.RouteTable {
	rt, err := kit.NewRoutes(coreRoutes(), genericui.UI().Routes, tt.Routes())
	if err != nil {
		panic(err)
	}
	return rt
}()

// ParseID, idString, logID and ackFor are routes' parse, format, logID and
// ackFor.
func ParseID(s string) (kit.ID, error)        { return routes.Parse(s) }
func idString(id kit.ID) string               { return routes.Format(id) }
func logID(i *discordgo.Interaction) string   { return routes.LogID(i) }
func ackFor(i *discordgo.Interaction) kit.Ack { return routes.AckFor(i) }

// bareMain is a bot that is never run, for tests that call its handlers'
// parts directly: cfg wired as withTinners does, without a store.
func bareMain(cfg Config) *Main {
	withTinners(&cfg)
	uis, err := newUISet(cfg.UIs)
	if err != nil {
		panic(err)
	}
	return &Main{cfg: cfg, uis: uis, routes: routes}
}

// tt is Tinners' Trail's UI opened for these tests.
var tt = ttui.Inspect

// gen is the generic UI opened for these tests.
var gen = genericui.Inspect
