package fakediscord_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// connected returns a fake with a discordgo session on its gateway that
// registered cmds, as the bot does at start.
func connected(t *testing.T, cmds []*discordgo.ApplicationCommand) *fakediscord.Server {
	t.Helper()
	f := fakediscord.New()
	t.Cleanup(f.Close)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := f.WaitConnected(0); err != nil {
		t.Fatal(err)
	}
	if cmds != nil {
		if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", cmds); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func testCommands() []*discordgo.ApplicationCommand {
	lo, one := 1.0, 1.0
	return []*discordgo.ApplicationCommand{{Name: "tt", Description: "d", Contexts: &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "settings", Description: "d", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "nudges", Description: "d", MinValue: &lo, MaxValue: 10},
				{Type: discordgo.ApplicationCommandOptionString, Name: "quiet", Description: "d", MaxLength: 5},
				{Type: discordgo.ApplicationCommandOptionString, Name: "notify", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "DM", Value: "dm"}, {Name: "Channel", Value: "channel"}}},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "full", Description: "d"},
			}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "substitute", Description: "d", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "d", Required: true},
				{Type: discordgo.ApplicationCommandOptionNumber, Name: "weight", Description: "d", MinValue: &one},
			}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "join", Description: "d"},
		}}}
}

func slash(sub string, opts ...map[string]any) map[string]any {
	o := []any{}
	for _, x := range opts {
		o = append(o, x)
	}
	return map[string]any{"id": "1", "token": "tok", "type": 2, "guild_id": "70", "channel_id": "71",
		"member": map[string]any{"user": map[string]any{"id": "50", "username": "u"}, "permissions": "0"},
		"data":   map[string]any{"id": "1", "name": "tt", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}}}
}

func o(name string, typ int, v any) map[string]any {
	return map[string]any{"name": name, "type": typ, "value": v}
}

// TestDispatchChecksCommands: the fake delivers a slash command only as
// Discord's client would send it for the registered schema; anything else
// is refused with ErrUndeliverable, unless sent with DispatchForged.
func TestDispatchChecksCommands(t *testing.T) {
	f := connected(t, testCommands())
	withResolved := func(i map[string]any, id string) map[string]any {
		i["data"].(map[string]any)["resolved"] = map[string]any{"users": map[string]any{id: map[string]any{"id": id, "username": "x"}}}
		return i
	}
	good := map[string]map[string]any{
		"no options":        slash("settings"),
		"nudges at min":     slash("settings", o("nudges", 4, 1)),
		"nudges at max":     slash("settings", o("nudges", 4, 10)),
		"string at max":     slash("settings", o("quiet", 3, "22-07")),
		"multibyte at max":  slash("settings", o("quiet", 3, "żółćę")),
		"a choice":          slash("settings", o("notify", 3, "channel")),
		"boolean":           slash("settings", o("full", 5, false)),
		"several":           slash("settings", o("nudges", 4, 3), o("full", 5, true)),
		"user resolved":     withResolved(slash("substitute", o("user", 6, "555")), "555"),
		"number":            withResolved(slash("substitute", o("user", 6, "555"), o("weight", 10, 1.5)), "555"),
		"no-option command": slash("join"),
	}
	for name, i := range good {
		t.Run("good/"+name, func(t *testing.T) {
			if err := f.Dispatch(i); err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
	noMember := slash("join")
	delete(noMember, "member")
	dm := slash("join")
	delete(dm, "guild_id")
	delete(dm, "member")
	dm["user"] = map[string]any{"id": "50", "username": "u"}
	memberNoUser := slash("join")
	memberNoUser["member"] = map[string]any{"permissions": "0"}
	otherCommand := slash("join")
	otherCommand["data"].(map[string]any)["name"] = "xx"
	noSub := slash("join")
	noSub["data"].(map[string]any)["options"] = []any{}
	twoSubs := slash("join")
	twoSubs["data"].(map[string]any)["options"] = []any{map[string]any{"name": "join", "type": 1}, map[string]any{"name": "join", "type": 1}}
	bad := map[string]map[string]any{
		"below min":            slash("settings", o("nudges", 4, 0)),
		"above max":            slash("settings", o("nudges", 4, 1000000)),
		"huge":                 slash("settings", o("nudges", 4, float64(1<<40))),
		"fraction for integer": slash("settings", o("nudges", 4, 2.5)),
		"string for integer":   slash("settings", o("nudges", 4, "3")),
		"wrong type tag":       slash("settings", o("nudges", 3, 3)),
		"too long":             slash("settings", o("quiet", 3, "22-07x")),
		"not a choice":         slash("settings", o("notify", 3, "carrier pigeon")),
		"number for boolean":   slash("settings", o("full", 5, 1)),
		"unknown option":       slash("settings", o("volume", 4, 3)),
		"option twice":         slash("settings", o("nudges", 4, 3), o("nudges", 4, 4)),
		"missing required":     slash("substitute"),
		"user not resolved":    slash("substitute", o("user", 6, "555")),
		"user not a snowflake": withResolved(slash("substitute", o("user", 6, "bob")), "bob"),
		"number below min":     withResolved(slash("substitute", o("user", 6, "555"), o("weight", 10, 0.5)), "555"),
		"unknown subcommand":   slash("dance"),
		"unregistered command": otherCommand,
		"no subcommand":        noSub,
		"two subcommands":      twoSubs,
		"DM of a guild-only":   dm,
		"no member, no user":   noMember,
		"member without user":  memberNoUser,
	}
	for name, i := range bad {
		t.Run("bad/"+name, func(t *testing.T) {
			err := f.Dispatch(i)
			if !errors.Is(err, fakediscord.ErrUndeliverable) {
				t.Fatalf("delivered (err %v)", err)
			}
			if err := f.DispatchForged(i); err != nil {
				t.Errorf("DispatchForged: %v", err)
			}
		})
	}
}

// TestDispatchNeedsRegistration: before any command is registered no slash
// command is delivered.
func TestDispatchNeedsRegistration(t *testing.T) {
	f := connected(t, nil)
	if err := f.Dispatch(slash("join")); !errors.Is(err, fakediscord.ErrUndeliverable) {
		t.Fatalf("delivered a command nobody registered (err %v)", err)
	}
}

// TestRegistrationChecked: Discord refuses a bulk overwrite whose schema it
// would not accept; so does the fake, with 400 and Invalid Form Body.
func TestRegistrationChecked(t *testing.T) {
	lo, hi := 5.0, 2.0
	sub := func(opts ...*discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommand {
		return []*discordgo.ApplicationCommand{{Name: "tt", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "s", Description: "d", Options: opts}}}}
	}
	var many []*discordgo.ApplicationCommandOptionChoice
	for k := range 26 {
		many = append(many, &discordgo.ApplicationCommandOptionChoice{Name: "c", Value: string(rune('a' + k))})
	}
	cases := map[string][]*discordgo.ApplicationCommand{
		"upper-case name":          {{Name: "TT", Description: "d"}},
		"no description":           {{Name: "tt"}},
		"description over 100":     {{Name: "tt", Description: strings.Repeat("x", 101)}},
		"required after optional":  sub(&discordgo.ApplicationCommandOption{Type: 4, Name: "a", Description: "d"}, &discordgo.ApplicationCommandOption{Type: 4, Name: "b", Description: "d", Required: true}),
		"min above max":            sub(&discordgo.ApplicationCommandOption{Type: 4, Name: "a", Description: "d", MinValue: &lo, MaxValue: hi}),
		"26 choices":               sub(&discordgo.ApplicationCommandOption{Type: 3, Name: "a", Description: "d", Choices: many}),
		"option name with a space": sub(&discordgo.ApplicationCommandOption{Type: 4, Name: "a b", Description: "d"}),
		"upper-case Polish name": sub(&discordgo.ApplicationCommandOption{Type: 5, Name: "a", Description: "d",
			NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: "Arszenik"}}),
		"Polish description over 100": sub(&discordgo.ApplicationCommandOption{Type: 5, Name: "a", Description: "d",
			DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ż", 101)}}),
		"option name in an unknown locale": sub(&discordgo.ApplicationCommandOption{Type: 5, Name: "a", Description: "d",
			NameLocalizations: map[discordgo.Locale]string{"pl-PL": "a"}}),
		"option description in an unknown locale": sub(&discordgo.ApplicationCommandOption{Type: 5, Name: "a", Description: "d",
			DescriptionLocalizations: map[discordgo.Locale]string{"en": "d"}}),
		"command name in an unknown locale":        {{Name: "tt", Description: "d", NameLocalizations: &map[discordgo.Locale]string{"polish": "tt"}}},
		"command description in an unknown locale": {{Name: "tt", Description: "d", DescriptionLocalizations: &map[discordgo.Locale]string{"pt-PT": "d"}}},
		"upper-case Polish command name":           {{Name: "tt", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.Polish: "Gra"}}},
		"Polish command name over 32":              {{Name: "tt", Description: "d", NameLocalizations: &map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ą", 33)}}},
		"Polish command description over 100":      {{Name: "tt", Description: "d", DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ż", 101)}}},
		"empty Polish command description":         {{Name: "tt", Description: "d", DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.Polish: ""}}},
		"Polish choice name over 100": sub(&discordgo.ApplicationCommandOption{Type: 3, Name: "a", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "c", Value: "c", NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ż", 101)}}}}),
		"empty Polish choice name": sub(&discordgo.ApplicationCommandOption{Type: 3, Name: "a", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "c", Value: "c", NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: ""}}}}),
		"choice name in an unknown locale": sub(&discordgo.ApplicationCommandOption{Type: 3, Name: "a", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "c", Value: "c", NameLocalizations: map[discordgo.Locale]string{"xx": "c"}}}}),
		"over 8000 characters":                  bigCommand(100, nil),
		"over 8000 at the longest localization": bigCommand(1, map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ż", 100)}),
	}
	for name, cmds := range cases {
		t.Run(name, func(t *testing.T) {
			f := connected(t, nil)
			s, _ := discordgo.New("Bot x")
			s.Client = f.Client()
			_, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", cmds)
			var re *discordgo.RESTError
			if !errors.As(err, &re) || re.Response.StatusCode != 400 || re.Message == nil || re.Message.Code != 50035 {
				t.Fatalf("want 400/50035, got %v", err)
			}
		})
	}
}

// bigCommand is a valid command of 25 subcommands of two options each,
// their names of 20 characters and their descriptions of desc characters
// (each with the localizations locs as well): 9,003 characters counted
// with descriptions of 100, 1,578 with descriptions of 1.
func bigCommand(desc int, locs map[discordgo.Locale]string) []*discordgo.ApplicationCommand {
	d := strings.Repeat("d", desc)
	name := func(prefix string, k int) string { return fmt.Sprintf("%s%019d", prefix, k) }
	var subs []*discordgo.ApplicationCommandOption
	for k := range 25 {
		subs = append(subs, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name("s", k), Description: d,
			DescriptionLocalizations: locs, Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: name("a", k), Description: d, DescriptionLocalizations: locs},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: name("b", k), Description: d, DescriptionLocalizations: locs},
			}})
	}
	return []*discordgo.ApplicationCommand{{Name: "tt", Description: "d", Options: subs}}
}

// TestRegistrationAccepted: what Discord accepts, the fake accepts too:
// localizations in every locale Discord knows (Indonesian, which
// discordgo does not name, included), and a command of 7,953 characters
// counted at its longest localizations (their sum would be far over
// 8,000).
func TestRegistrationAccepted(t *testing.T) {
	all := []discordgo.Locale{"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
		"pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"}
	names, descs := map[discordgo.Locale]string{}, map[discordgo.Locale]string{}
	for _, l := range all {
		names[l], descs[l] = "gra", "Opis"
	}
	names["hi"], names["th"], names["ja"] = "खेल", "เกม", "ゲーム"
	// 25 × (20 + 86 + 2 × (20 + 86)) + 3 = 7,953 characters: each
	// description counted once, at its longest localization.
	within := bigCommand(1, map[discordgo.Locale]string{discordgo.Polish: strings.Repeat("ż", 86), discordgo.German: strings.Repeat("ü", 86)})
	cases := map[string][]*discordgo.ApplicationCommand{
		"every locale": {{Name: "tt", Description: "d", NameLocalizations: &names, DescriptionLocalizations: &descs,
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d",
				NameLocalizations: names, DescriptionLocalizations: descs,
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "c", Value: "c", NameLocalizations: descs}}}}}},
		"long, within 8000": within,
	}
	for name, cmds := range cases {
		t.Run(name, func(t *testing.T) {
			f := connected(t, nil)
			s, _ := discordgo.New("Bot x")
			s.Client = f.Client()
			if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", cmds); err != nil {
				t.Fatal(err)
			}
		})
	}
}
