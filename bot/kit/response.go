package kit

import (
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Message is one message the bot sends or edits, as data.
type Message struct {
	Content    string
	Components []discordgo.MessageComponent
	Files      []File
	// Mentions are the user IDs the message may ping; nobody else is pinged
	// whatever the text says.
	Mentions []string
}

type File struct {
	Name string
	Data []byte
	// Description is the picture's alt text (Discord's attachment
	// description, at most 1024 characters): what a screen reader says.
	Description string
}

// Post is a new public message in a channel. When TableID is set, it
// becomes the table's newest board: the previous one (Retire) loses its buttons.
type Post struct {
	TableID   string
	ChannelID string
	Message   Message
	Retire    string
	PicAt     string // the round and phase its picture shows ("" for none)
	PicPx     int    // its picture's height shown 400 px wide (kit.PicturePx)
	// Lobby: this is a new table's lobby message; when it cannot be
	// posted the table is closed again, so it does not block the channel.
	Lobby bool
	// Owed, when set, is the table's outbox entry for this post: once it is
	// posted the entry is done; when it cannot be posted now, the sender
	// posts it later (outbox.go).
	Owed *storage.Outbox
}

// Edit replaces an existing channel message. When TableID is set the
// message is that table's board (or lobby): if it was deleted, or its ID
// is not known, the message is posted anew as the table's board.
type Edit struct {
	ChannelID, MessageID string
	TableID              string
	Message              Message
}

// Response is what a handler answers. The adapter (send) acts on it in the
// order: posts, edits, reply.
type Response struct {
	Posts []Post
	Edits []Edit
	// Reply goes to the person who interacted, privately: it fills the
	// deferred ephemeral reply or the ephemeral message they clicked on, or
	// is sent as an ephemeral follow-up after a click on a public message.
	Reply *Message
	// Modal answers the interaction with a form instead (no defer).
	Modal *discordgo.InteractionResponseData
	// DMs are turn notices, sent after the posts (they link to the new
	// board) and before the reply.
	DMs []Dm
	// Failed, when set, replaces Reply if a post or edit fails (Reply
	// then claims what did not happen); %s is where the reason goes.
	// Otherwise a failure is told above Reply.
	Failed string
}

func ReplyText(format string, args ...any) Response {
	return Response{Reply: &Message{Content: fmt.Sprintf(format, args...)}}
}

// Ack is how an interaction is acknowledged before any work.
type Ack int

const (
	AckEphemeral Ack = iota // type 5, ephemeral: the reply edits it
	AckUpdate               // type 6: nothing visible yet
	AckModal                // type 9: the modal itself, built without I/O
)

func IsEphemeral(m *discordgo.Message) bool {
	return m != nil && m.Flags&discordgo.MessageFlagsEphemeral != 0
}

// User returns the interacting user's ID and display name.
func User(i *discordgo.Interaction) (id, name string) {
	u := i.User
	if i.Member != nil && i.Member.User != nil {
		u = i.Member.User
		if i.Member.Nick != "" {
			return u.ID, i.Member.Nick
		}
	}
	if u == nil {
		return "", ""
	}
	if u.GlobalName != "" {
		return u.ID, u.GlobalName
	}
	return u.ID, u.Username
}

// IsAdmin reports whether the member may manage the server or the channel.
// Discord sends the member's computed permissions in the channel with each
// interaction; we check them here rather than trusting the command's
// default permissions, which a server can override.
func IsAdmin(i *discordgo.Interaction) bool {
	if i.Member == nil {
		return false
	}
	p := i.Member.Permissions
	return p&(discordgo.PermissionManageGuild|discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
}

// Forged is the reply to a custom ID we did not build, or one that names
// another channel's table.
func Forged(i *discordgo.Interaction) Response {
	return Say(UserLoc(i), "forged", nil)
}

var ErrLobby = errors.New("lobby refusal")

// SomethingWrong is the reply to an internal error, in i's user's language.
func SomethingWrong(i *discordgo.Interaction) Response {
	return Say(UserLoc(i), "something_wrong", nil)
}
