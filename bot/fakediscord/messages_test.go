package fakediscord_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

func row(cs ...discordgo.MessageComponent) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: cs}}
}

// TestMessageLimits: a message or modal outside Discord's limits is
// refused with 400 Invalid Form Body, as Discord does, and nothing is made.
func TestMessageLimits(t *testing.T) {
	f := connected(t, nil)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	btn := func(id, label string) discordgo.MessageComponent {
		return discordgo.Button{CustomID: id, Label: label, Style: discordgo.PrimaryButton}
	}
	var opts []discordgo.SelectMenuOption
	for k := range 26 {
		opts = append(opts, discordgo.SelectMenuOption{Label: "o", Value: string(rune('a' + k))})
	}
	cases := map[string]*discordgo.MessageSend{
		"custom_id of 101":   {Components: row(btn(strings.Repeat("x", 101), "b"))},
		"empty custom_id":    {Components: row(btn("", "b"))},
		"label of 81":        {Components: row(btn("a", strings.Repeat("x", 81)))},
		"custom_id twice":    {Components: row(btn("a", "b"), btn("a", "c"))},
		"six buttons in row": {Components: row(btn("a", "b"), btn("b", "b"), btn("c", "b"), btn("d", "b"), btn("e", "b"), btn("f", "b"))},
		"26 options":         {Components: row(discordgo.SelectMenu{CustomID: "s", Options: opts})},
		"value of 101": {Components: row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{
			{Label: "o", Value: strings.Repeat("v", 101)}}})},
		"select beside a button": {Components: row(discordgo.SelectMenu{CustomID: "s", Options: opts[:2]}, btn("a", "b"))},
		"content of 2001":        {Content: strings.Repeat("x", 2001)},
	}
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := s.ChannelMessageSendComplex("700", m)
			var re *discordgo.RESTError
			if !errors.As(err, &re) || re.Response.StatusCode != 400 || re.Message == nil || re.Message.Code != 50035 {
				t.Fatalf("want 400/50035, got %v", err)
			}
		})
	}
	if _, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: strings.Repeat("x", 2000),
		Components: row(btn(strings.Repeat("x", 100), strings.Repeat("y", 80)))}); err != nil {
		t.Errorf("a message at the limits was refused: %v", err)
	}
	i := &discordgo.Interaction{ID: "1", AppID: f.AppID, Token: "tok"}
	err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: "m", Title: strings.Repeat("t", 46), Components: row(discordgo.TextInput{CustomID: "a", Label: "l", Style: discordgo.TextInputShort})}})
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != 400 {
		t.Errorf("a modal titled in 46 characters: %v", err)
	}
}

// TestClickChecks: a click is delivered only with a component and values
// that its message carried, and a form only if the bot opened it for the
// user and its text fits; DispatchForged delivers the rest (on a message
// the bot sent: TestClickOnlyWhatIsShown).
func TestClickChecks(t *testing.T) {
	f := connected(t, nil)
	two := 2
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	m, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "board", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{CustomID: "go", Label: "Go", Style: discordgo.PrimaryButton}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "pick", Options: []discordgo.SelectMenuOption{
			{Label: "A", Value: "a"}, {Label: "B", Value: "b"}}}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "several", MinValues: &two, MaxValues: 3, Options: []discordgo.SelectMenuOption{
			{Label: "A", Value: "a"}, {Label: "B", Value: "b"}, {Label: "C", Value: "c"}, {Label: "D", Value: "d"}}}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{CustomID: "off", Label: "Off", Style: discordgo.SecondaryButton, Disabled: true}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "offpick", Disabled: true, Options: []discordgo.SelectMenuOption{
			{Label: "A", Value: "a"}}}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	// The form opens on a click of user 50's.
	if err := f.Dispatch(map[string]any{"id": "1", "token": "tok", "type": 3, "guild_id": "70", "channel_id": "700",
		"member": map[string]any{"user": map[string]any{"id": "50"}}, "message": map[string]any{"id": m.ID},
		"data": map[string]any{"custom_id": "go", "component_type": 2}}); err != nil {
		t.Fatal(err)
	}
	i := &discordgo.Interaction{ID: "1", AppID: f.AppID, Token: "tok"}
	if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: "form", Title: "Bid", Components: row(discordgo.TextInput{CustomID: "amount", Label: "Amount", Style: discordgo.TextInputShort, Required: true, MinLength: 1, MaxLength: 5})}}); err != nil {
		t.Fatal(err)
	}
	click := func(msg, id string, values ...string) map[string]any {
		d := map[string]any{"custom_id": id, "component_type": 2}
		if values != nil {
			d["component_type"], d["values"] = 3, values
		}
		return map[string]any{"id": "2", "token": "t2", "type": 3, "guild_id": "70", "channel_id": "700",
			"member": map[string]any{"user": map[string]any{"id": "50"}}, "message": map[string]any{"id": msg}, "data": d}
	}
	submit := func(id, text string) map[string]any {
		return map[string]any{"id": "3", "token": "t3", "type": 5, "guild_id": "70", "channel_id": "700",
			"member": map[string]any{"user": map[string]any{"id": "50"}}, "data": map[string]any{"custom_id": id,
				"components": []any{map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "amount", "value": text}}}}}}
	}
	good := map[string]map[string]any{
		"button":             click(m.ID, "go"),
		"select value":       click(m.ID, "pick", "b"),
		"min_values picked":  click(m.ID, "several", "a", "c"),
		"max_values picked":  click(m.ID, "several", "a", "c", "d"),
		"form":               submit("form", "12345"),
		"form at min length": submit("form", "1"),
	}
	for name, i := range good {
		if err := f.Dispatch(i); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := map[string]map[string]any{
		"not on the message":    click(m.ID, "stop"),
		"value not offered":     click(m.ID, "pick", "z"),
		"button as a select":    click(m.ID, "go", "a"),
		"a value twice":         click(m.ID, "pick", "a", "a"),
		"two of a single pick":  click(m.ID, "pick", "a", "b"),
		"none of a single pick": click(m.ID, "pick", []string{}...),
		"under min_values":      click(m.ID, "several", "a"),
		"over max_values":       click(m.ID, "several", "a", "b", "c", "d"),
		"custom_id of 101":      click(m.ID, strings.Repeat("x", 101)),
		"26 values":             click(m.ID, "s", strings.Split(strings.Repeat("a,", 25)+"a", ",")...),
		"disabled button":       click(m.ID, "off"),
		"disabled select":       click(m.ID, "offpick", "a"),
		"form never opened":     submit("other", "1"),
		"text over max_length":  submit("form", "123456"),
		"required text empty":   submit("form", ""),
	}
	for name, i := range bad {
		if err := f.Dispatch(i); !errors.Is(err, fakediscord.ErrUndeliverable) {
			t.Errorf("%s: delivered (err %v)", name, err)
		}
		if err := f.DispatchForged(i); err != nil {
			t.Errorf("%s: DispatchForged: %v", name, err)
		}
	}
	// An edit that enables "off" and disables "go": the message as last
	// sent is what the client shows.
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{CustomID: "go", Label: "Go", Style: discordgo.PrimaryButton, Disabled: true},
		discordgo.Button{CustomID: "off", Label: "Off", Style: discordgo.SecondaryButton}}}}
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: "700", ID: m.ID, Components: &rows}); err != nil {
		t.Fatal(err)
	}
	if err := f.Dispatch(click(m.ID, "off")); err != nil {
		t.Errorf("a button enabled by an edit: %v", err)
	}
	if err := f.Dispatch(click(m.ID, "go")); !errors.Is(err, fakediscord.ErrUndeliverable) || !strings.Contains(err.Error(), "disabled") {
		t.Errorf("a button disabled by an edit: delivered (err %v)", err)
	}
}

// TestAttachmentDescriptions: an attachment's description (alt text) is
// at most 1024 characters and names a file sent; Discord answers with its
// own attachment objects, the description kept.
func TestAttachmentDescriptions(t *testing.T) {
	f := connected(t, nil)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	post := func(id, alt string) ([]byte, error) {
		body := map[string]any{"content": "x", "attachments": []any{map[string]any{"id": id, "description": alt}}}
		ct, b, err := discordgo.MultipartBodyWithJSON(body, []*discordgo.File{{Name: "a.png", ContentType: "image/png", Reader: strings.NewReader("png")}})
		if err != nil {
			t.Fatal(err)
		}
		return s.RequestRaw("POST", discordgo.EndpointChannelMessages("700"), ct, b, "", 0)
	}
	for name, c := range map[string][2]string{"description of 1025": {"0", strings.Repeat("x", 1025)}, "id of no file": {"1", "x"}} {
		var re *discordgo.RESTError
		if _, err := post(c[0], c[1]); !errors.As(err, &re) || re.Response.StatusCode != 400 {
			t.Errorf("%s: want 400, got %v", name, err)
		}
	}
	resp, err := post("0", strings.Repeat("x", 1024))
	if err != nil {
		t.Fatalf("an alt text of 1024 characters was refused: %v", err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil || len(m.Attachments) != 1 || m.Attachments[0].ID == "" {
		t.Fatalf("the answer's attachments: %v %s", err, resp)
	}
	if d := fakediscord.Descriptions(f.Calls()[len(f.Calls())-1].Body, 1); d[0] != strings.Repeat("x", 1024) {
		t.Errorf("Descriptions = %q", d)
	}
}
