package kit

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// What a title says reaches a player here, rendered from the catalogue in
// the reader's language: a title speaks in catalogue messages only (labels,
// events, refusals, tie-breaks, score categories); the English lives in
// the catalogue alone.

// RuleErrorIn is a refusal of the rules (an engine.RuleError) in l's
// language; a refusal without a message (which the conformance suite does
// not let a title give) is said in general words, never as an empty reply.
func RuleErrorIn(l *i18n.Loc, re *engine.RuleError) string {
	if re.Message.IsZero() {
		return l.T("rule_refused", nil)
	}
	return l.Message(re.Message, "")
}

// LabelDepth is the number of menu levels of lab.
func LabelDepth(lab engine.Label) int { return len(lab.PathMessages) }

// LabelKey is what groups lab's level d in a menu: the level's message, its
// id and arguments, so that two levels that read the same in one language
// read the same in all; ok is false past lab's last level.
func LabelKey(lab engine.Label, d int) (key string, ok bool) {
	if d < len(lab.PathMessages) {
		return lab.PathMessages[d].String(), true
	}
	return "", false
}

// ResultTieBreakIn is a finished game's tie-break in l's language, "" when
// none decided. A result stored before titles spoke in messages may hold
// its English only.
func ResultTieBreakIn(l *i18n.Loc, r *engine.Result) string {
	if r == nil || r.TieBreak == "" && r.TieBreakMessage.IsZero() {
		return ""
	}
	return l.Message(r.TieBreakMessage, r.TieBreak)
}

// ScoreRowIn is a score category's name in l's language.
func ScoreRowIn(l *i18n.Loc, row engine.ScoreRow) string { return l.Message(row.NameMessage, "") }
