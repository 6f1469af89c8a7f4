package bot

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// ruleErrorIn is a refusal of the rules (an engine.RuleError) in l's
// language.
func ruleErrorIn(l *i18n.Loc, re *engine.RuleError) string { return l.Message(re.Message, re.Msg) }
