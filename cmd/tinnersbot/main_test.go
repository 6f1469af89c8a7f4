package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestHelpListsEveryCommand: "help", "-h" and "--help" print the usage
// (every subcommand) on stdout and exit 0, without starting the bot.
func TestHelpListsEveryCommand(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "") // were the bot started, it would exit 2
	for _, arg := range []string{"help", "-h", "--help", "-help"} {
		t.Run(arg, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := dispatch(context.Background(), []string{arg}, &out, &errb); code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
			if errb.Len() != 0 {
				t.Errorf("stderr %q, want nothing", errb.String())
			}
			var names []string
			for name := range commands() {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				if !strings.Contains(out.String(), "tinnersbot "+name) && !strings.Contains(out.String(), "tinnersbot ["+name+"]") {
					t.Errorf("usage does not list %q:\n%s", name, out.String())
				}
			}
		})
	}
}

// TestUnknownCommandUsage: an unknown subcommand exits 2 with the usage on
// stderr.
func TestUnknownCommandUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch(context.Background(), []string{"nosuch"}, &out, &errb); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "tinnersbot playtest") {
		t.Errorf("stderr %q does not carry the usage", errb.String())
	}
}
