package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRunBotWithoutToken(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	var out, errb bytes.Buffer
	code := runBot(context.Background(), nil, &out, &errb)
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	msg := errb.String()
	if !strings.Contains(msg, "DISCORD_TOKEN") || strings.Count(msg, "\n") != 1 {
		t.Errorf("stderr %q: want one line naming DISCORD_TOKEN", msg)
	}
}

// TestFaultDiscordURLLoopbackOnly: TINNERS_DISCORD_URL accepts only plain
// http on a loopback address, so the token cannot be sent elsewhere.
func TestFaultDiscordURLLoopbackOnly(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:1234", "http://[::1]:80", "http://localhost:9"} {
		if _, err := loopbackClient(u); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"https://127.0.0.1:1", "http://10.0.0.1:80", "http://discord.com", "http://127.0.0.1.evil.example:80", "ftp://127.0.0.1"} {
		if _, err := loopbackClient(u); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	t.Setenv("DISCORD_TOKEN", "x")
	t.Setenv("TINNERS_DISCORD_URL", "http://example.com")
	var out, errb bytes.Buffer
	if code := runBot(context.Background(), []string{"--db", t.TempDir() + "/t.db"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "loopback") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}
