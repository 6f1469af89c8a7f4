package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// runPlaytest plays one game through a local fake Discord and the real bot
// (bot/playtest): simulated players click only what the bot offers. With
// --out DIR it writes DIR/stats.json (also on failure), DIR/transcript.md,
// every PNG posted as DIR/NNN-name.png and keeps the database as
// DIR/tinners.db; without it, it prints the stats as JSON. Exit 1 when the
// game does not complete. With --record FILE it writes every request the
// bot made to the fake Discord to FILE as JSON lines.
func runPlaytest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("playtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", tinners.ID, "the title to play: "+titles().IDs())
	players := fs.Int("players", 3, "players, within the title's range (Tinners' Trail 1..5 — 1 is the solo game against Lord Wallace —, Coal Baron, Brass: Birmingham and Mine Shaft 2..4)")
	seed := fs.Uint64("seed", 1, "seed of the players' choices and of the game")
	out := fs.String("out", "", "write stats.json, transcript.md, the PNGs and the database to this directory")
	max := fs.Int("max", 5000, "give up after this many interactions")
	record := fs.String("record", "", "write every request the bot made to the fake Discord to this file, as JSON lines")
	locale := fs.String("locale", "", `every player's and the server's Discord locale ("pl": a Polish table; the stats then count the English words shown)`)
	options := fs.String("options", "", "the title's lobby options, comma-separated, as /tt new and the lobby offer them (Tinners' Trail: arsenic, emigration, kickstarter and, with --players 1, Lord Wallace's difficulty better-mines, cheap-labour, more-mines, more-mines=2, deep-pockets, friends-in-high-places, financial-sabotage, bailing-out, shady-land-purchases; Brass: Birmingham: intro)")
	bots := fs.Int("bots", 0, "bot seats the host adds in the lobby besides the players (players + bots within the title's range)")
	botBudget := fs.Int("bot-budget", 0, "the bots' play-outs per decision (0: the table's own, about 300 ms a move)")
	fake := fs.Bool("fake-render", false, "post tiny placeholder pictures instead of rendering (fast; image sizes meaningless)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	t, err := titles().Get(*game)
	if fs.NArg() != 0 || err != nil || *bots < 0 || *players+*bots < t.Meta().MinSeats || *players+*bots > t.Meta().MaxSeats {
		if err != nil {
			fmt.Fprintln(stderr, "tinnersbot playtest:", err)
		}
		fmt.Fprintln(stderr, playtestUsage)
		return 2
	}
	var keys []string
	for _, k := range strings.Split(*options, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	opt := playtest.Options{Game: *game, Titles: titles(), Renderers: renderers(), UIs: uis(), Players: *players, Seed: *seed, MaxInteractions: *max, Locale: *locale, GameOptions: keys,
		Bots: *bots, BotPlayouts: *botBudget}
	if err := playtest.CheckGameOptions(t, *players+*bots, keys); err != nil {
		fmt.Fprintln(stderr, "tinnersbot playtest:", err)
		fmt.Fprintln(stderr, playtestUsage)
		return 2
	}
	if *fake {
		opt.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake board"), nil }
		opt.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake hand"), nil }
		opt.Renderers = fakeRenderers()
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", err)
			return 1
		}
		opt.Dir = *out
	}
	if *record != "" {
		f, err := os.Create(*record)
		if err != nil {
			fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", err)
			return 1
		}
		defer f.Close()
		w := bufio.NewWriter(f)
		defer w.Flush()
		opt.Record = w
	}
	res, playErr := playtest.Play(ctx, opt)
	if res == nil {
		fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", playErr)
		return 1
	}
	js, err := json.MarshalIndent(res.Stats, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", err)
		return 1
	}
	js = append(js, '\n')
	if *out == "" {
		stdout.Write(js)
	} else if err := writePlaytest(*out, js, res); err != nil {
		fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", err)
		return 1
	} else {
		fmt.Fprintf(stdout, "wrote %s: stats.json, transcript.md, %d pictures\n", *out, len(res.Images))
		st := res.Stats
		fmt.Fprintf(stdout, "%d game posts at 400 px wide: median %d px, max %d px, at most %d lines of text; %.2f clicks per decision\n",
			st.PostsMeasured, st.PostHeightMedian, st.PostHeightMax, st.PostLinesMax, st.ClicksPerDecision)
		if s := st.Story; s != nil {
			fmt.Fprintf(stdout, "the posts tell %d of %d actions; %d posts fold turns into a pointer; %d catch-ups, %d cut; %d private steps: p90 %d px, max %d px\n",
				s.Told, s.Actions, s.PointerPosts, s.CatchUps, s.CatchUpsCut, s.Steps, s.StepHeightP90, s.StepHeightMax)
		}
	}
	if playErr != nil {
		fmt.Fprintf(stderr, "tinnersbot playtest: %v\n", playErr)
		return 1
	}
	return 0
}

const playtestUsage = "usage: tinnersbot playtest [--game ID] --players N --seed S [--options LIST] [--out DIR] [--max N] [--fake-render] [--record FILE] [--locale pl] [--bots N [--bot-budget P]]"

func writePlaytest(dir string, stats []byte, res *playtest.Result) error {
	if err := os.WriteFile(filepath.Join(dir, "stats.json"), stats, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "transcript.md"), []byte(res.Transcript), 0o644); err != nil {
		return err
	}
	for k, im := range res.Images {
		name := strings.TrimSuffix(filepath.Base(im.Name), ".png")
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d-%s.png", k+1, name)), im.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
