package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// commandPuts are the bulk overwrites of commands among calls.
func commandPuts(calls []fakeCall) []fakeCall {
	var out []fakeCall
	for _, c := range calls {
		if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") {
			out = append(out, c)
		}
	}
	return out
}

// TestCommandNamesWithPolishLetters: the commands are registered with their
// Polish names spelt with Polish letters ("dołącz", "ręka", "wyjdź").
func TestCommandNamesWithPolishLetters(t *testing.T) {
	h := newHarness(t)
	puts := commandPuts(h.fd.callsSince(0))
	if len(puts) != 1 || puts[0].Status != 200 {
		t.Fatalf("registrations: %+v", puts)
	}
	for _, name := range []string{"dołącz", "ręka", "wyjdź", "zastępstwo", "domyślny", "język"} {
		if !strings.Contains(string(puts[0].Body), `"`+name+`"`) {
			t.Errorf("registered commands lack %q", name)
		}
	}
}

// TestCommandNamesRefusedFallBackToASCII: when Discord refuses the
// overwrite over a Polish name (400, 50035) the bot registers the commands
// again with ASCII names, logs it, and serves commands.
func TestCommandNamesRefusedFallBackToASCII(t *testing.T) {
	h := newHarness(t)
	h.stop()
	h.fd.RefuseName("dołącz")
	n := h.fd.numCalls()
	h.start()
	h.fd.waitUntil("the ASCII registration", func(calls []fakeCall) bool {
		p := commandPuts(calls[n:])
		return len(p) == 2 && p[1].Status != 0
	})
	puts := commandPuts(h.fd.callsSince(n))
	if puts[0].Status != 400 || !strings.Contains(string(puts[0].Reply), "50035") {
		t.Errorf("first registration: %d %s, want 400 with 50035", puts[0].Status, puts[0].Reply)
	}
	if puts[1].Status != 200 {
		t.Fatalf("second registration: %d %s", puts[1].Status, puts[1].Reply)
	}
	body := string(puts[1].Body)
	for _, name := range []string{"dolacz", "reka", "wyjdz", "zastepstwo", "domyslny", "jezyk"} {
		if !strings.Contains(body, `"`+name+`"`) {
			t.Errorf("ASCII registration lacks %q", name)
		}
	}
	for _, name := range []string{"dołącz", "ręka", "wyjdź", "zastępstwo", "domyślny", "język", "cała"} {
		if strings.Contains(body, `"`+name+`"`) {
			t.Errorf("ASCII registration still names %q", name)
		}
	}
	// The warning follows the answer to the second overwrite.
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(h.logBuf.String(), "spelt in ASCII") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(h.logBuf.String(), "spelt in ASCII") {
		t.Errorf("the fallback was not logged:\n%s", h.logBuf.String())
	}
	// The bot serves commands afterwards.
	if r := mustPrivate(t, h.commandAs("pl", "", players[0], 0, "rules", nil)); r.Content == "" {
		t.Error("no answer to /tt zasady after the ASCII registration")
	}
}

// TestRegistrationFitsDiscord: the commands of every title the program
// installs (cmd/tinnersbot: the game choices, each option's Polish name
// and description) pass the fake's checks of a registration as Discord
// makes them: locales it knows, localized names and descriptions by its
// rules, at most 8,000 characters a command at their longest
// localizations. The ASCII fallback's commands too (registerCommands).
func TestRegistrationFitsDiscord(t *testing.T) {
	f := fakediscord.New()
	t.Cleanup(f.Close)
	s, err := discordgo.New("Bot x")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = f.Client()
	cmds := commands(engine.NewRegistry(tinners.Title, coalbaron.Title, brass.Title, mineshaft.Title))
	for name, cs := range map[string][]*discordgo.ApplicationCommand{"as registered": cmds, "spelt in ASCII": asciiCommands(cmds)} {
		if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", cs); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
