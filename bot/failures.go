package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// What the bot does on Discord's bad days: docs/discord-failures.md.

// --- preflight ---------------------------------------------------------

// needPerms are the permissions the bot needs in a channel to play there,
// in the order they are named to the player. Send Messages is replaced by
// Send Messages in Threads in a thread.
var needPerms = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "View Channel"},
	{discordgo.PermissionSendMessages, "Send Messages"},
	{discordgo.PermissionAttachFiles, "Attach Files"},
	{discordgo.PermissionEmbedLinks, "Embed Links"},
	{discordgo.PermissionReadMessageHistory, "Read Message History"},
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

// missingPerms names the permissions the bot lacks in the interaction's
// channel, from the interaction's app_permissions.
func missingPerms(ctx context.Context, i *discordgo.Interaction) []string {
	p := i.AppPermissions
	if p&discordgo.PermissionAdministrator != 0 {
		return nil
	}
	var out []string
	for _, n := range needPerms {
		bit, name := n.bit, n.name
		if bit == discordgo.PermissionSendMessages && inThread(ctx) {
			bit, name = discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"
		}
		if p&bit == 0 {
			out = append(out, name)
		}
	}
	return out
}

// preflight returns the refusal for an interaction that will post or edit
// in its channel when the bot lacks a permission there, or "".
func preflight(ctx context.Context, i *discordgo.Interaction) string {
	if !willPost(i) {
		return ""
	}
	miss := missingPerms(ctx, i)
	if len(miss) == 0 {
		return ""
	}
	where, grant := "this channel", "Edit Channel → Permissions"
	if inThread(ctx) {
		where, grant = "this thread", "the parent channel's Edit Channel → Permissions"
	}
	return "I can't play in " + where + ": I am missing " + words(miss) + " here — someone who can manage the channel can grant " +
		map[bool]string{true: "it", false: "them"}[len(miss) == 1] + " to the bot under " + grant + "; nothing was changed."
}

func words(xs []string) string {
	quoted := make([]string, len(xs))
	for k, x := range xs {
		quoted[k] = "**" + x + "**"
	}
	if len(quoted) == 1 {
		return quoted[0]
	}
	return strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1]
}

// willPost reports whether handling i may post or edit a public message
// in its channel: the commands and clicks that open, change or show a
// table. Private answers (hand, log, rules, a step's menu) need nothing.
func willPost(i *discordgo.Interaction) bool {
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
		if kindOf(id) == "tsel" && len(d.Values) == 1 {
			id = d.Values[0]
		}
		r := routes[kindOf(id)]
		return r.posts && !r.modal
	case discordgo.InteractionModalSubmit:
		r := routes[kindOf(i.ModalSubmitData().CustomID)]
		return r.posts && r.modal
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

// why is the player's words for a failure to post.
func (k trouble) why() string {
	switch k {
	case troubleForbidden:
		return "Discord refused me: I lack a permission in this channel (I need View Channel, Send Messages, Attach Files, Embed Links and Read Message History)"
	case troubleNoChannel:
		return "this channel no longer exists for me"
	case troubleArchived:
		return "this thread is archived and I may not reopen it (unarchive it, or give me Manage Threads)"
	}
	return "Discord did not accept the message just now"
}
