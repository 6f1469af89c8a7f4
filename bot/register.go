package bot

import (
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// registerCommands overwrites the application's commands with m.cmds. Discord
// refuses the whole overwrite with 400 Invalid Form Body (50035) when it
// rejects one name, and names with Polish letters have been reported
// refused although its documented pattern admits them; the commands are
// then registered again with every localised name spelt in ASCII
// ("dołącz" → "dolacz"), and that is logged: texts keep naming the
// Polish spelling, which such a server then does not offer.
func (m *Main) registerCommands(s *discordgo.Session, appID string) error {
	_, err := s.ApplicationCommandBulkOverwrite(appID, m.cfg.DevGuild, m.cmds)
	var re *discordgo.RESTError
	if err == nil || !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeInvalidFormBody {
		return err
	}
	ascii := asciiCommands(m.cmds)
	if _, err2 := s.ApplicationCommandBulkOverwrite(appID, m.cfg.DevGuild, ascii); err2 != nil {
		return errors.Join(err, err2)
	}
	m.log.Warn("Discord refused the commands' localised names; registered them spelt in ASCII", "err", err)
	return nil
}

// asciiFold spells Polish letters without their marks.
var asciiFold = strings.NewReplacer("ą", "a", "ć", "c", "ę", "e", "ł", "l", "ń", "n", "ó", "o", "ś", "s", "ź", "z", "ż", "z")

// asciiCommands is a copy of cmds whose localised names are spelt in ASCII.
func asciiCommands(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, len(cmds))
	for k, c := range cmds {
		cc := *c
		cc.NameLocalizations = asciiNames(c.NameLocalizations)
		cc.Options = asciiOptions(c.Options)
		out[k] = &cc
	}
	return out
}

func asciiOptions(opts []*discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommandOption {
	if opts == nil {
		return nil
	}
	out := make([]*discordgo.ApplicationCommandOption, len(opts))
	for k, o := range opts {
		oo := *o
		oo.NameLocalizations = *asciiNames(&o.NameLocalizations)
		oo.Options = asciiOptions(o.Options)
		out[k] = &oo
	}
	return out
}

func asciiNames(names *map[discordgo.Locale]string) *map[discordgo.Locale]string {
	if names == nil {
		return nil
	}
	c := make(map[discordgo.Locale]string, len(*names))
	for l, n := range *names {
		c[l] = asciiFold.Replace(n)
	}
	return &c
}
