package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// The gateway on bad days (docs/discord-failures.md). discordgo v0.29
// reconnects by itself after any drop, resuming on the original gateway
// URL, and never gives up: a fatal close code (a bad token, disallowed
// intents) would loop for ever. It reports the close only in its own log
// lines, so the bot reads those: a fatal code ends Run with an error.

// fatalClose names the gateway close codes after which reconnecting is
// pointless (Discord's documented "do not reconnect" codes).
var fatalClose = map[int]string{
	4004: "authentication failed: the bot token is wrong or was reset",
	4010: "invalid shard",
	4011: "sharding required",
	4012: "invalid API version",
	4013: "invalid intents",
	4014: "disallowed intents: enable them for the bot in the Developer Portal",
}

// discordgo has one package-level logger; every running Main listens.
var (
	dgLogOnce  sync.Once
	dgMu       sync.Mutex
	dgWatchers = map[*Main]chan int{}
)

// watchGateway routes discordgo's log to m's logger and returns a channel
// that receives a fatal close code; stop ends the watch.
func (m *Main) watchGateway() (fatal <-chan int, stop func()) {
	dgLogOnce.Do(func() { discordgo.Logger = discordgoLog })
	ch := make(chan int, 1)
	dgMu.Lock()
	dgWatchers[m] = ch
	dgMu.Unlock()
	return ch, func() {
		dgMu.Lock()
		delete(dgWatchers, m)
		dgMu.Unlock()
	}
}

func discordgoLog(level, _ int, format string, a ...any) {
	code := 0
	for _, x := range a {
		var ce *websocket.CloseError
		if err, ok := x.(error); ok && errors.As(err, &ce) && fatalClose[ce.Code] != "" {
			code = ce.Code
		}
	}
	lv := slog.LevelDebug
	switch level {
	case discordgo.LogError:
		lv = slog.LevelError
	case discordgo.LogWarning:
		lv = slog.LevelWarn
	}
	msg := fmt.Sprintf(format, a...)
	dgMu.Lock()
	defer dgMu.Unlock()
	for m, ch := range dgWatchers {
		m.log.Log(context.Background(), lv, "discordgo", "msg", msg)
		if code != 0 {
			select {
			case ch <- code:
			default:
			}
		}
	}
}
