package bot

import (
	"context"
	"errors"

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
	Table *Table
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
func (m *Main) damagedReply(i *discordgo.Interaction, what string, d *DamagedError) response {
	m.log.Warn(what+": the table's record cannot be read", "interaction", i.ID, "table", d.TableID, "channel", i.ChannelID, "err", d)
	if d.Edition != "" {
		return say(userLoc(i), "table_unknown_edition", args{"Table": d.TableID, "Edition": d.Edition})
	}
	return say(userLoc(i), "table_damaged", args{"Table": d.TableID})
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
func (m *Main) abortDamaged(i *discordgo.Interaction, d *DamagedError) response {
	if !isAdmin(i) {
		return m.damagedReply(i, "abort", d)
	}
	l := userLoc(i)
	return response{Reply: &message{
		Content: l.T("adm_abort_damaged_confirm", args{"Table": d.TableID}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_abort_button_end", nil), Style: discordgo.DangerButton, CustomID: plainID("ta", d.TableID, "yes")},
			discordgo.Button{Label: l.T("adm_abort_button_keep", nil), Style: discordgo.SecondaryButton, CustomID: plainID("ta", d.TableID, "no")},
		}}}}}
}

// abortDamagedConfirmed ends a table whose header cannot be read: only an
// admin, only in the channel the table holds. Its record is kept as it is.
func (m *Main) abortDamagedConfirmed(ctx context.Context, i *discordgo.Interaction, d *DamagedError, yes bool) response {
	l := userLoc(i)
	if !isAdmin(i) {
		return m.damagedReply(i, "abort", d)
	}
	if !yes {
		return say(l, "adm_abort_kept", nil)
	}
	if !m.damagedHere(ctx, i, d) {
		return forged(i)
	}
	if err := m.store.AbandonTable(ctx, d.TableID); err != nil {
		return m.errReply(i, "abandon damaged table", err)
	}
	uid, _ := user(i)
	m.log.Warn("damaged table ended by an admin; its record is kept", "table", d.TableID, "channel", i.ChannelID, "user", uid)
	return response{
		Posts:  []post{{ChannelID: i.ChannelID, Message: message{Content: i18n.Localizer(guildLang(i)).T("adm_abort_damaged_announce", args{"Table": d.TableID, "User": uid})}}},
		Reply:  &message{Content: l.T("adm_abort_done", nil)},
		Failed: l.T("adm_abort_post_failed", nil),
	}
}

// exportDamaged answers /tt export of a table whose record cannot be
// read: players are told so; an admin gets what remains readable, marked
// damaged (import refuses it) — of this channel's table, or of a table of
// this server whose header still reads and that no longer runs.
func (m *Main) exportDamaged(ctx context.Context, i *discordgo.Interaction, d *DamagedError) response {
	if !isAdmin(i) || d.Edition != "" {
		return m.damagedReply(i, "export", d)
	}
	l := userLoc(i)
	ok := m.damagedHere(ctx, i, d)
	if t := d.Table; !ok && t != nil {
		ok = t.GuildID == i.GuildID && t.Status != StatusRunning && t.Status != StatusLobby
	}
	if !ok {
		return say(l, "adm_export_no_such_game", nil)
	}
	rec, err := m.store.SalvageRecord(ctx, d.TableID)
	if err != nil {
		return m.errReply(i, "salvage record", err)
	}
	b, err := engine.MarshalRecord(rec)
	if err != nil {
		return m.errReply(i, "salvage record", err)
	}
	m.log.Warn("an admin exported what remains of a damaged table", "table", d.TableID, "damage", rec.Damaged)
	return response{Reply: &message{Content: l.T("adm_export_damaged_note", args{"Table": d.TableID}),
		Files: []file{{Name: rec.TitleID() + "-" + d.TableID + "-damaged.json", Data: b}}}}
}
