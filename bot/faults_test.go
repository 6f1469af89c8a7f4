package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestFaultPreflight: without a permission it needs in the channel, the
// bot refuses /tt new (and the other posting commands and clicks) with a
// sentence naming what is missing, and creates or changes nothing.
func TestFaultPreflight(t *testing.T) {
	h := newHarness(t)
	noFiles := allPerms &^ discordgo.PermissionAttachFiles
	i := commandInteraction(players[0], 0, "new", map[string]any{"players": 3})
	i["app_permissions"] = fmt.Sprint(noFiles)
	calls := h.send(i)
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, "**Attach Files**") || strings.Contains(r.Content, "Embed") ||
		!strings.Contains(r.Content, "Edit Channel → Permissions") {
		t.Errorf("refusal: %q", r.Content)
	}
	if len(boardPosts(t, calls)) != 0 {
		t.Error("a refused /tt new posted")
	}
	if _, err := h.m.store.TableInChannel(context.Background(), testChannel); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a refused /tt new left a table: %v", err)
	}

	// In a thread, Send Messages in Threads is what counts.
	i = commandInteraction(players[0], 0, "new", nil)
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionSendMessagesInThreads)
	i["channel"] = map[string]any{"id": testChannel, "type": 11}
	if r := mustPrivate(t, h.send(i)); !strings.Contains(r.Content, "**Send Messages in Threads**") || !strings.Contains(r.Content, "thread") {
		t.Errorf("thread refusal: %q", r.Content)
	}

	// With the permissions a table opens; then a join click and /tt start
	// without them are refused and change nothing.
	id, board := openTable(t, h)
	defer unchanged(t, h, id)()
	i = commandInteraction(players[0], 0, "board", nil)
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionViewChannel &^ discordgo.PermissionEmbedLinks)
	calls = h.send(i)
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "**View Channel** and **Embed Links**") || len(boardPosts(t, calls)) != 0 {
		t.Errorf("board refusal: %q", r.Content)
	}
	click := map[string]any{"type": 3, "member": member("500000000000000009", 0), "app_permissions": fmt.Sprint(noFiles),
		"message": map[string]any{"id": board.ID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data":    map[string]any{"custom_id": "tl:" + id + ":join", "component_type": 2}}
	if r := mustPrivate(t, h.send(click)); !strings.Contains(r.Content, "**Attach Files**") {
		t.Errorf("click refusal: %q", r.Content)
	}
}
