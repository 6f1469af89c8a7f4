package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/storage"
)

// runBot runs the Discord bot until ctx is cancelled (SIGINT/SIGTERM).
// It reads DISCORD_TOKEN, TINNERS_DB (default ./tinners.db) and
// TINNERS_GUILD or --guild (register commands in one guild, for development).
func runBot(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	guild := fs.String("guild", os.Getenv("TINNERS_GUILD"), "register commands in this guild only (instant; for development)")
	db := fs.String("db", envOr("TINNERS_DB", "tinners.db"), "database file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	token := os.Getenv("DISCORD_TOKEN")
	if token == "" {
		fmt.Fprintln(stderr, "tinnersbot: DISCORD_TOKEN is not set; put the bot token in the DISCORD_TOKEN environment variable")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	m, err := bot.New(bot.Config{Token: token, DBPath: *db, DevGuild: *guild, Logger: logger,
		BackupSocket: storage.SocketPath(*db)})
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot: %v\n", err)
		return 1
	}
	runErr := m.Run(ctx)
	if err := m.Close(); err != nil {
		logger.Error("close", "err", err)
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "tinnersbot: %v\n", runErr)
		return 1
	}
	return 0
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
