package bot

import (
	"bytes"
	"context"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// message is one message the bot sends or edits, as data.
type message struct {
	Content    string
	Components []discordgo.MessageComponent
	Files      []file
	// Mentions are the user IDs the message may ping; nobody else is pinged
	// whatever the text says.
	Mentions []string
}

type file struct {
	Name string
	Data []byte
}

// post is a new public message in a channel. When TableID is set, it
// becomes the table's newest board: the previous one (Retire) loses its buttons.
type post struct {
	TableID   string
	ChannelID string
	Message   message
	Retire    string
	PicAt     string // the round and phase its picture shows ("" for none)
}

// edit replaces an existing channel message.
type edit struct {
	ChannelID, MessageID string
	Message              message
}

// response is what a handler answers. The adapter (send) acts on it in the
// order: posts, edits, reply.
type response struct {
	Posts []post
	Edits []edit
	// Reply goes to the person who interacted, privately: it fills the
	// deferred ephemeral reply or the ephemeral message they clicked on, or
	// is sent as an ephemeral follow-up after a click on a public message.
	Reply *message
	// Modal answers the interaction with a form instead (no defer).
	Modal *discordgo.InteractionResponseData
}

func replyText(format string, args ...any) response {
	return response{Reply: &message{Content: fmt.Sprintf(format, args...)}}
}

// ack is how an interaction is acknowledged before any work.
type ack int

const (
	ackEphemeral ack = iota // type 5, ephemeral: the reply edits it
	ackUpdate               // type 6: nothing visible yet
	ackModal                // type 9: the modal itself, built without I/O
)

// ackFor decides the acknowledgement from the interaction alone (no I/O),
// so that Discord hears from us well within its 3 seconds.
func ackFor(i *discordgo.Interaction) ack {
	switch i.Type {
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		id := customID(i)
		if (strings.HasPrefix(id, "tq:") || strings.HasPrefix(id, "to:")) && i.Type == discordgo.InteractionMessageComponent {
			return ackModal
		}
		if isEphemeral(i.Message) {
			return ackUpdate
		}
		if strings.HasPrefix(id, "tm:") || strings.HasPrefix(id, "th:") || strings.HasPrefix(id, "tsel:") {
			return ackEphemeral // opens a private step
		}
		return ackUpdate
	}
	return ackEphemeral
}

func isEphemeral(m *discordgo.Message) bool {
	return m != nil && m.Flags&discordgo.MessageFlagsEphemeral != 0
}

// logID is a custom ID fit for the log: the action's arguments (which may
// name a card from a hand) are cut off.
func logID(i *discordgo.Interaction) string {
	id := customID(i)
	if strings.HasPrefix(id, "tt:") || strings.HasPrefix(id, "tm:") {
		if k := strings.LastIndexByte(id, '/'); k > 0 {
			rest := id[k:]
			if c := strings.IndexByte(rest, ':'); c > 0 {
				return id[:k] + rest[:c] + ":…"
			}
		}
	}
	return id
}

func customID(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionMessageComponent:
		return i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		return i.ModalSubmitData().CustomID
	}
	return ""
}

// onInteraction acknowledges, handles under the channel's lock, and sends.
func (m *Main) onInteraction(ctx context.Context, i *discordgo.Interaction) {
	if m.cfg.AfterInteraction != nil {
		defer m.cfg.AfterInteraction(i.ID)
	}
	m.mu.Lock()
	s := m.session
	m.mu.Unlock()
	if s == nil {
		return
	}
	kind := ackFor(i)
	if kind == ackModal {
		resp := m.handleSafe(ctx, i)
		if resp.Modal != nil {
			if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: resp.Modal}); err != nil {
				m.log.Error("open modal", "interaction", i.ID, "err", err)
			}
			return
		}
		// Not a modal after all (a refusal): answer it directly.
		if resp.Reply != nil {
			s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: resp.Reply.Content, Flags: discordgo.MessageFlagsEphemeral,
					AllowedMentions: noMentions()}})
		}
		return
	}
	ackResp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	if kind == ackEphemeral {
		ackResp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	}
	if err := s.InteractionRespond(i, ackResp); err != nil {
		m.log.Error("acknowledge interaction", "interaction", i.ID, "err", err)
		return
	}
	unlock := m.lock(i.ChannelID)
	defer unlock()
	resp := m.handleSafe(ctx, i)
	m.send(ctx, s, i, kind, resp)
}

// handleSafe runs the router and turns a panic into an internal error.
func (m *Main) handleSafe(ctx context.Context, i *discordgo.Interaction) (resp response) {
	defer func() {
		if r := recover(); r != nil {
			m.log.Error("handler panic", "interaction", i.ID, "channel", i.ChannelID, "custom_id", logID(i),
				"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			resp = somethingWrong()
		}
	}()
	return m.handle(ctx, i)
}

func somethingWrong() response {
	return response{Reply: &message{Content: "Something went wrong on our side; nothing was changed. Please try again in a moment."}}
}

func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

func mentions(users []string) *discordgo.MessageAllowedMentions {
	am := noMentions()
	am.Users = append([]string(nil), users...)
	return am
}

func dfiles(fs []file) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range fs {
		ct := "image/png"
		if strings.HasSuffix(f.Name, ".json") {
			ct = "application/json"
		}
		out = append(out, &discordgo.File{Name: f.Name, ContentType: ct, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// send delivers a response. Failures are logged with context; a failed
// board post is told to the player.
func (m *Main) send(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, kind ack, resp response) {
	for _, p := range resp.Posts {
		if err := m.postBoard(ctx, s, p); err != nil {
			m.log.Error("post message", "interaction", i.ID, "channel", p.ChannelID, "table", p.TableID, "err", err)
			if resp.Reply == nil {
				resp.Reply = somethingWrong().Reply
			}
		}
	}
	for _, e := range resp.Edits {
		if err := m.editMessage(s, e); err != nil {
			m.log.Error("edit message", "interaction", i.ID, "channel", e.ChannelID, "message", e.MessageID, "err", err)
		}
	}
	r := resp.Reply
	if r == nil {
		if kind == ackEphemeral {
			r = &message{Content: "Done."}
		} else {
			return
		}
	}
	comps := r.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	var err error
	if kind == ackEphemeral || isEphemeral(i.Message) {
		we := &discordgo.WebhookEdit{Content: &r.Content, Components: &comps, AllowedMentions: mentions(r.Mentions),
			Files: dfiles(r.Files)}
		if len(r.Files) == 0 {
			none := []*discordgo.MessageAttachment{}
			we.Attachments = &none
		}
		_, err = s.InteractionResponseEdit(i, we)
	} else {
		_, err = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: r.Content, Components: comps,
			Files: dfiles(r.Files), AllowedMentions: mentions(r.Mentions), Flags: discordgo.MessageFlagsEphemeral})
	}
	if err != nil {
		m.log.Error("reply to interaction", "interaction", i.ID, "channel", i.ChannelID, "err", err)
	}
}

// postBoard sends a public message; for a board it records the new message
// as the table's board and strips the buttons off the previous one.
func (m *Main) postBoard(ctx context.Context, s *discordgo.Session, p post) error {
	comps := p.Message.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	msg, err := s.ChannelMessageSendComplex(p.ChannelID, &discordgo.MessageSend{Content: p.Message.Content,
		Components: comps, Files: dfiles(p.Message.Files), AllowedMentions: mentions(p.Message.Mentions)})
	if err != nil {
		return err
	}
	if p.TableID == "" {
		return nil
	}
	// The new board carries the account so far: it starts afresh.
	if _, err := m.store.UpdateTable(ctx, p.TableID, func(t *Table) error {
		t.BoardMsg = msg.ID
		t.Notes.Pending, t.Notes.Changed = nil, nil
		switch {
		case p.PicAt != "":
			t.Notes.PicAt, t.Notes.TextPosts = p.PicAt, 0
		default:
			t.Notes.TextPosts++
		}
		if t.Notes.Undo != nil {
			t.Notes.Undo.Posted = true
		}
		return nil
	}); err != nil {
		return fmt.Errorf("remember board message: %w", err)
	}
	if p.Retire != "" && p.Retire != msg.ID {
		none := []discordgo.MessageComponent{}
		if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: p.ChannelID, ID: p.Retire, Components: &none, AllowedMentions: noMentions()}); err != nil {
			// The old board keeping its buttons is harmless: they are stale.
			m.log.Warn("retire old board", "channel", p.ChannelID, "message", p.Retire, "err", err)
		}
	}
	return nil
}

func (m *Main) editMessage(s *discordgo.Session, e edit) error {
	comps := e.Message.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	_, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: e.ChannelID, ID: e.MessageID,
		Content: &e.Message.Content, Components: &comps, AllowedMentions: mentions(e.Message.Mentions)})
	return err
}
