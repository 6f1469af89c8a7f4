package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// Titles described by the contract: /tt new's options and the round:
// ranges come from the installed titles, and a round's name from its
// match.

// atlas is Coal Baron under another id with lobby options of every kind:
// a switch it shares with Tinners' Trail (arsenic), one of its own, a
// choice, and a solo-only one; and a game of up to 20 rounds. Its options
// are kept as the list of keys it was given.
type atlas struct{ engine.Title }

func (a atlas) Meta() engine.Meta {
	m := a.Title.Meta()
	m.ID, m.Name, m.MaxRounds = "atlas", "Atlas", 20
	m.Options = []engine.Option{
		{Key: "arsenic", Label: "Poison", Help: "a poisoned well"},
		{Key: "short-game", Label: "Short game", Help: "two eras fewer"},
		{Key: "map", Label: "Map", Help: "which side of the board", Values: []string{"north", "south"}},
		{Key: "hard", Label: "Hard", Help: "solo: a tougher opponent", Solo: true},
	}
	return m
}

func (atlas) ParseOptions(list string) (json.RawMessage, error) {
	var keys []string
	for _, k := range strings.Split(list, ",") {
		switch k {
		case "":
		case "arsenic", "short-game", "map=north", "map=south", "hard":
			keys = append(keys, k)
		default:
			return nil, fmt.Errorf("atlas: no option %q", k)
		}
	}
	return json.Marshal(keys)
}

// registeredNew is /tt new as the bot registered it with the fake Discord,
// and the whole command.
func registeredCommand(t *testing.T, h *harness) discordgo.ApplicationCommand {
	t.Helper()
	var cmds []discordgo.ApplicationCommand
	for _, c := range h.fd.Calls() {
		if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") && c.Status == 200 {
			cmds = nil
			if err := json.Unmarshal(c.Body, &cmds); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(cmds) != 1 {
		t.Fatalf("registered %d commands, want 1", len(cmds))
	}
	return cmds[0]
}

// TestNewOptionsFromTitles: the schema the bot registers (and the fake
// Discord accepts: names, 25 options, choices) offers every installed
// title's lobby options, a switch as a boolean and a choice with its
// values, a shared key once with both titles in its description, and no
// solo-only option; round: goes up to the most rounds of any title. A
// table opened with them gets them; Discord's Polish names and
// descriptions come from the titles' catalogue words.
func TestNewOptionsFromTitles(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title, atlas{coalbaron.Title})
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: &recRenderer{}, "atlas": &recRenderer{}})
	})
	cmd := registeredCommand(t, h)
	byName := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range findOption(t, &cmd, "new").Options {
		byName[o.Name] = o
	}
	want := map[string]discordgo.ApplicationCommandOptionType{
		"game": discordgo.ApplicationCommandOptionString, "players": discordgo.ApplicationCommandOptionInteger,
		"hours": discordgo.ApplicationCommandOptionInteger, "deadline": discordgo.ApplicationCommandOptionInteger,
		"arsenic": discordgo.ApplicationCommandOptionBoolean, "emigration": discordgo.ApplicationCommandOptionBoolean,
		"kickstarter": discordgo.ApplicationCommandOptionBoolean, "short-game": discordgo.ApplicationCommandOptionBoolean,
		"map": discordgo.ApplicationCommandOptionString,
	}
	for name, typ := range want {
		if o := byName[name]; o == nil || o.Type != typ {
			t.Errorf("/tt new %s: %+v, want an option of type %d", name, o, typ)
		}
	}
	for name := range byName {
		if _, ok := want[name]; !ok {
			t.Errorf("/tt new offers %s, which no installed title's lobby has", name)
		}
	}
	if m := byName["map"]; m != nil {
		var values []string
		for _, c := range m.Choices {
			values = append(values, fmt.Sprint(c.Value))
		}
		if !slices.Equal(values, []string{"north", "south"}) {
			t.Errorf("map: choices %v", values)
		}
	}
	if a := byName["arsenic"]; a != nil {
		wantText(t, "arsenic", a.Description, "Tinners' Trail: Arsenic (calciners", "Atlas: Poison")
		wantText(t, "arsenic pl", a.DescriptionLocalizations[discordgo.Polish], "Tinners' Trail: Arszenik (")
		if a.NameLocalizations[discordgo.Polish] != "arszenik" {
			t.Errorf("arsenic: Polish name %q", a.NameLocalizations[discordgo.Polish])
		}
	}
	for _, path := range [][]string{{"board", "round"}, {"log", "round"}} {
		if o := findOption(t, &cmd, path...); o.MaxValue != 20 {
			t.Errorf("%v: up to %v, want 20 (Atlas's rounds)", path, o.MaxValue)
		}
	}

	// A table of Atlas opened with its options keeps them.
	calls := h.command(cbPlayers[0], 0, "new", map[string]any{"game": "atlas", "players": 2, "short-game": true, "map": "south", "arsenic": false})
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: %+v", calls)
	}
	join, _ := posts[0].button("Join")
	tb := h.table(strings.Split(join.CustomID, ":")[1])
	var keys []string
	if err := json.Unmarshal(tb.Options, &keys); err != nil || !slices.Equal(slices.Sorted(slices.Values(keys)), []string{"map=south", "short-game"}) {
		t.Errorf("Atlas table's options %s", tb.Options)
	}
}

// TestNewRefusesOtherTitlesOptions: a Coal Baron table asked for Tinners'
// Trail's modules is refused, naming both games, in the asker's language,
// and nothing is opened; so is a value or option no title has.
func TestNewRefusesOtherTitlesOptions(t *testing.T) {
	h, _ := cbHarness(t)
	for _, c := range []struct {
		locale string
		opts   map[string]any
		want   string
	}{
		{"en-US", map[string]any{"game": "coalbaron", "arsenic": true}, "`arsenic` is an option of Tinners' Trail, not of Coal Baron: The Great Card Game. Open the table again without it."},
		{"en-US", map[string]any{"game": "coalbaron", "emigration": false}, "`emigration` is an option of Tinners' Trail, not of Coal Baron"},
		{"en-US", map[string]any{"game": "coalbaron", "players": 2, "kickstarter": true}, "`kickstarter` is an option of Tinners' Trail"},
		{"pl", map[string]any{"game": "coalbaron", "arsenic": true}, "`arsenic` to opcja gry Tinners' Trail, a nie Coal Baron: The Great Card Game."},
	} {
		calls := h.commandAs(c.locale, "", cbPlayers[0], 0, "new", c.opts)
		wantText(t, fmt.Sprint(c.opts), mustPrivate(t, calls).Content, c.want)
		if posts := boardPosts(t, calls); len(posts) != 0 {
			t.Errorf("%v opened a table: %+v", c.opts, posts)
		}
	}
	// A forged option no title has is refused before it reaches the lobby.
	calls := h.commandForged(cbPlayers[0], 0, "new", map[string]any{"game": "coalbaron", "wallace": true})
	if posts := boardPosts(t, calls); len(posts) != 0 {
		t.Errorf("a forged option opened a table: %+v", posts)
	}
	// Tinners' Trail takes its own.
	calls = h.command(cbPlayers[0], 0, "new", map[string]any{"game": "tinners", "players": 3, "arsenic": true, "emigration": false})
	if posts := boardPosts(t, calls); len(posts) != 1 || !strings.Contains(posts[0].Content, "Modules: Arsenic.") {
		t.Errorf("Tinners' Trail with arsenic: %+v", posts)
	}
}

// shifts is Coal Baron whose matches name their rounds themselves, in
// Roman numerals ("Shift II"), through engine.RoundNames.
type shifts struct{ engine.Title }

type shiftsMatch struct{ engine.Match }

func (s shifts) New(st engine.Setup) (engine.Match, error) {
	mt, err := s.Title.New(st)
	return shiftsMatch{mt}, err
}

func (s shifts) Restore(b []byte) (engine.Match, error) {
	mt, err := s.Title.Restore(b)
	return shiftsMatch{mt}, err
}

func (m shiftsMatch) Apply(a engine.Action) (engine.Match, []engine.Event, error) {
	next, ev, err := m.Match.Apply(a)
	if err != nil {
		return nil, ev, err
	}
	return shiftsMatch{next}, ev, nil
}

func (m shiftsMatch) Round() int                     { return m.Match.(engine.Rounds).Round() }
func (m shiftsMatch) Default(seat int) engine.Action { return m.Match.(engine.Defaults).Default(seat) }
func (m shiftsMatch) Secrets(seat int) []engine.Message {
	return m.Match.(engine.Secrets).Secrets(seat)
}
func (m shiftsMatch) Breakdown() *engine.ScoreTable { return m.Match.(engine.Breakdown).Breakdown() }

func (m shiftsMatch) RoundName(r int) engine.Message {
	return engine.Say("coalbaron_round_name", "Round", []string{"0", "I", "II", "III", "IV", "V", "VI", "VII"}[r])
}

// TestRoundNamesFromMatch: a title whose match names its rounds has those
// names in /tt log round: (heading and buttons), /tt board round: and the
// refusal of a round not reached, in English and Polish.
func TestRoundNamesFromMatch(t *testing.T) {
	rr := &recRenderer{}
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, shifts{coalbaron.Title})
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: rr})
	})
	d := cbGame(t, h, rr, 5, func(mt engine.Match) bool { return mt.(engine.Rounds).Round() >= 2 })
	if _, ok := h.match(d.id).(engine.RoundNames); !ok {
		t.Fatal("the table's match does not name its rounds")
	}
	r := mustPrivate(t, h.command(cbPlayers[0], 0, "log", map[string]any{"round": 1}))
	wantText(t, "log round:1", r.Content, fmt.Sprintf("**Table %s — Shift I** (", d.id))
	for _, label := range []string{"Shift I", "Shift II"} {
		if _, ok := r.button(label); !ok {
			t.Errorf("log round:1 lacks the %q button: %+v", label, r.all())
		}
	}
	wantText(t, "board round:2", pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"round": 2})).Content, "**Start of Shift II**\n")
	wantText(t, "board round:7", mustPrivate(t, h.command(cbOutsider, 0, "board", map[string]any{"round": 7})).Content, "it is now in Shift II.")
	wantText(t, "log runda:2", mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "log", map[string]any{"round": 2})).Content, "— Zmiana II** (")
}

// crowded is Coal Baron with more lobby options than Discord's /tt new can
// hold beside the core's own.
type crowded struct{ engine.Title }

func (c crowded) Meta() engine.Meta {
	m := c.Title.Meta()
	m.ID, m.Name = "crowded", "Crowded"
	for k := range 22 {
		m.Options = append(m.Options, engine.Option{Key: fmt.Sprintf("opt-%d", k), Label: "O", Help: "h"})
	}
	return m
}

// TestNewRefusesSchemaDiscordWouldNot: a bot whose titles offer more
// options than Discord's 25 does not start, saying why, rather than fail
// to register its command.
func TestNewRefusesSchemaDiscordWouldNot(t *testing.T) {
	_, err := New(Config{Token: "x", DBPath: t.TempDir() + "/x.db", Titles: engine.NewRegistry(coalbaron.Title, crowded{coalbaron.Title}), Generic: genericui.UI()})
	if err == nil || !strings.Contains(err.Error(), "/tt new has 26 options; Discord allows 25") {
		t.Fatalf("New: %v", err)
	}
	m, err := New(Config{Token: "x", DBPath: t.TempDir() + "/x.db", Titles: engine.NewRegistry(coalbaron.Title, tinners.Title), Generic: genericui.UI()})
	if err != nil {
		t.Fatalf("New with both titles: %v", err)
	}
	m.Close()
}

// TestUIsWiredByTheProgram: a bot reads the custom IDs of the title UIs it
// was given and no others: without Tinners' Trail's UI its kinds are
// refused as not ours, and its tables are played through the generic UI;
// two UIs for one title are refused by New.
func TestUIsWiredByTheProgram(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title)
		c.UIs = []kit.UI{}
	})
	if _, ok := h.m.routes["tt"]; ok {
		t.Error("a bot without Tinners' Trail's UI routes its kind tt")
	}
	if _, ok := h.m.routes["gp"]; !ok {
		t.Error("a bot without Tinners' Trail's UI lacks the generic kind gp")
	}
	if !gen.IsGeneric(h.m.ui(kit.Table{Title: ""})) {
		t.Error("without its UI, a Tinners' Trail table is not played through the generic UI")
	}
	// A forged Tinners' Trail button, sent from a private reply.
	if r := mustPrivate(t, h.clickForged(players[0], h.ownPrivate(testChannel, players[0], 0), true, "tt:g1:4:0/b:3")); !strings.Contains(r.Content, "not one of ours") {
		t.Errorf("tt click at a bot without its UI: %q", r.Content)
	}
	_, err := New(Config{Token: "x", DBPath: t.TempDir() + "/x.db", Titles: tinners.Titles(), UIs: []kit.UI{ttui.TinnersTrailUI(), ttui.TinnersTrailUI()}, Generic: genericui.UI()})
	if err == nil || !strings.Contains(err.Error(), `two UIs for title "tinners"`) {
		t.Errorf("New with two UIs for one title: %v", err)
	}
	if _, err := New(Config{Token: "x", DBPath: t.TempDir() + "/x.db"}); err == nil {
		t.Error("New with no titles started")
	}
	if _, err := New(Config{Token: "x", DBPath: t.TempDir() + "/x.db", Titles: tinners.Titles()}); err == nil || !strings.Contains(err.Error(), "Config.Generic") {
		t.Errorf("New without the generic UI: %v", err)
	}
}
