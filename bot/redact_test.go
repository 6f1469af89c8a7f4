package bot

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// TestTokensNeverLogged: when the network fails under a request that
// carries an interaction token (the acknowledgement, the reply, a
// follow-up), the error logged names the request but not the token, which
// would let a reader of the log answer as the bot for 15 minutes.
func TestTokensNeverLogged(t *testing.T) {
	for _, c := range []struct {
		name, method, path, logged string
	}{
		{"reply", "PATCH", "/webhooks/*/*/messages/@original", "reply to interaction"},
		{"acknowledgement", "POST", "/interactions/*/*/callback", "acknowledge interaction"},
		{"follow-up", "POST", "/webhooks/*/*", "reply to interaction"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			_, d := toActionTurn(t, h)
			h.inject(fakediscord.Hangup(c.method, c.path, 1))
			n := len(h.logBuf.String())
			if c.name == "follow-up" {
				// A click on the public board is answered by a follow-up.
				other := players[1]
				if other == d.actor() {
					other = players[2]
				}
				pass, _ := d.board.button("Pass")
				h.click(other, d.board.ID, false, pass.CustomID)
			} else {
				h.command(players[0], 0, "settings", nil)
			}
			log := h.logBuf.String()[n:]
			if !strings.Contains(log, c.logged) {
				t.Fatalf("no %q line in the log:\n%s", c.logged, log)
			}
			if strings.Contains(log, "/tok") {
				t.Fatalf("a token reached the log:\n%s", log)
			}
			if !strings.Contains(log, "<redacted>") || !strings.Contains(log, "EOF") {
				t.Errorf("the network error itself is gone from the log:\n%s", log)
			}
		})
	}
}

// TestRedact: every form a token takes in an error (in a webhook or
// interaction URL, escaped or not, in a string, an error, a group) is
// replaced; what surrounds it stays.
func TestRedact(t *testing.T) {
	const tok = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpsb25nLXRva2VuLXZhbHVl"
	for _, c := range []struct{ in, want string }{
		{`Patch "https://discord.com/api/v10/webhooks/111/` + tok + `/messages/@original": EOF`,
			`Patch "https://discord.com/api/v10/webhooks/111/<redacted>/messages/@original": EOF`},
		{`Post "https://discord.com/api/v10/interactions/222/` + tok + `/callback": EOF`,
			`Post "https://discord.com/api/v10/interactions/222/<redacted>/callback": EOF`},
		{`https://discord.com/api/webhooks/333/` + tok, `https://discord.com/api/webhooks/333/<redacted>`},
		{`https:\/\/discord.com\/api\/webhooks\/333\/` + tok, `https:\/\/discord.com\/api\/webhooks\/333\/<redacted>`},
		{`/channels/1/messages/2`, `/channels/1/messages/2`},
	} {
		if got := redact(c.in); got != c.want {
			t.Errorf("redact(%q)\n= %q\nwant %q", c.in, got, c.want)
		}
	}
	var buf bytes.Buffer
	log := redacting(slog.New(slog.NewTextHandler(&buf, nil)))
	uerr := &url.Error{Op: "Patch", URL: "https://discord.com/api/v10/webhooks/111/" + tok + "/messages/@original", Err: errors.New("EOF")}
	log.With("at", "/webhooks/1/"+tok).WithGroup("g").Error("reply to interaction "+"/interactions/5/"+tok+"/callback",
		"err", fmt.Errorf("send: %w", uerr), "s", "/webhooks/1/"+tok, "any", []string{"/webhooks/1/" + tok},
		slog.Group("in", "err", uerr))
	if strings.Contains(buf.String(), tok) || strings.Count(buf.String(), "<redacted>") != 6 {
		t.Fatalf("log line: %s", buf.String())
	}
}
