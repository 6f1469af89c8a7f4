package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// Turn notices by direct message (/tt me notify:dm for every table of the
// server, /tt settings notify:dm for one table, which wins there), like
// quiet hours: a player may want them for a slow table and not for a
// fast one. The notices are built for every seat due; sendDMs keeps those
// of the players who want them (wantsDM). The channel ping is sent as always; the DM
// comes on top of it, so a refused DM loses nothing.
//
// A DM holds only what the public board says: the table, the public ask
// line for the seat, and a jump link to the board. Never a hand, a peek or
// another seat's private choice.

// dmText is the notice's whole text, in the recipient's language: public
// words and the link only.
func dmText(t kit.Table, d kit.Dm) string {
	game := d.Game
	if game == "" {
		game = t.TitleID()
	}
	l := kit.RecipientLoc(t, d.UserID)
	a := kit.Args{"Game": game, "Table": t.ID, "Channel": t.ChannelID, "Ask": d.Ask}
	if link := jumpLink(t); link != "" {
		a["Link"] = link
		return l.T("adm_dm_turn_link", a)
	}
	return l.T("adm_dm_turn", a)
}

// refusedDM reports whether Discord refused a DM because the user does not
// accept them from the bot (50007).
func refusedDM(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}

// sendDMs sends turn notices after the posts they link to. A refusal
// (50007, DMs closed) is kept so that the player is told, once and
// privately, at their next interaction in the table's channel, and no
// notice is tried again at this table (each would be refused too) until
// the player sets /tt settings notify again; other failures are logged.
func (m *Main) sendDMs(ctx context.Context, s *discordgo.Session, dms []kit.Dm) {
	for _, d := range dms {
		t, err := m.store.Table(ctx, d.TableID)
		if err != nil {
			m.log.Error("turn notice: load table", "table", d.TableID, "err", err)
			continue
		}
		if t.Notes.DMRefused[d.UserID] || !wantsDM(t, d.UserID, m.playerSettings(ctx, t.GuildID, d.UserID)[d.UserID]) {
			continue
		}
		switch err := m.sendDM(s, d.UserID, dmText(t, d)); {
		case err == nil:
			continue
		case !refusedDM(err):
			m.log.Warn("turn notice not sent", "table", t.ID, "err", err)
			continue
		}
		m.log.Info("turn notice refused: the player's DMs are closed; no more until they set /tt settings notify", "table", t.ID)
		if _, err := m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
			n := nt.Notes.Clone()
			if n.DMRefused == nil {
				n.DMRefused = map[string]bool{}
			}
			n.DMRefused[d.UserID] = true
			if n.Told == nil {
				n.Told = map[string][]string{}
			}
			n.Told[d.UserID] = append(n.Told[d.UserID], kit.RecipientLoc(t, d.UserID).T("adm_dm_refused", kit.Args{"Table": t.ID}))
			nt.Notes = n
			return nil
		}); err != nil {
			m.log.Error("turn notice: remember the refusal", "table", t.ID, "err", err)
		}
	}
}

// sendDM opens (or finds) the DM channel with userID and posts text in it,
// with no mentions allowed. It runs under the table's lock, so a 429 is
// never waited out (bounded, limitedFor): the notice is given up, logged,
// and the board's ping in the channel stays the one that counts.
func (m *Main) sendDM(s *discordgo.Session, userID, text string) error {
	if err := limitedFor(s, discordgo.EndpointUserChannels("")); err != nil {
		return fmt.Errorf("open DM channel: %w", err)
	}
	ch, err := s.UserChannelCreate(userID, bounded)
	if err != nil {
		return fmt.Errorf("open DM channel: %w", err)
	}
	if err := limitedFor(s, discordgo.EndpointChannelMessages(ch.ID)); err != nil {
		return fmt.Errorf("send DM: %w", err)
	}
	_, err = s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: text, AllowedMentions: noMentions()}, bounded)
	if err != nil {
		return fmt.Errorf("send DM: %w", err)
	}
	return nil
}
