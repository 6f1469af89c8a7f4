package kit

import (
	"regexp"

	"github.com/tinnersbot/tinnersbot/engine"
)

// optionWordKey is an option key as the catalogue's ids spell it.
var optionWordKey = regexp.MustCompile(`[^a-z0-9]`)

// OptionWordIDs are the catalogue's ids of lobby option o's label and help
// at title mt's tables: <title id>_option_<key> and …_help.
func OptionWordIDs(mt engine.Meta, o engine.Option) (label, help string) {
	id := mt.ID + "_option_" + optionWordKey.ReplaceAllString(o.Key, "_")
	return id, id + "_help"
}
