package fakediscord_test

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// TestClickOnlyWhatIsShown: Discord delivers a component interaction only
// from a message that is there for the user who clicked: one the bot sent
// and has not deleted, in the interaction's channel, an ephemeral one only
// for the user it answered, carried in the payload as it is. Not even a
// forged interaction (DispatchForged) gets past that; a real message, a
// public one for anybody, an ephemeral one for its user, is delivered.
func TestClickOnlyWhatIsShown(t *testing.T) {
	t.Parallel()
	f := connected(t, nil)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	goBtn := row(discordgo.Button{CustomID: "go", Label: "Go", Style: discordgo.PrimaryButton})
	board, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "board", Components: goBtn})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "old", Components: goBtn})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ChannelMessageDelete("700", gone.ID); err != nil {
		t.Fatal(err)
	}
	n := 0
	click := func(user, msg, channel string, ephemeral bool) map[string]any {
		n++
		flags := 0
		if ephemeral {
			flags = 64
		}
		return map[string]any{"id": "1", "token": "t" + string(rune('a'+n)), "type": 3, "guild_id": "70", "channel_id": channel,
			"member":  map[string]any{"user": map[string]any{"id": user}},
			"message": map[string]any{"id": msg, "channel_id": channel, "flags": flags},
			"data":    map[string]any{"custom_id": "go", "component_type": 2}}
	}
	// User 50 clicks the board; the bot answers with an ephemeral menu
	// (a reply), then an ephemeral follow-up, then a public follow-up.
	first := click("50", board.ID, "700", false)
	if err := f.Dispatch(first); err != nil {
		t.Fatal(err)
	}
	it := &discordgo.Interaction{ID: "1", AppID: f.AppID, Token: first["token"].(string)}
	if err := s.InteractionRespond(it, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "menu", Flags: discordgo.MessageFlagsEphemeral, Components: goBtn}}); err != nil {
		t.Fatal(err)
	}
	menu, ok := f.OriginalID(it.Token)
	if !ok {
		t.Fatal("no @original for the ephemeral reply")
	}
	if calls := f.Calls(); calls[len(calls)-1].Original != menu {
		t.Errorf("the callback's recorded Original is %q, want %q", calls[len(calls)-1].Original, menu)
	}
	follow, err := s.FollowupMessageCreate(it, true, &discordgo.WebhookParams{Content: "more", Flags: discordgo.MessageFlagsEphemeral, Components: goBtn})
	if err != nil {
		t.Fatal(err)
	}
	public, err := s.FollowupMessageCreate(it, true, &discordgo.WebhookParams{Content: "all", Components: goBtn})
	if err != nil {
		t.Fatal(err)
	}
	if edited, err := s.FollowupMessageEdit(it, follow.ID, &discordgo.WebhookEdit{Components: &goBtn}); err != nil || edited.ID != follow.ID {
		t.Fatalf("an edited follow-up: %v, %v, want ID %s", edited, err, follow.ID)
	}
	good := map[string]map[string]any{
		"the board, another user":       click("51", board.ID, "700", false),
		"the ephemeral menu, its user":  click("50", menu, "700", true),
		"ephemeral follow-up, its user": click("50", follow.ID, "700", true),
		"public follow-up, another":     click("51", public.ID, "700", false),
	}
	for name, i := range good {
		if err := f.Dispatch(i); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := map[string]map[string]any{
		"a made-up ID":                    click("50", "eph1", "700", true),
		"a made-up snowflake":             click("50", "123456789012345678", "700", false),
		"a deleted message":               click("50", gone.ID, "700", false),
		"another user's ephemeral menu":   click("51", menu, "700", true),
		"another user's ephemeral reply":  click("51", follow.ID, "700", true),
		"the board from another channel":  click("50", board.ID, "701", false),
		"the board said to be ephemeral":  click("50", board.ID, "700", true),
		"the menu said to be public":      click("50", menu, "700", false),
		"an interaction without its user": func() map[string]any { i := click("50", menu, "700", true); delete(i, "member"); return i }(),
	}
	for name, i := range bad {
		if err := f.Dispatch(i); !errors.Is(err, fakediscord.ErrUndeliverable) {
			t.Errorf("%s: delivered (err %v)", name, err)
		}
		if err := f.DispatchForged(i); !errors.Is(err, fakediscord.ErrUndeliverable) {
			t.Errorf("%s: delivered forged (err %v)", name, err)
		}
	}
	// A forged custom ID on a real message passes DispatchForged only.
	forged := click("50", board.ID, "700", false)
	forged["data"] = map[string]any{"custom_id": "stop", "component_type": 2}
	if err := f.Dispatch(forged); !errors.Is(err, fakediscord.ErrUndeliverable) {
		t.Errorf("a custom ID the board never carried: delivered (err %v)", err)
	}
	if err := f.DispatchForged(forged); err != nil {
		t.Errorf("a forged custom ID on the board: %v", err)
	}
}

// TestModalOnlyForItsUser: a modal's submission comes only from a user
// the bot opened it for.
func TestModalOnlyForItsUser(t *testing.T) {
	t.Parallel()
	f := connected(t, nil)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	board, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "board",
		Components: row(discordgo.Button{CustomID: "bid", Label: "Bid", Style: discordgo.PrimaryButton})})
	if err != nil {
		t.Fatal(err)
	}
	interaction := func(token string, typ int, user string, data map[string]any) map[string]any {
		return map[string]any{"id": "1", "token": token, "type": typ, "guild_id": "70", "channel_id": "700",
			"member": map[string]any{"user": map[string]any{"id": user}}, "message": map[string]any{"id": board.ID, "channel_id": "700"}, "data": data}
	}
	if err := f.Dispatch(interaction("t1", 3, "50", map[string]any{"custom_id": "bid", "component_type": 2})); err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(&discordgo.Interaction{ID: "1", AppID: f.AppID, Token: "t1"}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: "form", Title: "Bid",
			Components: row(discordgo.TextInput{CustomID: "amount", Label: "Amount", Style: discordgo.TextInputShort})}}); err != nil {
		t.Fatal(err)
	}
	submit := func(token, user string) map[string]any {
		return interaction(token, 5, user, map[string]any{"custom_id": "form", "components": []any{map[string]any{"type": 1,
			"components": []any{map[string]any{"type": 4, "custom_id": "amount", "value": "3"}}}}})
	}
	if err := f.Dispatch(submit("t2", "50")); err != nil {
		t.Errorf("the user's own modal: %v", err)
	}
	if err := f.Dispatch(submit("t3", "51")); !errors.Is(err, fakediscord.ErrUndeliverable) {
		t.Errorf("another user's modal: delivered (err %v)", err)
	}
}
