// Command tinnersbot runs the Tinners' Trail Discord bot (the default) and
// its tools: sim, replay, render, backup, check, export, import, playtest and loadtest.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// command is one subcommand: it gets the arguments after its name and
// returns the process exit code.
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) int

func commands() map[string]command {
	return map[string]command{
		"run":      runBot,
		"sim":      runSim,
		"replay":   runReplay,
		"render":   runRender,
		"backup":   runBackup,
		"check":    runCheck,
		"export":   runExport,
		"import":   runImport,
		"playtest": runPlaytest,
		"loadtest": runLoadtest,
		"migrate":  runMigrate,
		"arena":    runArena,
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// dispatch runs the named subcommand; with no name (or a flag first) it
// runs the bot. "help", "-h", "--help" (and "-help", as the flag package
// reads it) print the subcommands and exit 0.
func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "run"
	if len(args) > 0 && isHelp(args[0]) {
		name = "help"
	} else if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	cmd, ok := commands()[name]
	if !ok {
		fmt.Fprintf(stderr, "tinnersbot: unknown command %q\n", name)
		usage(stderr)
		return 2
	}
	return cmd(ctx, args, stdout, stderr)
}

// isHelp reports whether arg asks for the list of subcommands.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "--help", "-help":
		return true
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  tinnersbot help | -h | --help         this list; "tinnersbot COMMAND -h" lists a command's flags
  tinnersbot [run]                      run the Discord bot (needs DISCORD_TOKEN)
  tinnersbot sim [--game ID] --games N --players P --seed S [--options LIST] [--record FILE]
  tinnersbot replay FILE                replay a game record, print the final state
  tinnersbot render FILE [--at N] -o out.png
  tinnersbot backup FILE                hot backup of the database
  tinnersbot check [FILE]               verify every record of the database; one line per damaged game
  tinnersbot export GAMEID [-o FILE]    one game as a JSON record
  tinnersbot import FILE                import a JSON record as a finished game
  tinnersbot playtest [--game ID] --players N --seed S [--options LIST] [--out DIR] [--fake-render] [--record FILE] [--locale pl]
                                        play one game through a local fake Discord
  tinnersbot migrate --from FILE.db --to postgres://…
                                        copy every game of a BoltDB file into PostgreSQL
  tinnersbot loadtest [--tables 100] [--rate 50] [--seconds 60] [--faults 0.02] [--render]
                                        many tables at once through a local fake Discord, with faults
  tinnersbot arena --game ID --seats bot,random --games N [--budget P] [--options O]
                                        seat-rotated bot tournaments: win rates, margins, 95 % intervals
`)
}
