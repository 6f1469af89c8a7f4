package bot

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// What a title says reaches a player here, rendered from the catalogue in
// the reader's language: a title speaks in catalogue messages (labels,
// events, refusals, tie-breaks, score categories). A title that has not
// moved to messages yet (Tinners' Trail) still writes English beside them,
// which is used only where a message is unset.

// ruleErrorIn is a refusal of the rules (an engine.RuleError) in l's
// language.
func ruleErrorIn(l *i18n.Loc, re *engine.RuleError) string { return l.Message(re.Message, re.Msg) }

// labelDepth is the number of menu levels of lab.
func labelDepth(lab engine.Label) int { return max(len(lab.PathMessages), len(lab.Path)) }

// labelKey is what groups lab's level d in a menu: the level's message (its
// id and arguments, so that two levels that read the same in one language
// read the same in all), or its English when it has none; ok is false past
// lab's last level.
func labelKey(lab engine.Label, d int) (key string, ok bool) {
	if d < len(lab.PathMessages) && !lab.PathMessages[d].IsZero() {
		return "\x00" + lab.PathMessages[d].String(), true
	}
	if d < len(lab.Path) {
		return lab.Path[d], true
	}
	return "", false
}

// resultTieBreakIn is a finished game's tie-break in l's language, "" when none
// decided.
func resultTieBreakIn(l *i18n.Loc, r *engine.Result) string {
	if r == nil || r.TieBreak == "" && r.TieBreakMessage.IsZero() {
		return ""
	}
	return l.Message(r.TieBreakMessage, r.TieBreak)
}

// scoreRowIn is a score category's name in l's language.
func scoreRowIn(l *i18n.Loc, row engine.ScoreRow) string { return l.Message(row.NameMessage, row.Name) }
