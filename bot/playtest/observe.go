package playtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// With the bots in other processes (the load test's replicas), nothing
// tells the players that an interaction is finished but what the fake
// Discord saw: observe waits for the last REST call the interaction
// causes, as a person waits for the answer on the screen.

// quietAfter is how long an interaction acknowledged with a deferred
// update (type 6) and no reply yet must stay quiet (no call on its token
// or in its channel) to be finished; it is longer than the fake's
// injected retry-afters (300 ms).
const quietAfter = 700 * time.Millisecond

// firstCallWithin is how long observe waits for the bot's first call
// after a deferred update before it takes the interaction as done with
// nothing more to show.
const firstCallWithin = 5 * time.Second

// observe dispatches interaction i from user u and waits until the fake
// Discord has seen everything the bot does for it: the answer that ends
// it (an immediate message or modal, or the reply on its token after a
// deferred acknowledgement), else the quiet after its last call in the
// table's channel or on its token (once there was one besides the
// acknowledgement). The calls in the table's channel that
// came between interactions (posts owed by a dead process, sent by
// another) are read with it.
func (d *driver) observe(u, token string, i map[string]any, sent time.Time) (outcome, error) {
	err := d.fd.Dispatch(i)
	failed := errors.Is(err, fakediscord.ErrInteractionFailed)
	if err != nil && !failed {
		return outcome{}, err
	}
	answeredAt := time.Now()
	last := answeredAt
	var calls []call
	ended, worked := failed, false
	deadline := sent.Add(d.opt.Timeout)
	for {
		for _, c := range d.fd.CallsSince(d.cursor) {
			d.cursor++
			if tok := tokenIn(c); !d.mine(c, token) && (tok == "" || d.tokenUser[tok] == "") {
				continue // not this table's (an earlier interaction's late answer is)
			}
			if _, ok := reminderIn(c); ok {
				continue // the reminder tick's, not this interaction's (reminders.go)
			}
			calls = append(calls, c)
			if tok := tokenIn(c); tok != "" && tok != token {
				continue // late: says nothing of this one
			}
			if c.At.After(last) {
				last = c.At
			}
			if !(c.Method == "POST" && strings.HasSuffix(c.Path, "/callback")) {
				worked = true
			}
			if ends(c, token) {
				ended = true
			}
		}
		// The quiet counts once the bot has done something after the
		// acknowledgement (busy bots take a while to start), or after
		// firstCallWithin without anything.
		if ended || (worked && time.Since(last) >= quietAfter) || (!worked && time.Since(answeredAt) >= firstCallWithin) {
			break
		}
		if time.Now().After(deadline) {
			return outcome{}, fmt.Errorf("interaction %d (%s) still busy after %v", d.n, token, d.opt.Timeout)
		}
		time.Sleep(25 * time.Millisecond)
	}
	// Lost with a killed process: failed, or nothing done after the
	// acknowledgement, at the kill or later. (One cut off after its
	// first calls but before its reply ends in the quiet and counts as
	// finished at its last call.)
	finished := last
	if failed || !worked {
		finished = time.Now()
	}
	lost := d.atKill != nil && (failed || !ended) && d.atKill(token, finished)
	if d.timing != nil {
		smp := timed(sent, last.Sub(sent), token, calls)
		smp.clicks, smp.lost = i["type"] != 2, lost
		d.timing(smp)
	}
	if lost {
		d.tr.WriteString("*(lost with the killed process)*\n")
	}
	over := d.over
	out, err := d.answered(u, token, i, calls)
	if err == nil {
		d.noteMove(u, token, i, calls, out, lost, over, sent)
	}
	return out, err
}

// ends reports whether call c finishes the interaction whose token it
// is: an accepted immediate answer (a message, an update, a modal) or a
// reply after a deferred acknowledgement (its @original edited, or a
// follow-up).
func ends(c call, token string) bool {
	if c.Status < 200 || c.Status > 299 || !strings.Contains(c.Path+"/", "/"+token+"/") {
		return false
	}
	if c.Method == "POST" && strings.HasSuffix(c.Path, "/callback") {
		var cb struct{ Type int }
		json.Unmarshal(c.Body, &cb)
		return cb.Type == 4 || cb.Type == 7 || cb.Type == 9
	}
	return strings.HasPrefix(c.Path, "/webhooks/") && (c.Method == "PATCH" || c.Method == "POST")
}

// tokenIn returns the interaction token call c was made with, if any.
func tokenIn(c call) string {
	parts := strings.Split(strings.Trim(c.Path, "/"), "/")
	if len(parts) >= 3 && (parts[0] == "interactions" || parts[0] == "webhooks") {
		return parts[2]
	}
	return ""
}
