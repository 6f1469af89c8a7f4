package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// playtestOptionCases play every lobby option of every installed title
// (TestPlaytestOptionsCoverEveryTitle holds that): the options given with
// --options and what the stored game's options must then hold.
var playtestOptionCases = []struct {
	name, game, players, options string
	want                         map[string]any
}{
	{"tinners modules", "tinners", "2", "arsenic,emigration,kickstarter", map[string]any{"Arsenic": true, "Emigration": true, "Kickstarter": true}},
	{"tinners solo difficulty", "tinners", "1",
		"kickstarter,better-mines,cheap-labour,more-mines=2,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases",
		map[string]any{"Solo": true, "Kickstarter": true, "better-mines": true, "cheap-labour": true, "more-mines": 2.0, "deep-pockets": true,
			"friends-in-high-places": true, "financial-sabotage": true, "bailing-out": true, "shady-land-purchases": true}},
	{"tinners solo one more mine", "tinners", "1", "more-mines", map[string]any{"Solo": true, "more-mines": 1.0}},
	{"brass intro", "brass", "2", "intro", map[string]any{"intro": true}},
}

// TestPlaytestOptions plays whole games with `playtest --options`: the
// host opens the table with the title's /tt new options and chooses the
// solo ones on the lobby's select, and the game stored was set up with
// every one of them. Outside the full pass none plays (a whole game takes
// about 20 s under -race, and the other playtests cover the flow there);
// the full pass plays them all.
func TestPlaytestOptions(t *testing.T) {
	for _, c := range playtestOptionCases {
		t.Run(c.name, func(t *testing.T) {
			testenv.FullOnly(t)
			var out, errb bytes.Buffer
			args := []string{"--game", c.game, "--players", c.players, "--seed", "2", "--fake-render", "--options", c.options}
			if code := runPlaytest(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("exit %d\nstderr: %s", code, errb.String())
			}
			var st playtest.Stats
			if err := json.Unmarshal(out.Bytes(), &st); err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(st.Options, &got); err != nil {
				t.Fatalf("stored options %s: %v", st.Options, err)
			}
			if !st.Completed {
				t.Errorf("the game did not complete")
			} else {
				testenv.Played(t, 1)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("stored options %s: %s is %v, want %v", st.Options, k, got[k], v)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("stored options %s, want exactly %v", st.Options, c.want)
			}
		})
	}
}

// TestPlaytestOptionsCoverEveryTitle: every lobby option of every
// installed title is played by some case of TestPlaytestOptions, so a
// title's new option gets a case.
func TestPlaytestOptionsCoverEveryTitle(t *testing.T) {
	for _, ti := range titles().All() {
		mt := ti.Meta()
		for _, o := range mt.Options {
			played := false
			for _, c := range playtestOptionCases {
				for _, k := range strings.Split(c.options, ",") {
					name, _, _ := strings.Cut(k, "=")
					played = played || c.game == mt.ID && name == o.Key
				}
			}
			if !played {
				t.Errorf("%s's option %s is played by no case of TestPlaytestOptions", mt.Name, o.Key)
			}
		}
	}
}

// TestPlaytestOptionsRefused: an option the title lacks, a solo option at
// a table of several, a choice's unknown value and a value on a switch are
// usage errors (exit 2) before anything plays.
func TestPlaytestOptionsRefused(t *testing.T) {
	for _, c := range []struct{ game, players, options, says string }{
		{"coalbaron", "2", "arsenic", `no lobby option "arsenic"`},
		{"tinners", "3", "deep-pockets", "one-seat game"},
		{"tinners", "1", "more-mines=3", "more-mines=1|2"},
		{"tinners", "2", "arsenic=1", "is a switch"},
		{"brass", "2", "intro,nosuch", "nosuch"},
	} {
		t.Run(c.game+" "+c.options, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := runPlaytest(context.Background(), []string{"--game", c.game, "--players", c.players, "--options", c.options}, &out, &errb); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(errb.String(), c.says) {
				t.Errorf("stderr %q does not say %q", errb.String(), c.says)
			}
		})
	}
}
