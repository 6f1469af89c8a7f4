package bot

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// Discord checks a slash command against the schema the bot registered
// (types, min_value/max_value, min_length/max_length, choices, required
// options), offers it only where its contexts allow (guilds), and names
// the user of every interaction. A forged request skips all of that, so
// the bot checks the same things itself before any handler reads an
// option: no handler sees a value outside its registered range, and none
// acts for nobody or outside a server.

// refuseUnnamed refuses an interaction that names no user or comes from
// outside a guild; nil when it does neither.
func refuseUnnamed(i *discordgo.Interaction) *kit.Response {
	if uid, _ := kit.User(i); uid == "" {
		r := kit.Say(kit.UserLoc(i), "adm_no_user", nil)
		return &r
	}
	if i.GuildID == "" {
		r := kit.Say(kit.UserLoc(i), "adm_guild_only", nil)
		return &r
	}
	return nil
}

// checkCommand compares a slash command with cmds, the commands the bot
// registered, as Discord does before it sends one. It returns the
// refusal of a command Discord would not have sent, or nil.
func checkCommand(cmds []*discordgo.ApplicationCommand, i *discordgo.Interaction) *kit.Response {
	l := kit.UserLoc(i)
	d := i.ApplicationCommandData()
	var cmd *discordgo.ApplicationCommand
	for _, c := range cmds {
		if c.Name == d.Name {
			cmd = c
		}
	}
	if cmd == nil {
		r := kit.Say(l, "adm_unknown_command", nil)
		return &r
	}
	if len(d.Options) != 1 {
		r := kit.Say(l, "adm_unknown_subcommand", nil)
		return &r
	}
	sub := findRegistered(cmd.Options, d.Options[0].Name)
	if sub == nil || sub.Type != discordgo.ApplicationCommandOptionSubCommand || d.Options[0].Type != sub.Type {
		r := kit.Say(l, "adm_unknown_subcommand", nil)
		return &r
	}
	id, a := checkOptions(i.Locale, sub.Options, d.Options[0].Options)
	if id == "" {
		return nil
	}
	r := kit.Say(l, id, a)
	return &r
}

// findRegistered returns the option of opts named name, or nil.
func findRegistered(opts []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// checkOptions checks the options sent to one subcommand against reg, its
// registered options. It returns the refusal's message id and arguments,
// or "" when they are ones Discord would send. Option names are given as
// a user of locale sees them.
func checkOptions(locale discordgo.Locale, reg []*discordgo.ApplicationCommandOption, sent []*discordgo.ApplicationCommandInteractionDataOption) (string, kit.Args) {
	shown := func(name string) kit.Args {
		if o := findRegistered(reg, name); o != nil {
			if n, ok := o.NameLocalizations[locale]; ok && n != "" {
				return kit.Args{"Option": n}
			}
		}
		return kit.Args{"Option": name}
	}
	given := map[string]bool{}
	for _, o := range sent {
		r := findRegistered(reg, o.Name)
		if r == nil || given[o.Name] || o.Type != r.Type || len(o.Options) > 0 || !validValue(r, o.Value) {
			return "adm_option_invalid", shown(o.Name)
		}
		given[o.Name] = true
		if !inRange(r, o.Value) {
			a := shown(o.Name)
			if r.MinValue == nil || r.MaxValue == 0 || r.Type != discordgo.ApplicationCommandOptionInteger {
				return "adm_option_invalid", a
			}
			a["Min"], a["Max"] = fmtNum(*r.MinValue), fmtNum(r.MaxValue)
			return "adm_option_range", a
		}
	}
	for _, r := range reg {
		if r.Required && !given[r.Name] {
			return "adm_option_missing", shown(r.Name)
		}
	}
	return "", nil
}

// validValue reports whether v (decoded from JSON) is a value of r's type,
// among its choices and within its lengths.
func validValue(r *discordgo.ApplicationCommandOption, v any) bool {
	switch r.Type {
	case discordgo.ApplicationCommandOptionString:
		s, ok := v.(string)
		if !ok {
			return false
		}
		n := utf8.RuneCountInString(s)
		if r.MinLength != nil && n < *r.MinLength || r.MaxLength > 0 && n > r.MaxLength || n > 6000 {
			return false
		}
	case discordgo.ApplicationCommandOptionInteger:
		x, ok := v.(float64)
		// Beyond 2^53 Discord takes no integer; within it an int64 holds it.
		if !ok || x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return false
		}
	case discordgo.ApplicationCommandOptionNumber:
		x, ok := v.(float64)
		if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	case discordgo.ApplicationCommandOptionBoolean:
		if _, ok := v.(bool); !ok {
			return false
		}
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable:
		s, ok := v.(string)
		if !ok || !snowflake(s) {
			return false
		}
	default:
		return false
	}
	if len(r.Choices) == 0 {
		return true
	}
	for _, c := range r.Choices {
		if choiceIs(c.Value, v) {
			return true
		}
	}
	return false
}

// choiceIs compares a registered choice's value with a value sent: the
// registered one may be an int, the sent one is a float64.
func choiceIs(choice, v any) bool {
	switch c := choice.(type) {
	case int:
		return float64(c) == v
	case int64:
		return float64(c) == v
	}
	return choice == v
}

// inRange reports whether a numeric v lies within r's min_value and
// max_value (Discord sends no max_value of 0: discordgo omits it).
func inRange(r *discordgo.ApplicationCommandOption, v any) bool {
	x, ok := v.(float64)
	if !ok {
		return true // not a number: nothing to bound
	}
	if r.MinValue != nil && x < *r.MinValue {
		return false
	}
	return r.MaxValue == 0 || x <= r.MaxValue
}

// fmtNum writes a bound of a range: "720", "1.5".
func fmtNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// snowflake reports whether s is a Discord ID: up to 20 digits.
func snowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
