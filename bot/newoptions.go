package bot

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// The options of /tt new beyond the core's own (game, players, hours,
// deadline) are the installed titles' lobby options (engine.Meta.Options):
// a switch is a boolean option, a choice a string option with its values as
// choices, each named by its key. A key two titles share is one option.
// A title's solo-only options are chosen in its solo lobby, not here. The
// words are the catalogue's <title id>_option_<key> and …_help (bot/i18n;
// a title with none gives English in its Meta).

// coreNewOptions are the options of /tt new that are no title's.
var coreNewOptions = []string{"game", "players", "hours", "deadline"}

// titleOption is one title option of /tt new: its key and the titles that
// have it.
type titleOption struct {
	key    string
	values []string // nil: a switch
	titles []engine.Meta
}

// titleOptionsOf lists the title options of /tt new for reg, in the order
// the titles and their options come. A key two titles share is offered as
// the first title has it (a switch, or a choice of its values); a value
// the chosen title lacks is then refused by newOptionKeys.
func titleOptionsOf(reg *engine.Registry) []titleOption {
	var out []titleOption
	at := map[string]int{}
	for _, t := range reg.All() {
		mt := t.Meta()
		for _, o := range mt.Options {
			if o.Solo || slices.Contains(coreNewOptions, o.Key) {
				continue
			}
			if k, ok := at[o.Key]; ok {
				out[k].titles = append(out[k].titles, mt)
				continue
			}
			at[o.Key] = len(out)
			out = append(out, titleOption{key: o.Key, values: o.Values, titles: []engine.Meta{mt}})
		}
	}
	return out
}

// optionOf returns mt's option key (ok false when mt has none by that key
// that /tt new offers).
func optionOf(mt engine.Meta, key string) (engine.Option, bool) {
	for _, o := range mt.Options {
		if o.Key == key && !o.Solo {
			return o, true
		}
	}
	return engine.Option{}, false
}

// optionLabelIn is option o of title mt, its label and help, in l's
// language: the catalogue's words (kit.OptionWordIDs), else the Meta's English
// (a title with no catalogue words), else the key.
func optionLabelIn(l *i18n.Loc, mt engine.Meta, o engine.Option) (label, help string) {
	id, helpID := kit.OptionWordIDs(mt, o)
	label, help = l.Message(engine.Message{ID: id}, o.Label), l.Message(engine.Message{ID: helpID}, o.Help)
	if label == "" {
		label = o.Key
	}
	return label, help
}

// titleOptionSchema is /tt new's option for one title option.
func titleOptionSchema(to titleOption) *discordgo.ApplicationCommandOption {
	desc := func(l *i18n.Loc) string {
		var parts []string
		for _, mt := range to.titles {
			o, _ := optionOf(mt, to.key)
			label, help := optionLabelIn(l, mt, o)
			parts = append(parts, l.T("new_option_desc", kit.Args{"Title": kit.TitleNameIn(l, mt), "Label": label, "Help": help}))
		}
		return kit.Trunc(strings.Join(parts, "; "), 100)
	}
	en, pl := i18n.Localizer(i18n.English), i18n.Localizer(i18n.Polish)
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: to.key,
		Description: desc(en), DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Polish: desc(pl)},
		NameLocalizations: map[discordgo.Locale]string{}}
	first, _ := optionOf(to.titles[0], to.key)
	if name := commandName(func() string { label, _ := optionLabelIn(pl, to.titles[0], first); return label }()); name != "" && name != to.key {
		o.NameLocalizations[discordgo.Polish] = name
	}
	if to.values != nil {
		o.Type, o.MaxLength = discordgo.ApplicationCommandOptionString, 100
		for _, v := range to.values {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: kit.Trunc(v, 100), Value: v})
		}
	}
	return o
}

// commandName makes a label a name Discord accepts for an option: lower
// case, words joined by '-', at most 32 characters; "" when nothing is left.
func commandName(label string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(label)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_':
			b.WriteByte('-')
		}
	}
	s := b.String()
	if len([]rune(s)) > 32 {
		return ""
	}
	return s
}

// pickedOption is a title option given in /tt new: a switch on or off, or
// a choice's value.
type pickedOption struct {
	key, value string
	on         bool
}

// pickedOptions are the title options given in /tt new (sub's options
// that are not the core's).
func pickedOptions(sub *discordgo.ApplicationCommandInteractionDataOption) []pickedOption {
	var out []pickedOption
	for _, o := range sub.Options {
		if slices.Contains(coreNewOptions, o.Name) {
			continue
		}
		p := pickedOption{key: o.Name}
		switch o.Type {
		case discordgo.ApplicationCommandOptionBoolean:
			p.on = o.BoolValue()
		case discordgo.ApplicationCommandOptionString:
			p.value, p.on = o.StringValue(), true
		}
		out = append(out, p)
	}
	return out
}

// newOptionKeys turns the options picked in /tt new for a table of title mt
// into the keys its ParseOptions reads ("arsenic", "more-mines=2"). An
// option mt does not have is refused: refusal is the reply, naming the
// titles that have it.
func newOptionKeys(l *i18n.Loc, reg *engine.Registry, mt engine.Meta, picked []pickedOption) (keys []string, refusal *kit.Response) {
	for _, p := range picked {
		o, ok := optionOf(mt, p.key)
		if !ok || (p.value != "") != (o.Values != nil) || (o.Values != nil && !slices.Contains(o.Values, p.value)) {
			var owners []string
			for _, to := range titleOptionsOf(reg) {
				if to.key == p.key {
					for _, other := range to.titles {
						owners = append(owners, other.Name)
					}
				}
			}
			if len(owners) == 0 || ok {
				r := kit.Say(l, "new_options_refused", kit.Args{"Title": kit.TitleNameIn(l, mt)})
				return nil, &r
			}
			r := kit.Say(l, "new_option_other_title", kit.Args{"Option": p.key, "Owner": strings.Join(owners, l.T("list_sep", nil)), "Title": kit.TitleNameIn(l, mt)})
			return nil, &r
		}
		switch {
		case p.value != "":
			keys = append(keys, p.key+"="+p.value)
		case p.on:
			keys = append(keys, p.key)
		}
	}
	return keys, nil
}

// commandNameRE is Discord's rule for an option's name.
var commandNameRE = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Lm}\p{M}]{1,32}$`)

// checkSchema says why Discord would refuse cmds (nil: it would not for
// the names and counts the titles give): at most 25 options at any level,
// names (and their translations) of at most 32 lower-case characters, at
// most 25 choices. The titles' options are what varies, so New checks this
// before anything is registered.
func checkSchema(cmds []*discordgo.ApplicationCommand) error {
	var walk func(where string, opts []*discordgo.ApplicationCommandOption) error
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) error {
		if len(opts) > 25 {
			return fmt.Errorf("%s has %d options; Discord allows 25", where, len(opts))
		}
		for _, o := range opts {
			names := []string{o.Name}
			for _, n := range o.NameLocalizations {
				names = append(names, n)
			}
			for _, n := range names {
				if !commandNameRE.MatchString(n) {
					return fmt.Errorf("%s: option name %q is not 1 to 32 lower-case letters, digits, '-' or '_'", where, n)
				}
			}
			if len(o.Choices) > 25 {
				return fmt.Errorf("%s %s has %d choices; Discord allows 25", where, o.Name, len(o.Choices))
			}
			if err := walk(where+" "+o.Name, o.Options); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range cmds {
		if err := walk("/"+c.Name, c.Options); err != nil {
			return err
		}
	}
	return nil
}
