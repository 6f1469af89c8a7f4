package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// onInteraction acknowledges, handles under the channel's lock, and sends;
// it counts the interaction by kind and outcome (metrics.go).
func (m *Main) onInteraction(ctx context.Context, i *discordgo.Interaction) {
	// Discord's 3 s to acknowledge run from here (or from a little
	// before: the interaction was created before it reached us).
	arrived := time.Now()
	if m.cfg.AfterInteraction != nil {
		defer m.cfg.AfterInteraction(i.ID)
	}
	m.mu.Lock()
	s := m.session
	m.mu.Unlock()
	if s == nil {
		return
	}
	outcome := outcomeUnchanged
	defer func() { m.met.interactions.WithLabelValues(interactionKind(i), outcome).Inc() }()
	// Whether the handler wrote (a move, a seat): noted here, read before
	// send, whose own bookkeeping (the board's message ID) is not the
	// interaction's doing.
	ctx = noteWrites(ctx)
	handle := func() kit.Response {
		resp, ok := m.handleChecked(ctx, i)
		switch {
		case !ok:
			outcome = outcomeError
		case wroteIn(ctx):
			outcome = outcomeChanged
		}
		return resp
	}
	kind := m.routes.AckFor(i)
	if kind == kit.AckModal {
		resp := handle()
		if resp.Modal != nil {
			if err := m.acknowledge(ctx, s, i, arrived, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: resp.Modal}); err != nil {
				outcome = outcomeNotAcknowledged
				m.log.Error("open modal", "interaction", i.ID, "err", err)
			}
			return
		}
		// Not a modal after all (a refusal): answer it directly.
		if resp.Reply != nil {
			if err := m.acknowledge(ctx, s, i, arrived, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: resp.Reply.Content, Flags: discordgo.MessageFlagsEphemeral,
					AllowedMentions: noMentions()}}); err != nil {
				outcome = outcomeNotAcknowledged
				m.log.Error("reply to interaction", "interaction", i.ID, "err", err)
			}
		}
		return
	}
	ackResp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	if kind == kit.AckEphemeral {
		ackResp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	}
	if err := m.acknowledge(ctx, s, i, arrived, ackResp); err != nil {
		outcome = outcomeNotAcknowledged
		m.log.Error("acknowledge interaction", "interaction", i.ID, "err", err)
		return
	}
	unlock := m.lock(i.ChannelID)
	defer unlock()
	resp := handle()
	if m.send(ctx, s, i, kind, arrived, resp) {
		outcome = outcomeSendFailed
	}
	// Answered: a bot seat the game now waits for moves in the background.
	m.wakeBots(i.ChannelID)
}

// ackWindow is how long after an interaction arrived its first response
// may still be sent: Discord takes it within 3 s of the interaction's
// creation, which was a little before it arrived (the gateway's or the
// network's delay), so half a second is kept in hand.
const ackWindow = 2500 * time.Millisecond

// acknowledge sends the interaction's first response (a deferral, a
// modal or a direct answer), retried on a 5xx or a 429 like any request
// but only while it can still reach Discord in time: a wait that would
// end later than ackWindow after the interaction arrived is not begun,
// and the interaction is given up (nothing was handled: the player sees
// Discord's "interaction failed" and may click again). A retried response
// answered 40060 (already acknowledged: the first went through after all)
// counts as sent.
func (m *Main) acknowledge(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, arrived time.Time, r *discordgo.InteractionResponse) (err error) {
	if a := httpAckOf(ctx); a != nil {
		// The body of the answer to Discord's POST (httpmode.go).
		err := a.respond(r)
		if err == nil {
			m.met.ackLatency.Observe(time.Since(arrived).Seconds())
		}
		return err
	}
	tried := false
	defer func() {
		if err == nil {
			m.met.ackLatency.Observe(time.Since(arrived).Seconds())
		}
	}()
	return m.retryUntil(ctx, arrived.Add(ackWindow), "acknowledge", func() error {
		if err := limitedFor(s, discordgo.EndpointInteractionResponse(i.ID, i.Token)); err != nil {
			return err
		}
		err := s.InteractionRespond(i, r, bounded)
		if tried && restCode(err) == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
			return nil
		}
		tried = true
		return err
	})
}

// handleSafe runs the router and turns a panic into an internal error.
func (m *Main) handleSafe(ctx context.Context, i *discordgo.Interaction) kit.Response {
	resp, _ := m.handleChecked(ctx, i)
	return resp
}

// handleChecked is handleSafe, and reports whether the handler finished
// (ok false: it panicked).
func (m *Main) handleChecked(ctx context.Context, i *discordgo.Interaction) (resp kit.Response, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			m.log.Error("handler panic", "interaction", i.ID, "channel", i.ChannelID, "custom_id", m.routes.LogID(i),
				"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			resp, ok = kit.SomethingWrong(i), false
		}
	}()
	return tidyResponse(m.handle(ctx, i)), true
}

func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

func mentions(users []string) *discordgo.MessageAllowedMentions {
	am := noMentions()
	for _, u := range users {
		if u != "" { // a bot seat has no user: nobody to ping
			am.Users = append(am.Users, u)
		}
	}
	if am.Users == nil && len(users) > 0 {
		am.Users = []string{}
	}
	return am
}

// sendMessage posts data in channel, as ChannelMessageSendComplex does,
// with each file's description (its alt text) in the attachments of the
// payload, which discordgo does not send.
func sendMessage(s *discordgo.Session, channel string, data *discordgo.MessageSend, files []kit.File) (*discordgo.Message, error) {
	var alts []attachmentAlt
	for k, f := range files {
		if f.Description != "" {
			alts = append(alts, attachmentAlt{ID: k, Filename: f.Name, Description: kit.Trunc(f.Description, 1024)})
		}
	}
	if len(alts) == 0 || len(data.Files) == 0 {
		return s.ChannelMessageSendComplex(channel, data, bounded)
	}
	body := struct {
		*discordgo.MessageSend
		Attachments []attachmentAlt `json:"attachments"`
	}{data, alts}
	ct, b, err := discordgo.MultipartBodyWithJSON(body, data.Files)
	if err != nil {
		return nil, err
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	resp, err := s.RequestRaw("POST", endpoint, ct, b, endpoint, 0, bounded)
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, err
	}
	return &msg, nil
}

// attachmentAlt is an attachment's entry in a message's payload: the file
// by index, and its description.
type attachmentAlt struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description"`
}

func dfiles(fs []kit.File) []*discordgo.File {
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

// send delivers a response to the interaction that arrived then, and
// reports whether a post or edit failed. Failures are logged with context
// and told to the player plainly; the table is left so that the next post
// (or /tt board) recovers: see docs/discord-failures.md.
func (m *Main) send(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, kind kit.Ack, arrived time.Time, resp kit.Response) (failed bool) {
	fail := troubleOther
	note := func(k trouble) {
		if !failed || k.lasting() {
			fail = k
		}
		failed = true
	}
	later := false // an owed post is left to the sender
	for _, p := range resp.Posts {
		if p.Owed != nil {
			done, err := m.deliverOwed(ctx, s, p, false, "interaction", i.ID)
			switch {
			case !done:
				later = true
				m.wakeOutbox()
			case err != nil:
				note(classify(err))
			default:
				m.met.postLatency.WithLabelValues("interaction").Observe(time.Since(arrived).Seconds())
			}
			continue
		}
		if err := m.postOnce(ctx, s, p, false, "interaction", i.ID); err != nil {
			k := classify(err)
			m.log.Error("post message", "interaction", i.ID, "channel", p.ChannelID, "table", p.TableID, "trouble", k, "err", err)
			m.postFailed(ctx, p)
			note(k)
		} else {
			m.met.postLatency.WithLabelValues("interaction").Observe(time.Since(arrived).Seconds())
		}
	}
	for _, e := range resp.Edits {
		if err := m.retry(ctx, "edit", func() error { return m.editOrRepost(ctx, s, e) }); err != nil {
			k := classify(err)
			m.log.Error("edit message", "interaction", i.ID, "channel", e.ChannelID, "message", e.MessageID, "trouble", k, "err", err)
			note(k)
		}
	}
	if !later {
		m.sendDMs(ctx, s, resp.DMs) // else the sender sends them with the post
	}
	status := m.channelStatus(ctx, i, len(resp.Posts)+len(resp.Edits) > 0 && !later, failed, fail)
	r := resp.Reply
	switch {
	case later && !failed:
		r = withNote(r, kit.UserLoc(i).T("adm_saved_post_later", nil), true)
	case failed && resp.Failed != "":
		r = &kit.Message{Content: fmt.Sprintf(resp.Failed, fail.whyIn(kit.UserLoc(i)))}
	case failed:
		r = withNote(r, kit.UserLoc(i).T("adm_saved_not_shown", kit.Args{"Why": fail.whyIn(kit.UserLoc(i))}), true)
	}
	if status != "" {
		r = withNote(r, status, false)
	}
	if r == nil {
		if kind == kit.AckEphemeral {
			r = &kit.Message{Content: kit.UserLoc(i).T("adm_done", nil)}
		} else {
			return failed
		}
	}
	m.sendReply(ctx, s, i, kind, r)
	return failed
}

// withNote is reply r (nil: none) with note before its text (first) or
// after it, a blank line between; r itself is not changed.
func withNote(r *kit.Message, note string, first bool) *kit.Message {
	if r == nil {
		return &kit.Message{Content: note}
	}
	c := *r
	if first {
		c.Content = kit.Clip(note + "\n\n" + c.Content)
	} else {
		c.Content = kit.Clip(c.Content + "\n\n" + note)
	}
	return &c
}

// sendReply sends r as the interaction's answer: an edit of the private
// reply the acknowledgement opened, or a private follow-up to a public
// message the acknowledgement updated.
func (m *Main) sendReply(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, kind kit.Ack, r *kit.Message) {
	comps := r.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	var err error
	if kind == kit.AckEphemeral || kit.IsEphemeral(i.Message) {
		we := &discordgo.WebhookEdit{Content: &r.Content, Components: &comps, AllowedMentions: mentions(r.Mentions),
			Files: dfiles(r.Files)}
		// The attachments listed are all the message keeps: none of the
		// old ones, and the new files by their upload index.
		atts := []*discordgo.MessageAttachment{}
		for k, f := range r.Files {
			atts = append(atts, &discordgo.MessageAttachment{ID: strconv.Itoa(k), Filename: f.Name})
		}
		we.Attachments = &atts
		err = m.retry(ctx, "reply", func() error {
			we.Files = dfiles(r.Files) // readers are used up by a failed attempt
			return editReply(s, i, we)
		})
	} else {
		err = m.retry(ctx, "reply", func() error {
			if err := limitedFor(s, discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true"); err != nil {
				return err
			}
			_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: r.Content, Components: comps,
				Files: dfiles(r.Files), AllowedMentions: mentions(r.Mentions), Flags: discordgo.MessageFlagsEphemeral}, bounded)
			return err
		})
	}
	if err != nil {
		m.log.Error("reply to interaction", "interaction", i.ID, "channel", i.ChannelID, "err", err)
	}
}

// editReply fills or edits the interaction's own reply (@original).
// discordgo v0.29 sends a reply edit without files under one rate-limit
// bucket shared by every interaction, locked for the whole request, so
// one slow answer from Discord would hold up every other table's reply.
// Discord limits interaction webhooks per token: the request is sent here
// under a bucket of its own URL, as discordgo already does for an edit
// with files.
func editReply(s *discordgo.Session, i *discordgo.Interaction, we *discordgo.WebhookEdit) error {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	if err := limitedFor(s, uri); err != nil {
		return err
	}
	if len(we.Files) > 0 {
		_, err := s.InteractionResponseEdit(i, we, bounded)
		return err
	}
	_, err := s.RequestWithBucketID("PATCH", uri, we, uri, bounded)
	return err
}

// postFailed leaves a table whose post failed recoverable: a lobby that
// was never shown is closed (the channel stays free for /tt new); a board
// is forgotten, so that the next move posts a new one (with the account
// kept in Notes.Pending) instead of editing one nobody saw change.
func (m *Main) postFailed(ctx context.Context, p kit.Post) {
	if p.TableID == "" {
		return
	}
	_, err := m.store.UpdateTable(ctx, p.TableID, func(t *kit.Table) error {
		if p.Lobby && t.Status == kit.StatusLobby {
			t.Status = kit.StatusAborted
			return nil
		}
		t.BoardMsg = ""
		return nil
	})
	if err != nil {
		m.log.Error("after a failed post", "table", p.TableID, "err", err)
	}
}

// channelStatus keeps the table's reminders in step with whether the bot
// can post in its channel, and returns what to tell the user about it: a
// lasting failure pauses them; a later success resumes them. Anyone who
// uses the table while they are paused is told.
func (m *Main) channelStatus(ctx context.Context, i *discordgo.Interaction, tried, failed bool, k trouble) string {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		return ""
	}
	switch {
	case failed && k.lasting():
		if t.Notes.Paused == "" || t.Status == kit.StatusRunning && !t.NextRemind.IsZero() {
			if _, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
				t.Notes.Paused = k.why()
				t.NextRemind = time.Time{}
				return nil
			}); err != nil {
				m.log.Error("pause reminders", "table", t.ID, "err", err)
			}
			m.log.Warn("reminders paused", "table", t.ID, "channel", t.ChannelID, "trouble", k)
		}
		return kit.UserLoc(i).T("adm_paused_now", nil)
	case failed:
		return ""
	case tried && t.Notes.Paused != "":
		if !m.resumeReminders(ctx, t) {
			return ""
		}
		return kit.UserLoc(i).T("adm_paused_resumed", nil)
	case t.Notes.Paused != "":
		return kit.UserLoc(i).T("adm_paused_note", kit.Args{"Why": pausedIn(kit.UserLoc(i), t.Notes.Paused)})
	}
	return ""
}

// postBoard sends a public message; for a board it records the new message
// as the table's board and strips the buttons off the previous one.
func (m *Main) postBoard(ctx context.Context, s *discordgo.Session, p kit.Post) error {
	p.Message = tidyMessage(p.Message)
	comps := p.Message.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	var msg *discordgo.Message
	err := m.unarchived(s, p.ChannelID, func() (err error) {
		if err := limitedFor(s, discordgo.EndpointChannelMessages(p.ChannelID)); err != nil {
			return err
		}
		msg, err = sendMessage(s, p.ChannelID, &discordgo.MessageSend{Content: p.Message.Content,
			Components: comps, Files: dfiles(p.Message.Files), AllowedMentions: mentions(p.Message.Mentions)}, p.Message.Files)
		return err
	})
	if err != nil {
		return err
	}
	return m.becameBoard(ctx, s, p, msg.ID)
}

// becameBoard records message id, just posted (or found posted) for p,
// as its table's board and strips the buttons off the previous one.
func (m *Main) becameBoard(ctx context.Context, s *discordgo.Session, p kit.Post, id string) error {
	if p.TableID == "" {
		return nil
	}
	if _, err := m.store.UpdateTable(ctx, p.TableID, func(t *kit.Table) error { posted(t, p, id); return nil }); err != nil {
		return fmt.Errorf("remember board message: %w", err)
	}
	if p.Retire != "" && p.Retire != id {
		none := []discordgo.MessageComponent{}
		if err := limitedFor(s, discordgo.EndpointChannelMessage(p.ChannelID, "")); err != nil {
			m.log.Warn("retire old board", "channel", p.ChannelID, "message", p.Retire, "err", err)
		} else if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: p.ChannelID, ID: p.Retire, Components: &none, AllowedMentions: noMentions()}, bounded); err != nil {
			// The old board keeping its buttons is harmless: they are stale.
			m.log.Warn("retire old board", "channel", p.ChannelID, "message", p.Retire, "err", err)
		}
	}
	return nil
}

// unarchived runs do; if Discord answers that the channel is an archived
// thread, it unarchives the thread (allowed when the thread is not locked,
// or with Manage Threads) and runs do once more.
func (m *Main) unarchived(s *discordgo.Session, channelID string, do func() error) error {
	err := do()
	if classify(err) != troubleArchived {
		return err
	}
	no := false
	if uerr := limitedFor(s, discordgo.EndpointChannel(channelID)); uerr != nil {
		m.log.Warn("unarchive thread", "channel", channelID, "err", uerr)
		return err
	}
	if _, uerr := s.ChannelEdit(channelID, &discordgo.ChannelEdit{Archived: &no}, bounded); uerr != nil {
		m.log.Warn("unarchive thread", "channel", channelID, "err", uerr)
		return err
	}
	m.log.Info("unarchived thread", "channel", channelID)
	return do()
}

// editOrRepost edits a message; a table's board that was deleted, or
// whose ID is unknown, is posted anew instead. No edit is sent without a
// message ID.
func (m *Main) editOrRepost(ctx context.Context, s *discordgo.Session, e kit.Edit) error {
	if e.MessageID != "" {
		err := m.unarchived(s, e.ChannelID, func() error { return m.editMessage(s, e) })
		if err == nil || e.TableID == "" || classify(err) != troubleNoMessage {
			return err
		}
		m.log.Warn("board message gone; posting it anew", "table", e.TableID, "channel", e.ChannelID, "message", e.MessageID)
	} else if e.TableID == "" {
		m.log.Warn("edit without a message ID skipped", "channel", e.ChannelID)
		return nil
	}
	return m.postBoard(ctx, s, kit.Post{TableID: e.TableID, ChannelID: e.ChannelID, Message: e.Message})
}

// posted notes in t that p was posted as message id: the new board
// carries the account so far, so it starts afresh.
func posted(t *kit.Table, p kit.Post, id string) {
	t.BoardMsg = id
	t.Notes.Shown, t.Notes.Pending, t.Notes.Changed = t.Notes.Pending, nil, nil
	t.Notes.PicPx = p.PicPx
	switch {
	case p.PicAt != "":
		t.Notes.PicAt, t.Notes.TextPosts, t.Notes.Revealed = p.PicAt, 0, false
	default:
		t.Notes.TextPosts++
	}
	if t.Notes.Undo != nil {
		t.Notes.Undo.Posted = true
	}
}

func (m *Main) editMessage(s *discordgo.Session, e kit.Edit) error {
	e.Message = tidyMessage(e.Message)
	comps := e.Message.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	if err := limitedFor(s, discordgo.EndpointChannelMessage(e.ChannelID, "")); err != nil {
		return err
	}
	_, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: e.ChannelID, ID: e.MessageID,
		Content: &e.Message.Content, Components: &comps, AllowedMentions: mentions(e.Message.Mentions)}, bounded)
	return err
}

// retry runs do, which sends one request to Discord (and may note its
// result), again while Discord answers with a server error (5xx), waiting
// 100 ms, 200 ms, 400 ms… between attempts, or with a 429 (rate limited),
// waiting its retry_after, for at most cfg.RetryBudget in all; a wait that
// would end past the budget is not begun. Then it returns the last error,
// which send reports like any failed post. Only the request is repeated:
// the move it shows was committed before, once. The table's lock is held
// meanwhile, hence the small budget, and discordgo must not wait out a
// 429 on its own (bounded, limitedFor).
func (m *Main) retry(ctx context.Context, what string, do func() error) error {
	return m.retryUntil(ctx, time.Now().Add(m.cfg.RetryBudget), what, do)
}

// retryUntil is retry with no wait begun that would end after deadline.
func (m *Main) retryUntil(ctx context.Context, deadline time.Time, what string, do func() error) error {
	backoff := 100 * time.Millisecond
	for n := 1; ; n++ {
		err := do()
		if err == nil {
			return nil
		}
		wait := backoff
		if ra, ok := rateLimited(err); ok {
			wait = ra
			if time.Now().Add(wait).After(deadline) {
				m.log.Warn("discord rate limit; giving up", "request", what, "attempts", n, "retry_after", ra)
				return err
			}
			m.log.Warn("discord rate limit; waiting", "request", what, "attempt", n, "wait", wait)
		} else {
			if !serverError(err) {
				return err
			}
			if time.Now().Add(wait).After(deadline) {
				m.log.Warn("discord server error; giving up", "request", what, "attempts", n, "err", err)
				return err
			}
			m.log.Warn("discord server error; retrying", "request", what, "attempt", n, "wait", wait, "err", err)
			backoff *= 2
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return err
		}
	}
}

// bounded makes discordgo return a 429 as a *discordgo.RateLimitError
// instead of sleeping its retry_after and trying again without limit:
// every request sent under a table's lock carries it, and retry decides.
var bounded = discordgo.WithRetryOnRatelimit(false)

// limitedFor returns a rate-limit error, without sending anything, when
// discordgo would hold a request on bucket key before sending it (an
// earlier 429 or an exhausted bucket, or a global limit): discordgo
// sleeps that out unbounded, so retry decides instead.
func limitedFor(s *discordgo.Session, key string) error {
	if s.Ratelimiter == nil {
		return nil
	}
	b := s.Ratelimiter.GetBucket(key)
	b.Lock()
	w := s.Ratelimiter.GetWaitTime(b, 1)
	b.Unlock()
	if w <= 0 {
		return nil
	}
	return &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{
		Message: "held by the bucket's own limit", RetryAfter: w}, URL: key}}
}

// rateLimited reports whether err is a 429 (or limitedFor's stand-in for
// one), and how long Discord asked to wait.
func rateLimited(err error) (time.Duration, bool) {
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || rl.RateLimit == nil || rl.TooManyRequests == nil {
		return 0, false
	}
	return max(rl.RetryAfter, 0), true
}

// serverError reports whether err is Discord answering with a 5xx.
// discordgo v0.29 returns a RESTError for most, but after its own quick
// retries of a 502 only a plain error whose text is all there is to go by.
func serverError(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		return re.Response != nil && re.Response.StatusCode >= 500
	}
	return err != nil && strings.HasPrefix(err.Error(), "Exceeded Max retries HTTP 5")
}

// restCode is the JSON error code of Discord's answer, or 0.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}
