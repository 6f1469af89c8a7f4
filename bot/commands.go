package bot

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Command and option names are in English; Discord shows the translations
// below to users of those locales. A new language is one more map entry.
// Polish names keep their letters ("dołącz"); Discord's documented pattern
// admits them, and if Discord refuses them anyway the bot registers the
// ASCII spelling instead (registerCommands).
var (
	nameL10n = map[string]map[discordgo.Locale]string{
		"new":         {discordgo.Polish: "nowa"},
		"join":        {discordgo.Polish: "dołącz"},
		"leave":       {discordgo.Polish: "wyjdź"},
		"start":       {discordgo.Polish: "start"},
		"board":       {discordgo.Polish: "plansza"},
		"hand":        {discordgo.Polish: "ręka"},
		"log":         {discordgo.Polish: "dziennik"},
		"rules":       {discordgo.Polish: "zasady"},
		"abort":       {discordgo.Polish: "przerwij"},
		"export":      {discordgo.Polish: "eksport"},
		"remind":      {discordgo.Polish: "przypomnienia"},
		"players":     {discordgo.Polish: "gracze"},
		"hours":       {discordgo.Polish: "godziny"},
		"game":        {discordgo.Polish: "gra"},
		"undo":        {discordgo.Polish: "cofnij"},
		"full":        {discordgo.Polish: "cała"},
		"round":       {discordgo.Polish: "runda"},
		"settings":    {discordgo.Polish: "ustawienia"},
		"default":     {discordgo.Polish: "domyślny"},
		"substitute":  {discordgo.Polish: "zastępstwo"},
		"deadline":    {discordgo.Polish: "termin"},
		"nudges":      {discordgo.Polish: "przypomnienia"},
		"quiet":       {discordgo.Polish: "cisza"},
		"seat":        {discordgo.Polish: "miejsce"},
		"user":        {discordgo.Polish: "osoba"},
		"notify":      {discordgo.Polish: "powiadomienia"},
		"games":       {discordgo.Polish: "gry"},
		"at":          {discordgo.Polish: "ruch"},
		"history":     {discordgo.Polish: "historia"},
		"stats":       {discordgo.Polish: "statystyki"},
		"leaderboard": {discordgo.Polish: "ranking"},
		"away":        {discordgo.Polish: "nieobecny"},
		"language":    {discordgo.Polish: "język"},
		"me":          {discordgo.Polish: "ja"},
		"zone":        {discordgo.Polish: "strefa"},
	}
	descL10n = map[string]map[discordgo.Locale]string{
		"tt-many":          {discordgo.Polish: "Powolne gry planszowe na tym kanale"},
		"new":              {discordgo.Polish: "Otwórz stół na tym kanale lub wątku"},
		"join":             {discordgo.Polish: "Usiądź przy stole"},
		"leave":            {discordgo.Polish: "Wstań od stołu (tylko przed startem)"},
		"start":            {discordgo.Polish: "Rozpocznij grę (gospodarz lub admin)"},
		"board":            {discordgo.Polish: "Pokaż planszę ponownie"},
		"hand":             {discordgo.Polish: "To, co w tej grze wiesz tylko ty (widzisz to tylko ty)"},
		"log":              {discordgo.Polish: "Ostatnie akcje"},
		"rules":            {discordgo.Polish: "Krótkie zasady gry przy tym stole"},
		"abort":            {discordgo.Polish: "Zakończ stół (admin)"},
		"export":           {discordgo.Polish: "Zapis gry jako JSON"},
		"remind":           {discordgo.Polish: "Zmień odstęp przypomnień"},
		"hours":            {discordgo.Polish: "Godziny między przypomnieniami"},
		"game":             {discordgo.Polish: "Identyfikator gry (domyślnie stół na tym kanale)"},
		"undo":             {discordgo.Polish: "Cofnij swój ostatni ruch"},
		"full":             {discordgo.Polish: "Pełna plansza na duży ekran"},
		"round":            {discordgo.Polish: "Runda do pokazania (0: przygotowanie; domyślnie bieżąca runda)"},
		"settings":         {discordgo.Polish: "Termin, przypomnienia, twoje godziny ciszy i powiadomienia"},
		"default":          {discordgo.Polish: "Zagraj domyślny ruch czekającego gracza (gospodarz lub admin)"},
		"substitute":       {discordgo.Polish: "Przekaż miejsce innej osobie (gospodarz lub admin)"},
		"deadline":         {discordgo.Polish: "Godziny na decyzję, potem ruch domyślny (0: bez terminu)"},
		"new-deadline":     {discordgo.Polish: "Godziny na decyzję, potem ruch domyślny (domyślnie bez terminu)"},
		"new-hours":        {discordgo.Polish: "Godziny między przypomnieniami dla gracza, który nie wykonał ruchu (domyślnie 12)"},
		"default-seat":     {discordgo.Polish: "Kolor lub numer miejsca (gdy decyzję podejmuje kilku graczy)"},
		"nudges":           {discordgo.Polish: "Ile przypomnień przed powiadomieniem gospodarza"},
		"quiet":            {discordgo.Polish: "Twoje godziny ciszy w UTC, np. 22-07, lub off"},
		"seat":             {discordgo.Polish: "Kolor lub numer miejsca"},
		"user":             {discordgo.Polish: "Osoba, która przejmuje miejsce"},
		"at":               {discordgo.Polish: "Pokaż tylko tobie planszę po tylu ruchach (0: początek)"},
		"board-round":      {discordgo.Polish: "Pokaż tylko tobie planszę z początku tej rundy (0: przygotowanie)"},
		"history":          {discordgo.Polish: "Zakończone stoły na tym kanale; otwórz ich planszę lub dziennik"},
		"games":            {discordgo.Polish: "Twoje trwające stoły na tym serwerze, najpierw te czekające na ciebie"},
		"notify":           {discordgo.Polish: "Jak dowiesz się o swojej turze: wiadomość prywatna z linkiem lub tylko wzmianka"},
		"stats":            {discordgo.Polish: "Rozegrane i wygrane gry, ranking, średni wynik i miejsce na tym serwerze (tylko dla ciebie)"},
		"leaderboard":      {discordgo.Polish: "Gracze tego serwera z najwyższym rankingiem, dla każdej gry (tylko dla ciebie)"},
		"leaderboard-game": {discordgo.Polish: "Ranking której gry (domyślnie gry na tym kanale)"},
		"stats-user":       {discordgo.Polish: "Czyje statystyki (domyślnie twoje)"},
		"away":             {discordgo.Polish: "Jesteś nieobecny: przypomnienia cię pomijają (na twoich stołach na tym serwerze)"},
		"away-hours":       {discordgo.Polish: "Na ile godzin (0: już jestem)"},
		"language":         {discordgo.Polish: "Język stołu: posty publiczne i obrazki (gospodarz lub admin)"},
		"me":               {discordgo.Polish: "Twoje ustawienia przy każdym twoim stole na tym serwerze (tylko dla ciebie)"},
		"me-zone":          {discordgo.Polish: "Twoja strefa czasowa, nazwa IANA, np. Europe/Warsaw (domyślnie UTC)"},
		"me-quiet":         {discordgo.Polish: "Twoje godziny ciszy w twojej strefie, np. 22-07, lub off"},
		"me-remind":        {discordgo.Polish: "Godziny między przypomnieniami dla ciebie (w granicach stołu; 0: odstęp stołu)"},
		"me-notify":        {discordgo.Polish: "Jak dowiesz się o swojej turze przy każdym stole: wiadomość prywatna lub wzmianka"},
	}
)

func loc(m map[string]map[discordgo.Locale]string, key string) *map[discordgo.Locale]string {
	if l, ok := m[key]; ok {
		c := make(map[discordgo.Locale]string, len(l))
		for k, v := range l {
			c[k] = v
		}
		return &c
	}
	return nil
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		NameLocalizations: *orEmpty(loc(nameL10n, name)), Description: desc,
		DescriptionLocalizations: *orEmpty(loc(descL10n, name)), Options: opts}
}

func orEmpty(m *map[discordgo.Locale]string) *map[discordgo.Locale]string {
	if m == nil {
		e := map[discordgo.Locale]string{}
		return &e
	}
	return m
}

func strOpt(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
		NameLocalizations: *orEmpty(loc(nameL10n, name)), Description: desc,
		DescriptionLocalizations: *orEmpty(loc(descL10n, name)), Required: required, MaxLength: 20}
}

// choiceOpt is an optional string option limited to choices.
func choiceOpt(name, desc string, choices ...*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	o := strOpt(name, desc, false)
	o.Choices = choices
	return o
}

func optChoice(value, name, polish string) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value,
		NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: polish}}
}

// maxRounds bounds the round: options: the most rounds of any installed
// title (engine.Meta.MaxRounds), at least 1; a table answers a round its
// game has not reached, or never has, as such.
func maxRounds(reg *engine.Registry) float64 {
	n := 1
	for _, t := range reg.All() {
		n = max(n, t.Meta().MaxRounds)
	}
	return float64(n)
}

func intOpt(name, desc string, min, max float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name,
		NameLocalizations: *orEmpty(loc(nameL10n, name)), Description: desc,
		DescriptionLocalizations: *orEmpty(loc(descL10n, name)), MinValue: &min, MaxValue: max}
}

// commands returns the bot's one slash command, /tt, with its subcommands;
// /tt new offers the installed titles reg.
func commands(reg *engine.Registry) []*discordgo.ApplicationCommand {
	// With one title installed the command is its own: "<title> in this channel".
	name := reg.All()[0].Meta().Name
	desc, descLoc := kit.Trunc(name+" in this channel", 100), &map[discordgo.Locale]string{discordgo.Polish: kit.Trunc(name+" na tym kanale", 100)}
	newOpts := []*discordgo.ApplicationCommandOption{}
	var leaderOpts []*discordgo.ApplicationCommandOption
	if len(reg.All()) > 1 {
		desc, descLoc = "Slow board games in this channel", loc(descL10n, "tt-many")
		dflt := name
		if d, err := reg.Get(""); err == nil {
			dflt = d.Meta().Name
		}
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, t := range reg.All() {
			mt := t.Meta()
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: kit.Trunc(kit.TitleNameIn(kit.English(), mt), 100), Value: mt.ID,
				NameLocalizations: map[discordgo.Locale]string{discordgo.Polish: kit.Trunc(kit.TitleNameIn(i18n.Localizer(i18n.Polish), mt), 100)}})
		}
		newOpts = append(newOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game",
			NameLocalizations: *orEmpty(loc(nameL10n, "game")), Description: kit.Trunc("The game played at this table (default: "+dflt+")", 100),
			DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Polish: kit.Trunc("Gra przy tym stole (domyślnie "+dflt+")", 100)}, Choices: choices})
		leaderOpts = append(leaderOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game",
			NameLocalizations: *orEmpty(loc(nameL10n, "game")), Description: "Which game's ratings (default: this channel's game)",
			DescriptionLocalizations: *loc(descL10n, "leaderboard-game"), Choices: choices})
	}
	remind := intOpt("hours", "Hours between reminders to a player who has not acted (default 12)", 1, 168)
	remind.DescriptionLocalizations = *loc(descL10n, "new-hours")
	players := playersOpt(reg)
	newDeadline := intOpt("deadline", "Hours a decision may wait before its default move is played (default: none)", 1, 720)
	newDeadline.DescriptionLocalizations = *loc(descL10n, "new-deadline")
	defaultSeat := strOpt("seat", "Seat colour or number (when several players are choosing)", false)
	defaultSeat.DescriptionLocalizations = *loc(descL10n, "default-seat")
	var titleOptions []*discordgo.ApplicationCommandOption
	for _, to := range titleOptionsOf(reg) {
		titleOptions = append(titleOptions, titleOptionSchema(to))
	}
	return []*discordgo.ApplicationCommand{{
		Name:                     "tt",
		Description:              desc,
		DescriptionLocalizations: descLoc,
		Contexts:                 &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a table in this channel or thread; you are the host", append(newOpts,
				append([]*discordgo.ApplicationCommandOption{players, remind, newDeadline}, titleOptions...)...)...),
			sub("join", "Take a seat at the table"),
			sub("leave", "Leave the table (before it starts)"),
			sub("start", "Start the game (host or admin)"),
			sub("board", "Post the current board again (nobody is pinged)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "full",
					NameLocalizations: *orEmpty(loc(nameL10n, "full")), Description: "The full board for a desktop screen",
					DescriptionLocalizations: *orEmpty(loc(descL10n, "full"))},
				intOpt("at", "Show only you the board after this many moves (0: the start)", 0, 9999),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "round",
					NameLocalizations: *loc(nameL10n, "round"), Description: "Show only you the board as this round began (0: the setup)",
					DescriptionLocalizations: *loc(descL10n, "board-round"), MinValue: ptr(0.0), MaxValue: maxRounds(reg)}),
			sub("hand", "What only you know in this game (only you see it)"),
			sub("log", "The game in words, one round at a time",
				intOpt("round", "Round to show (0: setup; default: the current round)", 0, maxRounds(reg))),
			sub("undo", "Take back your last move (until someone else acts or something hidden is revealed)"),
			sub("rules", "A short reference of the game played at this table"),
			sub("history", "The finished tables of this channel; open their board or log (only you see it)"),
			sub("games", "Your running tables in this server, yours to play first (only you see it)"),
			sub("stats", "Games played and won, rating, average score and rank in this server (only you see it)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
					NameLocalizations: *orEmpty(loc(nameL10n, "user")), Description: "Whose stats (default: yours)",
					DescriptionLocalizations: *orEmpty(loc(descL10n, "stats-user"))}),
			sub("leaderboard", "The best-rated players of this server, per game (only you see it)", leaderOpts...),
			sub("away", "You are away: reminders skip you at your tables in this server",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "hours",
					NameLocalizations: *loc(nameL10n, "hours"), Description: "For how many hours (0: I am back)",
					DescriptionLocalizations: *loc(descL10n, "away-hours"), Required: true, MinValue: ptr(0.0), MaxValue: 720}),
			meCommand(),
			sub("abort", "End the table (host or admin)"),
			sub("settings", "Deadline, reminders, your quiet hours and turn notices",
				intOpt("deadline", "Hours a decision may wait before its default move is played (0: none)", 0, 720),
				intOpt("nudges", "Unanswered reminders before the host is told (default 3)", 1, 10),
				strOpt("quiet", "Your quiet hours in UTC, e.g. 22-07, or off", false),
				choiceOpt("notify", "How you hear it is your turn: a DM with a link, or the channel ping only",
					optChoice("dm", "Direct message", "Wiadomość prywatna"), optChoice("channel", "Channel ping only", "Tylko wzmianka na kanale")),
				choiceOpt("language", "The table's language: public posts and pictures (host or admin)",
					optChoice("en", "English", "angielski"), optChoice("pl", "Polski", "polski"))),
			sub("default", "Play the waiting player's default move (host or admin)",
				defaultSeat),
			sub("substitute", "Hand a seat to another member (host or admin)",
				strOpt("seat", "Seat colour or number", true),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
					NameLocalizations: *orEmpty(loc(nameL10n, "user")), Description: "The member who takes the seat",
					DescriptionLocalizations: *orEmpty(loc(descL10n, "user")), Required: true}),
			sub("export", "The game record as a JSON file",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game",
					NameLocalizations: *loc(nameL10n, "game"), Description: "Game ID (default: the table in this channel)",
					DescriptionLocalizations: *loc(descL10n, "game")}),
			sub("remind", "Change the reminder interval (host or admin)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "hours",
					NameLocalizations: *loc(nameL10n, "hours"), Description: "Hours between reminders",
					DescriptionLocalizations: *loc(descL10n, "hours"), Required: true, MinValue: ptr(1.0), MaxValue: 168}),
		},
	}}
}

// playersOpt is /tt new's players: option: from the fewest seats of any
// installed title (1 when one has a solo game) to the most. cmdNew checks
// the chosen title's own range; Discord's client offers only this one.
func playersOpt(reg *engine.Registry) *discordgo.ApplicationCommandOption {
	lo, hi := 0, 0
	for k, t := range reg.All() {
		mt := t.Meta()
		if k == 0 || mt.MinSeats < lo {
			lo = mt.MinSeats
		}
		hi = max(hi, mt.MaxSeats)
	}
	desc := fmt.Sprintf("Most players (%d–%d, default %d)", lo, hi, hi)
	polish := fmt.Sprintf("Najwięcej graczy (%d–%d, domyślnie %d)", lo, hi, hi)
	if len(reg.All()) > 1 {
		desc = fmt.Sprintf("Most players (%d–%d; default: the most the game seats)", lo, hi)
		polish = fmt.Sprintf("Najwięcej graczy (%d–%d; domyślnie: najwięcej, ile pozwala gra)", lo, hi)
	}
	o := intOpt("players", desc, float64(lo), float64(hi))
	o.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.Polish: polish}
	return o
}

func ptr[T any](v T) *T { return &v }

// meCommand is /tt me: a member's own settings for every table of theirs
// in the server (players.go).
func meCommand() *discordgo.ApplicationCommandOption {
	zone := strOpt("zone", "Your time zone, an IANA name such as Europe/Warsaw (default UTC)", false)
	zone.MaxLength, zone.DescriptionLocalizations = 40, *loc(descL10n, "me-zone")
	quiet := strOpt("quiet", "Your quiet hours in your time zone, e.g. 22-07, or off", false)
	quiet.DescriptionLocalizations = *loc(descL10n, "me-quiet")
	remind := intOpt("remind", "Hours between your reminders (kept within each table's; 0: the table's own)", 0, kit.RemindCap.Hours())
	remind.DescriptionLocalizations = *loc(descL10n, "me-remind")
	notify := choiceOpt("notify", "How you hear it is your turn at every table: a DM with a link, or the ping only",
		optChoice("dm", "Direct message", "Wiadomość prywatna"), optChoice("channel", "Channel ping only", "Tylko wzmianka na kanale"))
	notify.DescriptionLocalizations = *loc(descL10n, "me-notify")
	return sub("me", "Your settings at every table of yours in this server (only you see them)", zone, quiet, remind, notify)
}
