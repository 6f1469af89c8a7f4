package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// What the bot does on Discord's bad days: docs/discord-failures.md.

// --- preflight ---------------------------------------------------------

// needPerms are the permissions the bot needs in a channel to play there,
// in the order they are named to the player. Send Messages is replaced by
// Send Messages in Threads in a thread.
// name is the permission's message id (as Discord's settings name it).
var needPerms = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "adm_perm_view_channel"},
	{discordgo.PermissionSendMessages, "adm_perm_send_messages"},
	{discordgo.PermissionAttachFiles, "adm_perm_attach_files"},
	{discordgo.PermissionEmbedLinks, "adm_perm_embed_links"},
	{discordgo.PermissionReadMessageHistory, "adm_perm_read_message_history"},
}

type ctxKey int

const channelTypeKey ctxKey = iota

// withChannelType notes the type of the interaction's channel (discordgo
// v0.29 does not decode the interaction's channel object; Run reads it
// from the raw event).
func withChannelType(ctx context.Context, t discordgo.ChannelType) context.Context {
	return context.WithValue(ctx, channelTypeKey, t)
}

func inThread(ctx context.Context) bool {
	t, _ := ctx.Value(channelTypeKey).(discordgo.ChannelType)
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread ||
		t == discordgo.ChannelTypeGuildNewsThread
}

// missingPerms lists the message ids of the permissions the bot lacks in
// the interaction's channel, from the interaction's app_permissions.
func missingPerms(ctx context.Context, i *discordgo.Interaction) []string {
	p := i.AppPermissions
	if p&discordgo.PermissionAdministrator != 0 {
		return nil
	}
	var out []string
	for _, n := range needPerms {
		bit, name := n.bit, n.name
		if bit == discordgo.PermissionSendMessages && inThread(ctx) {
			bit, name = discordgo.PermissionSendMessagesInThreads, "adm_perm_send_messages_in_threads"
		}
		if p&bit == 0 {
			out = append(out, name)
		}
	}
	return out
}

// preflight returns the refusal for an interaction that will post or edit
// in its channel when the bot lacks a permission there, or "", in the
// language of i's user.
func preflight(ctx context.Context, i *discordgo.Interaction, rt kit.RouteTable) string {
	if !willPost(i, rt) {
		return ""
	}
	miss := missingPerms(ctx, i)
	if len(miss) == 0 {
		return ""
	}
	l := kit.UserLoc(i)
	one, several := "adm_preflight_channel_one", "adm_preflight_channel_several"
	if inThread(ctx) {
		one, several = "adm_preflight_thread_one", "adm_preflight_thread_several"
	}
	if len(miss) == 1 {
		return l.T(one, kit.Args{"Missing": words(l, miss)})
	}
	return l.T(several, kit.Args{"Missing": words(l, miss)})
}

// words names the permissions ids in l's language, in bold: "**A**",
// "**A** and **B**", "**A**, **B** and **C**".
func words(l *i18n.Loc, ids []string) string {
	quoted := make([]string, len(ids))
	for k, id := range ids {
		quoted[k] = "**" + l.T(id, nil) + "**"
	}
	if len(quoted) == 1 {
		return quoted[0]
	}
	return l.T("adm_list_and", kit.Args{"Rest": strings.Join(quoted[:len(quoted)-1], l.T("list_sep", nil)), "Last": quoted[len(quoted)-1]})
}

// willPost reports whether handling i may post or edit a public message
// in its channel: the commands and clicks that open, change or show a
// table. Private answers (hand, log, rules, a step's menu) need nothing.
func willPost(i *discordgo.Interaction, rt kit.RouteTable) bool {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		d := i.ApplicationCommandData()
		if len(d.Options) == 0 {
			return false
		}
		switch d.Options[0].Name {
		case "new", "join", "leave", "start", "board", "undo", "abort":
			return true
		}
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		id := d.CustomID
		if kit.KindOf(id) == "tsel" && len(d.Values) == 1 {
			id = d.Values[0]
		}
		r := rt[kit.KindOf(id)]
		return r.Posts && !r.Modal
	case discordgo.InteractionModalSubmit:
		r := rt[kit.KindOf(i.ModalSubmitData().CustomID)]
		return r.Posts && r.Modal
	}
	return false
}

// --- what Discord answered -------------------------------------------

// trouble is how a failed request failed, as far as the bot acts on it.
type trouble int

const (
	troubleOther     trouble = iota // 5xx after retries, network: try again later
	troubleForbidden                // 403 50013 / 50001: a permission was taken away
	troubleNoChannel                // 404 10003: the channel was deleted
	troubleNoMessage                // 404 10008: the message was deleted
	troubleArchived                 // 400 50083: the thread is archived
)

func classify(err error) trouble {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		return troubleOther
	}
	switch re.Message.Code {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingAccess:
		return troubleForbidden
	case discordgo.ErrCodeUnknownChannel:
		return troubleNoChannel
	case discordgo.ErrCodeUnknownMessage:
		return troubleNoMessage
	case discordgo.ErrCodePerformedOperationOnArchivedThread:
		return troubleArchived
	}
	return troubleOther
}

func (k trouble) String() string {
	return [...]string{"other", "forbidden", "no-channel", "no-message", "archived"}[k]
}

// lasting reports whether the trouble lasts until someone fixes the
// channel: the table's reminders pause until a post succeeds.
func (k trouble) lasting() bool {
	return k == troubleForbidden || k == troubleNoChannel || k == troubleArchived
}

// whyIn is the player's words for a failure to post, in l's language: a
// whole clause, put where a failure notice has its %s.
func (k trouble) whyIn(l *i18n.Loc) string {
	switch k {
	case troubleForbidden:
		return l.T("adm_why_forbidden", nil)
	case troubleNoChannel:
		return l.T("adm_why_no_channel", nil)
	case troubleArchived:
		return l.T("adm_why_archived", nil)
	}
	return l.T("adm_why_other", nil)
}

// why is whyIn in English, as Notes.Paused keeps it (the notes stay
// language-neutral: pausedIn renders it in the reader's language).
func (k trouble) why() string { return k.whyIn(kit.English()) }

// pausedIn renders the reason kept in Notes.Paused in l's language; a
// reason this build does not know is shown as kept.
func pausedIn(l *i18n.Loc, paused string) string {
	for _, k := range []trouble{troubleOther, troubleForbidden, troubleNoChannel, troubleNoMessage, troubleArchived} {
		if paused == k.why() {
			return k.whyIn(l)
		}
	}
	return paused
}
