package bot

import (
	"context"
	"errors"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// ErrDamaged: a table's stored record cannot be played on — damaged (a
// header or log entry fails its checksum, the log does not replay), or of
// an edition this build does not play. The error is a *DamagedError.
var ErrDamaged = errors.New("the table's record cannot be read")

// DamagedError is a table whose record cannot be played on. Players are
// told so in words (table_damaged, table_unknown_edition); an admin may
// export what remains and end it (docs: README, "Damaged records").
type DamagedError struct {
	TableID string
	// Table is the table when its header is readable (the damage is in
	// its log, or the edition is unknown), else nil.
	Table *kit.Table
	// Edition is set when the record is intact but of an edition this
	// build does not play.
	Edition string
	cause   string
}

func (e *DamagedError) Error() string { return "bot: table " + e.TableID + ": " + e.cause }

// Is makes errors.Is(err, ErrDamaged) true. A DamagedError does not unwrap:
// the parser's or engine's error in a damaged log is not a player's rule
// error.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// damagedErr maps storage's damaged and unknown-edition errors, or returns nil.
func damagedErr(err error) error {
	var d *storage.DamagedError
	var u *storage.UnknownEditionError
	switch {
	case errors.As(err, &d):
		e := &DamagedError{TableID: d.GameID, cause: d.Error()}
		if d.Header != nil {
			t := tableOf(*d.Header)
			e.Table = &t
		}
		return e
	case errors.As(err, &u):
		t := tableOf(u.Header)
		return &DamagedError{TableID: u.GameID, Table: &t, Edition: u.Edition, cause: u.Error()}
	}
	return nil
}

// damagedOf returns the *DamagedError in err, or nil.
func damagedOf(err error) *DamagedError {
	var d *DamagedError
	if errors.As(err, &d) {
		return d
	}
	return nil
}

// damagedReply tells the user that table d cannot be played on, and who
// can do what about it. The details go to the log.
func (m *Main) damagedReply(i *discordgo.Interaction, what string, d *DamagedError) kit.Response {
	m.log.Warn(what+": the table's record cannot be read", "interaction", i.ID, "table", d.TableID, "channel", i.ChannelID, "err", d)
	if d.Edition != "" {
		return kit.Say(kit.UserLoc(i), "table_unknown_edition", kit.Args{"Table": d.TableID, "Edition": d.Edition})
	}
	return kit.Say(kit.UserLoc(i), "table_damaged", kit.Args{"Table": d.TableID})
}

// damagedHere reports whether d is the table this channel holds.
func (m *Main) damagedHere(ctx context.Context, i *discordgo.Interaction, d *DamagedError) bool {
	if d.Table != nil {
		return d.Table.ChannelID == i.ChannelID && d.Table.GuildID == i.GuildID
	}
	_, err := m.store.TableInChannel(ctx, i.ChannelID)
	here := damagedOf(err)
	return here != nil && here.TableID == d.TableID
}

// abortDamaged asks an admin to end a table whose header cannot be
// read (a table whose header reads is ended as any other).
func (m *Main) abortDamaged(i *discordgo.Interaction, d *DamagedError) kit.Response {
	if !kit.IsAdmin(i) {
		return m.damagedReply(i, "abort", d)
	}
	l := kit.UserLoc(i)
	return kit.Response{Reply: &kit.Message{
		Content: l.T("adm_abort_damaged_confirm", kit.Args{"Table": d.TableID}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_abort_button_end", nil), Style: discordgo.DangerButton, CustomID: kit.PlainID("ta", d.TableID, "yes")},
			discordgo.Button{Label: l.T("adm_abort_button_keep", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("ta", d.TableID, "no")},
		}}}}}
}

// abortDamagedConfirmed ends a table whose header cannot be read: only an
// admin, only in the channel the table holds. Its record is kept as it is.
func (m *Main) abortDamagedConfirmed(ctx context.Context, i *discordgo.Interaction, d *DamagedError, yes bool) kit.Response {
	l := kit.UserLoc(i)
	if !kit.IsAdmin(i) {
		return m.damagedReply(i, "abort", d)
	}
	if !yes {
		return kit.Say(l, "adm_abort_kept", nil)
	}
	if !m.damagedHere(ctx, i, d) {
		return kit.Forged(i)
	}
	if err := m.store.AbandonTable(ctx, d.TableID); err != nil {
		return m.ErrReply(i, "abandon damaged table", err)
	}
	uid, _ := kit.User(i)
	m.log.Warn("damaged table ended by an admin; its record is kept", "table", d.TableID, "channel", i.ChannelID, "user", uid)
	return kit.Response{
		Posts:  []kit.Post{{ChannelID: i.ChannelID, Message: kit.Message{Content: i18n.Localizer(kit.GuildLang(i)).T("adm_abort_damaged_announce", kit.Args{"Table": d.TableID, "User": uid})}}},
		Reply:  &kit.Message{Content: l.T("adm_abort_done", nil)},
		Failed: l.T("adm_abort_post_failed", nil),
	}
}

// exportDamaged answers /tt export of a table whose record cannot be
// read: players are told so; an admin gets what remains readable, marked
// damaged (import refuses it) — of this channel's table, or of a table of
// this server whose header still reads and that no longer runs.
func (m *Main) exportDamaged(ctx context.Context, i *discordgo.Interaction, d *DamagedError) kit.Response {
	if !kit.IsAdmin(i) || d.Edition != "" {
		return m.damagedReply(i, "export", d)
	}
	l := kit.UserLoc(i)
	ok := m.damagedHere(ctx, i, d)
	if t := d.Table; !ok && t != nil {
		ok = t.GuildID == i.GuildID && t.Status != kit.StatusRunning && t.Status != kit.StatusLobby
	}
	if !ok {
		return kit.Say(l, "adm_export_no_such_game", nil)
	}
	rec, err := m.store.SalvageRecord(ctx, d.TableID)
	if err != nil {
		return m.ErrReply(i, "salvage record", err)
	}
	b, err := engine.MarshalRecord(rec)
	if err != nil {
		return m.ErrReply(i, "salvage record", err)
	}
	m.log.Warn("an admin exported what remains of a damaged table", "table", d.TableID, "damage", rec.Damaged)
	return kit.Response{Reply: &kit.Message{Content: l.T("adm_export_damaged_note", kit.Args{"Table": d.TableID}),
		Files: []kit.File{{Name: rec.TitleID() + "-" + d.TableID + "-damaged.json", Data: b}}}}
}
