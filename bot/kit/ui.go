package kit

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// optFn reads a slash-command option by name (nil when not given).
type OptFn func(string) *discordgo.ApplicationCommandInteractionDataOption

// keyList joins option keys as Title.ParseOptions reads them.
func KeyList(keys []string) string { return strings.Join(keys, ",") }
