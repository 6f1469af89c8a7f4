package kit

import (
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Which language a message is in (docs/i18n.md): a private reply follows
// the clicking user's Discord locale; a public post follows the table's
// language, chosen when the table opens and changed by its host with
// /tt settings language:.

// Args are a message's named arguments.
type Args = map[string]any

// UserLoc renders private replies to i's user, in their Discord locale.
func UserLoc(i *discordgo.Interaction) *i18n.Loc {
	return i18n.Localizer(i18n.FromDiscord(string(i.Locale)))
}

// TableLoc renders t's public posts, in the table's language (English for
// tables opened before there was a choice).
func TableLoc(t Table) *i18n.Loc { return i18n.Localizer(t.Notes.Settings.Lang) }

// English renders what is still English by design or not yet converted.
func English() *i18n.Loc { return i18n.Localizer(i18n.English) }

// GuildLang is the language of a table opened by i: Polish when the
// server's locale is Polish, else English.
func GuildLang(i *discordgo.Interaction) string {
	if i.GuildLocale != nil {
		return i18n.FromDiscord(string(*i.GuildLocale))
	}
	return i18n.English
}

// Say is a private reply: message id in l's language.
func Say(l *i18n.Loc, id string, a Args) Response {
	return Response{Reply: &Message{Content: l.T(id, a)}}
}

// SayN is a private reply with the plural message id for count.
func SayN(l *i18n.Loc, id string, count int, a Args) Response {
	return Response{Reply: &Message{Content: l.N(id, count, a)}}
}

// SeatLabel names seat k's colour and marker letter in l's language,
// e.g. "orange (O)"; the letter is the one the pictures draw. Labels are
// kept once worked out: a board names each seat many times.
func SeatLabel(l *i18n.Loc, k int) string {
	name, letter, _ := imaging.Seat(k)
	if k < 0 || k >= imaging.NumSeatColours {
		return imaging.SeatLabel(k)
	}
	key := l.Lang() + ":" + strconv.Itoa(k)
	if c, ok := SeatLabels.Load(key); ok {
		return c.(string)
	}
	c := l.T("seat_label", Args{"Colour": l.T("colour_"+name, nil), "Letter": SeatLetterIn(l, name, letter)})
	SeatLabels.Store(key, c)
	return c
}

var SeatLabels sync.Map // "lang:seat" → seatLabel

// SeatLetterIn is the letter of the seat of colour name in l's language
// (the pictures draw the same: imaging.Options.SeatLetter), else letter.
func SeatLetterIn(l *i18n.Loc, name, letter string) string {
	return l.Message(engine.Say("seat_letter_"+name), letter)
}

// SeatLetterOf is seat k's letter alone in l's language ("G"), for the
// cells of a table whose seats the post has already named in full (the
// final ranking, the era's totals); seatLabel for a seat without a colour.
func SeatLetterOf(l *i18n.Loc, k int) string {
	name, letter, _ := imaging.Seat(k)
	if k < 0 || k >= imaging.NumSeatColours {
		return SeatLabel(l, k)
	}
	return SeatLetterIn(l, name, letter)
}

// SeatLabelGen names seat k as the object of a preposition or of another
// noun, in l's language: Polish declines it ("za gracza niebieskiego
// (N)"), English reads as seatLabel.
func SeatLabelGen(l *i18n.Loc, k int) string {
	name, letter, _ := imaging.Seat(k)
	if k < 0 || k >= imaging.NumSeatColours {
		return imaging.SeatLabel(k)
	}
	key := l.Lang() + ":gen:" + strconv.Itoa(k)
	if c, ok := SeatLabels.Load(key); ok {
		return c.(string)
	}
	c := l.T("seat_label_gen", Args{"Colour": l.T("colour_"+name+"_gen", nil), "Letter": SeatLetterIn(l, name, letter)})
	SeatLabels.Store(key, c)
	return c
}

// HoursIn is a duration in whole hours, or days from two days on.
func HoursIn(l *i18n.Loc, d time.Duration) string {
	h := int(d.Hours())
	if h >= 48 {
		return l.N("days", h/24, nil)
	}
	return l.N("hours", h, nil)
}

// HoursAfterIn is hoursIn after "after" ("po 12 godzinach" in Polish).
func HoursAfterIn(l *i18n.Loc, d time.Duration) string {
	h := int(d.Hours())
	if h >= 48 {
		return l.N("days_after", h/24, nil)
	}
	return l.N("hours_after", h, nil)
}

// GameBegins is the first log line of every table.
func GameBegins() LogLine { return BotLine("The game begins.", "log_game_begins") }

// TakesBack is the log line of an undo by seat.
func TakesBack(seat int) LogLine {
	return BotLine(fmt.Sprintf("{P%d} takes back their last move.", seat), "log_takes_back", "P", fmt.Sprintf("{P%d}", seat))
}

// RenderOptions are what a picture needs besides the view.
type RenderOptions struct {
	Names   []string // the seats' display names
	Changed []int    // areas touched since the previous post (highlighted)
	Full    bool     // the full desktop board instead of the phone-sized turn picture
	Draft   bool     // a seat's survey draft (its kept sets, lettered) instead of its hand
	// Loc draws the picture's words: the table's language for a board,
	// the viewer's for a hand. Nil draws them in English.
	Loc *i18n.Loc
}

// PictureWords renders a picture's words in l's language (nil: the
// pictures' own English).
func PictureWords(l *i18n.Loc) func(engine.Message, string) string {
	if l == nil {
		return nil
	}
	return l.Message
}

// TitleNameIn is a title's name in l's language (engine.Meta.NameMessage),
// else its own name.
func TitleNameIn(l *i18n.Loc, mt engine.Meta) string {
	if mt.NameMessage.IsZero() {
		return mt.Name
	}
	return l.Message(mt.NameMessage, mt.Name)
}
