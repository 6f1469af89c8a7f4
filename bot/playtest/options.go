package playtest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// lobbyOption finds the lobby option of mt that key names ("arsenic", or
// "more-mines=2": a choice and its value); ok is false when mt has none.
func lobbyOption(mt engine.Meta, key string) (o engine.Option, value string) {
	name, value, _ := strings.Cut(key, "=")
	for _, o := range mt.Options {
		if o.Key == name {
			return o, value
		}
	}
	return engine.Option{}, ""
}

// CheckGameOptions says why keys cannot be played at a table of title
// with players seats (nil: they can): each must be one of the lobby's
// options (a choice bare — its first value — or with one of its values; a
// switch bare), the solo ones only at one seat, and the title's
// ParseOptions must read them together.
func CheckGameOptions(title engine.Title, players int, keys []string) error {
	mt := title.Meta()
	var known []string
	for _, o := range mt.Options {
		known = append(known, o.Key)
	}
	for _, k := range keys {
		o, value := lobbyOption(mt, k)
		switch {
		case o.Key == "":
			return fmt.Errorf("%s has no lobby option %q (it has: %s)", mt.Name, k, orNone(known))
		case o.Values != nil && value != "" && !slices.Contains(o.Values, value):
			return fmt.Errorf("%s's option %q is one of %s=%s", mt.Name, k, o.Key, strings.Join(o.Values, "|"))
		case o.Values == nil && value != "":
			return fmt.Errorf("%s's option %s is a switch: give it without a value", mt.Name, o.Key)
		case o.Solo && players != 1:
			return fmt.Errorf("%s's option %s is for the one-seat game (--players 1)", mt.Name, k)
		}
	}
	if _, err := title.ParseOptions(strings.Join(keys, ",")); err != nil {
		return err
	}
	return nil
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

// chooseSolo has the host choose the solo options keys on the lobby: on
// the string select whose options offer every one of them, exactly those.
func (d *driver) chooseSolo(host string, keys []string) error {
	lobby := d.w.board()
	if lobby == nil {
		return fmt.Errorf("no lobby message to choose %s on", strings.Join(keys, ", "))
	}
	for _, c := range lobby.clickable() {
		if c.Type != typeStringSel {
			continue
		}
		var offered, pick []string
		for _, o := range c.Options {
			offered = append(offered, o.Value)
		}
		for _, k := range keys {
			if i := slices.IndexFunc(d.forms(k), func(f string) bool { return slices.Contains(offered, f) }); i >= 0 {
				pick = append(pick, d.forms(k)[i])
			}
		}
		if len(pick) < len(keys) || len(keys) > max(c.Max, 1) || len(keys) < c.Min {
			continue
		}
		out, err := d.clickWith(host, lobby, c, pick)
		if err != nil {
			return err
		}
		if out.refused {
			return fmt.Errorf("the lobby refused the options %s", strings.Join(keys, ", "))
		}
		return nil
	}
	return fmt.Errorf("the lobby offers no select with the options %s", strings.Join(keys, ", "))
}

// forms are the ways key may be written: itself, and for a choice at its
// first value both "key" and "key=first" (ParseOptions reads them alike;
// a lobby's select offers one of them).
func (d *driver) forms(key string) []string {
	title, err := d.opt.Titles.Get(d.opt.Game)
	if err != nil {
		return []string{key}
	}
	o, value := lobbyOption(title.Meta(), key)
	switch {
	case o.Values == nil:
		return []string{key}
	case value == "":
		return []string{key, o.Key + "=" + o.Values[0]}
	case value == o.Values[0]:
		return []string{key, o.Key}
	}
	return []string{key}
}

// checkStoredOptions fails when the game stored does not have every
// option asked for: each field of the title's options for GameOptions
// that is not its zero value must be stored with the same value.
func (d *driver) checkStoredOptions(stored json.RawMessage) error {
	if len(d.opt.GameOptions) == 0 {
		return nil
	}
	title, err := d.opt.Titles.Get(d.opt.Game)
	if err != nil {
		return err
	}
	want, err := title.ParseOptions(strings.Join(d.opt.GameOptions, ","))
	if err != nil {
		return err
	}
	var w, got map[string]any
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Errorf("the options asked for: %w", err)
	}
	if len(stored) > 0 {
		if err := json.Unmarshal(stored, &got); err != nil {
			return fmt.Errorf("the options stored: %w", err)
		}
	}
	for k, v := range w {
		if reflect.ValueOf(v).IsZero() {
			continue
		}
		if !reflect.DeepEqual(got[k], v) {
			return fmt.Errorf("the game was set up with options %s, not with %s (%s)", stored, strings.Join(d.opt.GameOptions, ","), want)
		}
	}
	return nil
}
