package bot

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
)

// Interaction tokens and webhook URLs never reach the log. Both are
// secrets: an interaction token lets its holder answer as the bot in that
// conversation for 15 minutes, and a webhook URL is its own credential.
// They travel in request paths (/interactions/<id>/<token>/callback,
// /webhooks/<app>/<token>/…), so any error about such a request — the
// *url.Error of a network failure quotes the whole URL — carries one.
// Rather than trusting every call site, the bot's logger itself redacts
// (redacting, wired in New): every message and attribute, errors and
// groups included, goes through redact.

// secretPathRE matches the secret segment of an interaction or webhook
// path, slashes JSON-escaped or not.
var secretPathRE = regexp.MustCompile(`((?:/|\\/)(?:webhooks|interactions)(?:/|\\/)[0-9]+(?:/|\\/))[A-Za-z0-9._~-]+`)

// redact returns s with every interaction token and webhook token replaced
// by "<redacted>".
func redact(s string) string {
	return secretPathRE.ReplaceAllString(s, "${1}<redacted>")
}

// redacting returns a logger that writes what l writes, with redact
// applied to the message and every attribute.
func redacting(l *slog.Logger) *slog.Logger {
	if _, ok := l.Handler().(redactHandler); ok {
		return l
	}
	return slog.New(redactHandler{l.Handler()})
}

type redactHandler struct{ h slog.Handler }

func (r redactHandler) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

func (r redactHandler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, redact(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

func (r redactHandler) WithAttrs(as []slog.Attr) slog.Handler {
	out := make([]slog.Attr, len(as))
	for k, a := range as {
		out[k] = redactAttr(a)
	}
	return redactHandler{r.h.WithAttrs(out)}
}

func (r redactHandler) WithGroup(name string) slog.Handler {
	return redactHandler{r.h.WithGroup(name)}
}

// redactAttr is a with redact applied to its value: a string, a group's
// members, or the text of any other value (an error's message) when that
// text holds a secret; the value is then logged as its redacted text.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redact(v.String()))
	case slog.KindGroup:
		g := v.Group()
		out := make([]slog.Attr, len(g))
		for k, m := range g {
			out[k] = redactAttr(m)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	case slog.KindAny:
		var s string
		if err, ok := v.Any().(error); ok && err != nil {
			s = err.Error()
		} else {
			s = fmt.Sprint(v.Any())
		}
		if r := redact(s); r != s {
			return slog.String(a.Key, r)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
