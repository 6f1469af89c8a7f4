package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrUndeliverable is wrapped by the error of Dispatch when the
// interaction is one Discord would never send: a slash command that does
// not fit the commands the bot registered (an unknown command, subcommand
// or option, a value of the wrong type, outside min_value/max_value or
// min_length/max_length, not among the choices, a required option
// missing), a guild-only command outside a guild, an interaction that
// names no user, or a component that is not on its message or is
// disabled there. A test of the
// bot's own checks sends such input with DispatchForged. Neither delivers
// a component or modal interaction on a message the bot never sent (or
// deleted), from another channel, or on another user's ephemeral message.
var ErrUndeliverable = errors.New("fake discord: Discord would not send this interaction")

// The option types of Discord's API.
const (
	optSubCommand      = 1
	optSubCommandGroup = 2
	optString          = 3
	optInteger         = 4
	optBoolean         = 5
	optUser            = 6
	optChannel         = 7
	optRole            = 8
	optMentionable     = 9
	optNumber          = 10
	optAttachment      = 11
)

// maxSafe is the largest integer Discord accepts in an integer option
// (2^53).
const maxSafe = 1 << 53

// regCommand is a registered application command, as the bot sent it.
type regCommand struct {
	Name                     string            `json:"name"`
	Type                     int               `json:"type"`
	Description              string            `json:"description"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []regOption       `json:"options"`
	Contexts                 *[]int            `json:"contexts"`
	DMPermission             *bool             `json:"dm_permission"`
}

type regOption struct {
	Type        int    `json:"type"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// The names and descriptions shown in other locales: Discord holds
	// them to the same rules as the name and description.
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Required                 bool              `json:"required"`
	Choices                  []regChoice       `json:"choices"`
	Options                  []regOption       `json:"options"`
	MinValue                 *float64          `json:"min_value"`
	MaxValue                 *float64          `json:"max_value"`
	MinLength                *int              `json:"min_length"`
	MaxLength                *int              `json:"max_length"`
}

type regChoice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations"`
	Value             any               `json:"value"`
}

// discordLocales are the locales Discord accepts as keys of
// name_localizations and description_localizations (its reference,
// "Locales").
var discordLocales = map[string]bool{"id": true, "da": true, "de": true, "en-GB": true, "en-US": true, "es-ES": true,
	"es-419": true, "fr": true, "hr": true, "it": true, "lt": true, "hu": true, "nl": true, "no": true, "pl": true,
	"pt-BR": true, "ro": true, "fi": true, "sv-SE": true, "vi": true, "tr": true, "cs": true, "el": true, "bg": true,
	"ru": true, "uk": true, "hi": true, "th": true, "zh-CN": true, "ja": true, "zh-TW": true, "ko": true}

// maxCommandChars bounds the characters of one command: Discord counts
// the name, description and value of the command, of every option
// (subcommands and groups included) and of every choice, each field at
// the length of its longest localization (the default included).
const maxCommandChars = 8000

// checkLocalized checks the localizations of one field (what names the
// field in the error): every key a locale Discord knows, every value
// valid by ok.
func checkLocalized(what string, locs map[string]string, ok func(string) string) string {
	for loc, v := range locs {
		if !discordLocales[loc] {
			return fmt.Sprintf("%s: %q is not a locale Discord knows", what, loc)
		}
		if why := ok(v); why != "" {
			return fmt.Sprintf("%s in %s: %s", what, loc, why)
		}
	}
	return ""
}

func validName(n string) string {
	if !nameRE.MatchString(n) {
		return fmt.Sprintf("name %q is not a valid name", n)
	}
	return ""
}

// validText is the check of a description or a choice's name: 1 to 100
// characters.
func validText(d string) string {
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		return fmt.Sprintf("%d characters (1 to 100)", n)
	}
	return ""
}

// longest is the length Discord counts for a field: its longest
// localization, the default included.
func longest(dflt string, locs map[string]string) int {
	n := utf8.RuneCountInString(dflt)
	for _, v := range locs {
		n = max(n, utf8.RuneCountInString(v))
	}
	return n
}

// commandChars counts a command's characters as Discord does for
// maxCommandChars.
func commandChars(c regCommand) int {
	n := longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations)
	var opts func([]regOption)
	opts = func(os []regOption) {
		for _, o := range os {
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				n += longest(ch.Name, ch.NameLocalizations)
				switch v := ch.Value.(type) {
				case string:
					n += utf8.RuneCountInString(v)
				case float64:
					n += len(strconv.FormatFloat(v, 'f', -1, 64))
				}
			}
			opts(o.Options)
		}
	}
	opts(c.Options)
	return n
}

// nameRE is Discord's rule for the name of a chat-input command or option
// (lower case where the script has cases).
var nameRE = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Lm}\p{M}]{1,32}$`)

// register answers a bulk overwrite of the commands of scope ("" for the
// global ones, else a guild's): Discord checks the schema (names,
// descriptions, their localizations and locales, choices, the 8,000
// characters of a command) and refuses it whole with 400 Invalid Form
// Body. f.mu is held.
func (f *Server) register(scope string, body json.RawMessage) (int, json.RawMessage) {
	var cmds []regCommand
	if err := json.Unmarshal(body, &cmds); err != nil {
		return invalidForm("commands: " + err.Error())
	}
	if len(cmds) > 100 {
		return invalidForm("more than 100 commands")
	}
	if name := f.refusedName(body); name != "" {
		return invalidForm(fmt.Sprintf("name %q is not a valid name", name))
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		if c.Type == 0 {
			c.Type = 1
		}
		if why := checkRegistered(c.Name, c.Description, c.Options, 0); why != "" {
			return invalidForm("command " + c.Name + ": " + why)
		}
		if why := checkLocalized("command "+c.Name+": name", c.NameLocalizations, validName); why != "" {
			return invalidForm(why)
		}
		if why := checkLocalized("command "+c.Name+": description", c.DescriptionLocalizations, validText); why != "" {
			return invalidForm(why)
		}
		if n := commandChars(c); n > maxCommandChars {
			return invalidForm(fmt.Sprintf("command %s: %d characters in its names, descriptions and values (at most %d, each field at its longest localization)", c.Name, n, maxCommandChars))
		}
		if seen[c.Name] {
			return invalidForm("command " + c.Name + " twice")
		}
		seen[c.Name] = true
	}
	if f.commands == nil {
		f.commands = map[string]map[string]regCommand{}
	}
	m := map[string]regCommand{}
	for _, c := range cmds {
		m[c.Name] = c
	}
	f.commands[scope] = m
	return 200, body
}

// RefuseName makes the fake refuse any bulk overwrite of commands that
// uses name — as a command's or option's name or a localisation of one —
// with 400 Invalid Form Body (50035), as Discord has been reported to
// refuse names its documented pattern admits.
func (f *Server) RefuseName(name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuseNames == nil {
		f.refuseNames = map[string]bool{}
	}
	f.refuseNames[name] = true
}

// refusedName is the first name in a commands body that RefuseName
// refuses, or "". f.mu is held.
func (f *Server) refusedName(body json.RawMessage) string {
	if len(f.refuseNames) == 0 {
		return ""
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	var walk func(v any, key string) string
	walk = func(v any, key string) string {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "name_localizations" || key == "name" {
					k = "name" // the localisations' values are names
				}
				if r := walk(e, k); r != "" {
					return r
				}
			}
		case []any:
			for _, e := range x {
				if r := walk(e, key); r != "" {
					return r
				}
			}
		case string:
			if key == "name" && f.refuseNames[x] {
				return x
			}
		}
		return ""
	}
	return walk(v, "")
}

func invalidForm(why string) (int, json.RawMessage) {
	b, _ := json.Marshal(map[string]any{"code": 50035, "message": "Invalid Form Body", "errors": why})
	return 400, b
}

// checkRegistered checks a command's or option's name and description and
// its options (depth: 0 for a command, 1 for its options, …).
func checkRegistered(name, desc string, opts []regOption, depth int) string {
	if !nameRE.MatchString(name) {
		return fmt.Sprintf("name %q is not a valid name", name)
	}
	if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
		return fmt.Sprintf("%s: description of %d characters (1 to 100)", name, n)
	}
	if len(opts) > 25 {
		return fmt.Sprintf("%s: %d options (at most 25)", name, len(opts))
	}
	optional, subs, values := false, false, false
	names := map[string]bool{}
	for _, o := range opts {
		if names[o.Name] {
			return fmt.Sprintf("%s: option %s twice", name, o.Name)
		}
		names[o.Name] = true
		if why := checkLocalized(fmt.Sprintf("%s: option %s: name", name, o.Name), o.NameLocalizations, validName); why != "" {
			return why
		}
		if why := checkLocalized(fmt.Sprintf("%s: option %s: description", name, o.Name), o.DescriptionLocalizations, validText); why != "" {
			return why
		}
		switch o.Type {
		case optSubCommand, optSubCommandGroup:
			subs = true
			if depth >= 2 || (o.Type == optSubCommandGroup && depth >= 1) {
				return fmt.Sprintf("%s: subcommand %s nested too deep", name, o.Name)
			}
			if why := checkRegistered(o.Name, o.Description, o.Options, depth+1); why != "" {
				return why
			}
			continue
		case optString, optInteger, optBoolean, optUser, optChannel, optRole, optMentionable, optNumber, optAttachment:
			values = true
		default:
			return fmt.Sprintf("%s: option %s of unknown type %d", name, o.Name, o.Type)
		}
		if why := checkRegistered(o.Name, o.Description, nil, depth+1); why != "" {
			return why
		}
		if o.Required && optional {
			return fmt.Sprintf("%s: required option %s after an optional one", name, o.Name)
		}
		optional = optional || !o.Required
		if len(o.Options) > 0 {
			return fmt.Sprintf("%s: option %s of type %d has options", name, o.Name, o.Type)
		}
		if len(o.Choices) > 25 {
			return fmt.Sprintf("%s: option %s has %d choices (at most 25)", name, o.Name, len(o.Choices))
		}
		for _, c := range o.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				return fmt.Sprintf("%s: a choice of %s is named in %d characters", name, o.Name, n)
			}
			if why := checkLocalized(fmt.Sprintf("%s: option %s: choice %q: name", name, o.Name, c.Name), c.NameLocalizations, validText); why != "" {
				return why
			}
			if why := valueType(o.Type, c.Value); why != "" {
				return fmt.Sprintf("%s: choice %q of %s: %s", name, c.Name, o.Name, why)
			}
		}
		if o.MinValue != nil && o.MaxValue != nil && *o.MinValue > *o.MaxValue {
			return fmt.Sprintf("%s: option %s has min_value %v above max_value %v", name, o.Name, *o.MinValue, *o.MaxValue)
		}
		if (o.MinValue != nil || o.MaxValue != nil) && o.Type != optInteger && o.Type != optNumber {
			return fmt.Sprintf("%s: option %s of type %d has a value range", name, o.Name, o.Type)
		}
		if (o.MinLength != nil || o.MaxLength != nil) && o.Type != optString {
			return fmt.Sprintf("%s: option %s of type %d has a length range", name, o.Name, o.Type)
		}
		if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) || o.MaxLength != nil && (*o.MaxLength < 1 || *o.MaxLength > 6000) {
			return fmt.Sprintf("%s: option %s has a length range outside 0 to 6000", name, o.Name)
		}
	}
	if subs && values {
		return fmt.Sprintf("%s: subcommands mixed with other options", name)
	}
	return ""
}

// valueType checks that v, decoded from JSON, is a value of option type
// typ.
func valueType(typ int, v any) string {
	switch typ {
	case optString:
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("%v is not a string", v)
		}
	case optInteger:
		x, ok := v.(float64)
		if !ok || x != math.Trunc(x) || math.Abs(x) > maxSafe {
			return fmt.Sprintf("%v is not an integer Discord accepts", v)
		}
	case optNumber:
		x, ok := v.(float64)
		if !ok || math.IsNaN(x) || math.Abs(x) > maxSafe {
			return fmt.Sprintf("%v is not a number Discord accepts", v)
		}
	case optBoolean:
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("%v is not a boolean", v)
		}
	case optUser, optChannel, optRole, optMentionable, optAttachment:
		s, ok := v.(string)
		if !ok || !isSnowflake(s) {
			return fmt.Sprintf("%v is not a snowflake", v)
		}
	default:
		return fmt.Sprintf("no values of type %d", typ)
	}
	return ""
}

func isSnowflake(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// sentInteraction is what Dispatch checks of an interaction.
type sentInteraction struct {
	Type    int    `json:"type"`
	GuildID string `json:"guild_id"`
	Member  *struct{ User *struct{ ID string } }
	User    *struct{ ID string }
	Data    json.RawMessage `json:"data"`
}

type sentCommand struct {
	Name     string       `json:"name"`
	Type     int          `json:"type"`
	Options  []sentOption `json:"options"`
	Resolved *struct {
		Users    map[string]json.RawMessage `json:"users"`
		Members  map[string]json.RawMessage `json:"members"`
		Roles    map[string]json.RawMessage `json:"roles"`
		Channels map[string]json.RawMessage `json:"channels"`
	} `json:"resolved"`
}

type sentOption struct {
	Name    string       `json:"name"`
	Type    int          `json:"type"`
	Value   any          `json:"value"`
	Options []sentOption `json:"options"`
	Focused bool         `json:"focused"`
}

// deliverable checks raw, an interaction Dispatch was asked to send,
// against what Discord sends. It returns why not, or "". f.mu is held.
func (f *Server) deliverable(raw []byte) string {
	var in sentInteraction
	if err := json.Unmarshal(raw, &in); err != nil {
		return "not an interaction: " + err.Error()
	}
	// Discord names the user: member.user in a guild, user elsewhere.
	switch {
	case in.GuildID != "" && (in.Member == nil || in.Member.User == nil || in.Member.User.ID == ""):
		return "an interaction in a guild without member.user"
	case in.GuildID == "" && (in.User == nil || in.User.ID == ""):
		return "an interaction outside a guild without user"
	}
	if in.Type != 2 {
		return ""
	}
	var d sentCommand
	if err := json.Unmarshal(in.Data, &d); err != nil {
		return "command data: " + err.Error()
	}
	if d.Type != 0 && d.Type != 1 {
		return fmt.Sprintf("command type %d (only chat input commands are registered)", d.Type)
	}
	c, ok := f.commands[in.GuildID][d.Name]
	if !ok {
		c, ok = f.commands[""][d.Name]
	}
	if !ok {
		return fmt.Sprintf("/%s is not registered", d.Name)
	}
	if in.GuildID == "" && !inDMs(c) {
		return fmt.Sprintf("/%s is registered for guilds only, and this interaction has no guild_id", d.Name)
	}
	var users map[string]json.RawMessage
	if d.Resolved != nil {
		users = d.Resolved.Users
	}
	return checkSent("/"+d.Name, c.Options, d.Options, users)
}

// inDMs reports whether Discord offers c outside guilds: contexts naming
// the bot's DMs (1) or private channels (2), or, without contexts, a
// dm_permission that is not false.
func inDMs(c regCommand) bool {
	if c.Contexts != nil {
		for _, x := range *c.Contexts {
			if x == 1 || x == 2 {
				return true
			}
		}
		return false
	}
	return c.DMPermission == nil || *c.DMPermission
}

// checkSent checks the options sent at one level of command path against
// the registered ones.
func checkSent(path string, reg []regOption, sent []sentOption, users map[string]json.RawMessage) string {
	byName := map[string]regOption{}
	subs := false
	for _, r := range reg {
		byName[r.Name] = r
		subs = subs || r.Type == optSubCommand || r.Type == optSubCommandGroup
	}
	if subs && len(sent) != 1 {
		return fmt.Sprintf("%s: %d subcommands given (Discord sends exactly one)", path, len(sent))
	}
	given := map[string]bool{}
	for _, o := range sent {
		r, ok := byName[o.Name]
		if !ok {
			return fmt.Sprintf("%s: no option %q is registered", path, o.Name)
		}
		if given[o.Name] {
			return fmt.Sprintf("%s: option %s given twice", path, o.Name)
		}
		given[o.Name] = true
		if o.Type != r.Type {
			return fmt.Sprintf("%s %s: sent as type %d, registered as type %d", path, o.Name, o.Type, r.Type)
		}
		if r.Type == optSubCommand || r.Type == optSubCommandGroup {
			if o.Value != nil {
				return fmt.Sprintf("%s %s: a subcommand with a value", path, o.Name)
			}
			if why := checkSent(path+" "+o.Name, r.Options, o.Options, users); why != "" {
				return why
			}
			continue
		}
		if len(o.Options) > 0 {
			return fmt.Sprintf("%s %s: an option with options", path, o.Name)
		}
		if why := checkValue(r, o.Value, users); why != "" {
			return fmt.Sprintf("%s %s: %s", path, o.Name, why)
		}
	}
	for _, r := range reg {
		if r.Required && !given[r.Name] {
			return fmt.Sprintf("%s: required option %s missing", path, r.Name)
		}
	}
	return ""
}

// checkValue checks one option's value against its registration.
func checkValue(r regOption, v any, users map[string]json.RawMessage) string {
	if why := valueType(r.Type, v); why != "" {
		return why
	}
	if len(r.Choices) > 0 {
		for _, c := range r.Choices {
			if c.Value == v {
				return ""
			}
		}
		return fmt.Sprintf("%v is not one of the choices", v)
	}
	switch r.Type {
	case optInteger, optNumber:
		x := v.(float64)
		if r.MinValue != nil && x < *r.MinValue {
			return fmt.Sprintf("%v is below min_value %v", v, *r.MinValue)
		}
		if r.MaxValue != nil && x > *r.MaxValue {
			return fmt.Sprintf("%v is above max_value %v", v, *r.MaxValue)
		}
	case optString:
		n := utf8.RuneCountInString(v.(string))
		lo, hi := 0, 6000
		if r.MinLength != nil {
			lo = *r.MinLength
		}
		if r.MaxLength != nil {
			hi = *r.MaxLength
		}
		if n < lo || n > hi {
			return fmt.Sprintf("%q has %d characters, outside %d to %d", v, n, lo, hi)
		}
	case optUser:
		if _, ok := users[v.(string)]; !ok {
			return fmt.Sprintf("user %v is not in data.resolved.users", v)
		}
	}
	return ""
}

// scopeOf returns the scope of a commands path: "" for
// /applications/<app>/commands, the guild for
// /applications/<app>/guilds/<guild>/commands, ok false otherwise.
func scopeOf(path string) (string, bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 3 && parts[0] == "applications" && parts[2] == "commands":
		return "", true
	case len(parts) == 5 && parts[0] == "applications" && parts[2] == "guilds" && parts[4] == "commands":
		return parts[3], true
	}
	return "", false
}
