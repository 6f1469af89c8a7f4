package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// The mine-shaft game through the generic flow, end to end through the
// fake Discord: whole games of 2, 3 and 4 players played by clicking only
// what the bot offers, the promises checked after every click, then the
// end post, /tt log and /tt board at: and full: on the finished game.
// The pictures are the recording renderer's (tiny, and the views they
// were drawn from kept): the real pictures are the playtest's
// (cmd/tinnersbot TestPlaytestMineshaft) and imaging/mineshaft's.

var msPlayers = []string{"620000000000000001", "620000000000000002", "620000000000000003", "620000000000000004"}

// msHarness is a harness hosting Tinners' Trail and the mine-shaft game.
func msHarness(t *testing.T) (*harness, *recRenderer) {
	t.Helper()
	rr := &recRenderer{}
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, mineshaft.Title)
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, mineshaft.ID: rr})
	})
	return h, rr
}

// msDriver plays a mine-shaft table by clicking what the bot offers and
// checks the pings and pictures after every click.
type msDriver struct {
	t        *testing.T
	h        *harness
	rr       *recRenderer
	id       string
	board    uiMsg
	r        *rand.Rand
	clicks   int
	handoffs int
}

// openMS opens a table of n players and starts it.
func openMS(t *testing.T, h *harness, rr *recRenderer, n int, seed uint64) *msDriver {
	t.Helper()
	posts := boardPosts(t, h.command(msPlayers[0], 0, "new", map[string]any{"game": mineshaft.ID, "players": n}))
	if len(posts) != 1 || !strings.Contains(posts[0].Content, mineshaft.Name) {
		t.Fatalf("new: want 1 lobby post naming the game, got %+v", posts)
	}
	join, _ := posts[0].button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	for k := 1; k < n; k++ {
		h.command(msPlayers[k], 0, "join", nil)
	}
	calls := h.click(msPlayers[0], posts[0].ID, false, "tl:"+id+":start")
	boards := boardPosts(t, calls)
	if len(boards) != 1 {
		t.Fatalf("start: want 1 board, got %d", len(boards))
	}
	d := &msDriver{t: t, h: h, rr: rr, id: id, board: boards[0], r: rand.New(rand.NewPCG(seed, 24))}
	d.check(calls, msPlayers[0], -1)
	return d
}

// check verifies the calls of one interaction by clicker, after which
// seat before (or -1) no longer or still acts: no public message pings
// the clicker or anyone but the seats to act, an edit pings nobody, a
// hand-off to another player is one new post pinging exactly them, and
// every picture is drawn from the public view.
func (d *msDriver) check(calls []fakeCall, clicker string, before int) {
	t := d.t
	t.Helper()
	mt := d.h.match(d.id)
	var want []string
	for _, k := range mt.ToAct() {
		if msPlayers[k] != clicker {
			want = append(want, msPlayers[k])
		}
	}
	var pinging []uiMsg
	for _, c := range calls {
		if !strings.HasPrefix(c.Path, "/channels/") || isDMPath(c.Path) || c.Method == "DELETE" || c.Method == "GET" {
			continue
		}
		u := decode(t, c, false)
		if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 {
			t.Fatalf("public message may ping anyone: %s", c.Body)
		}
		pinged := u.AllowedMentions.Users
		final := c.Method == "POST" && isFinalPost(u.Content)
		if final {
			// The end is an event: the final post pings every player.
			if !slices.Equal(sortedStr(pinged), sortedStr(msPlayers[:len(d.h.table(d.id).Seats)])) {
				t.Fatalf("the final post pings %v, want every player: %s", pinged, u.Content)
			}
		}
		if slices.Contains(pinged, clicker) && !final {
			t.Fatalf("the clicker pings themself: %s", u.Content)
		}
		if c.Method == "PATCH" && len(pinged) > 0 {
			t.Fatalf("an edit pings %v", pinged)
		}
		if c.Method == "POST" && !final && len(pinged) > 0 {
			if !slices.Equal(sortedStr(pinged), sortedStr(want)) {
				t.Fatalf("post pings %v, want the seats to act %v: %s", pinged, want, u.Content)
			}
			pinging = append(pinging, u)
		}
		for _, x := range u.all() {
			if strings.HasPrefix(x.CustomID, "gi:") || strings.HasPrefix(x.CustomID, "gm:") || strings.HasPrefix(x.CustomID, "gs:") {
				t.Fatalf("a private menu on a public message: %s", x.CustomID)
			}
		}
		isBoard := slices.ContainsFunc(u.all(), func(x uiComp) bool {
			return strings.HasPrefix(x.CustomID, "gp:") || strings.HasPrefix(x.CustomID, "tre:")
		})
		switch {
		case c.Method == "POST" && isBoard:
			d.board = decode(t, c, true)
		case c.Method == "PATCH" && strings.HasSuffix(c.Path, "/"+d.board.ID) && len(u.Components) > 0:
			id := d.board.ID
			d.board = u
			d.board.ID = id
		}
	}
	if to := mt.ToAct(); len(to) == 1 && to[0] != before && msPlayers[to[0]] != clicker {
		// A hand-off: the new seat to act is told by one new post.
		if len(pinging) != 1 {
			t.Fatalf("hand-off from seat %d to seat %d: %d posts ping them", before, to[0], len(pinging))
		}
		d.handoffs++
	} else if len(pinging) > 0 {
		t.Fatalf("no hand-off (seat %d still acts, or the game is over), yet a post pings %v", before, pinging[0].AllowedMentions.Users)
	}
	d.rr.mu.Lock()
	defer d.rr.mu.Unlock()
	for _, v := range append(slices.Clone(d.rr.turns), d.rr.boards...) {
		if _, ok := v.(mineshaft.PublicView); !ok {
			t.Fatalf("a public picture was drawn from a %T", v)
		}
	}
}

// turn plays one turn of the seat to act: Play on the board, then random
// offered options until another seat acts or the game ends.
func (d *msDriver) turn() {
	t := d.t
	t.Helper()
	seat := d.h.match(d.id).ToAct()[0]
	uid := msPlayers[seat]
	play, ok := d.board.button("Play")
	if !ok {
		t.Fatalf("board has no Play button: %q", d.board.Content)
	}
	calls := d.h.click(uid, d.board.ID, false, play.CustomID)
	menu := mustPrivate(t, calls)
	for step := 0; ; step++ {
		if step > 100 {
			t.Fatalf("seat %d: no end of turn after 100 clicks", seat)
		}
		opts := offered(menu)
		if len(opts) == 0 {
			t.Fatalf("seat %d to act is offered nothing: %q", seat, menu.Content)
		}
		o := opts[d.r.IntN(len(opts))]
		var values []string
		if o[1] != "" {
			values = []string{o[1]}
		}
		calls = d.h.click(uid, menu.ID, true, o[0], values...)
		d.clicks++
		reply := mustPrivate(t, calls)
		d.check(calls, uid, seat)
		if !strings.HasPrefix(reply.Content, "**Done.**") && !strings.Contains(reply.Content, "**Your move**") {
			t.Fatalf("seat %d: %s %v → %q", seat, o[0], values, reply.Content)
		}
		mt := d.h.match(d.id)
		if mt.Result() != nil || !slices.Contains(mt.ToAct(), seat) {
			return
		}
		if strings.Contains(reply.Content, "**Your move**") {
			menu = reply
			continue
		}
		// The seat still acts but its menu ended: the board's Play again.
		return
	}
}

// msRecordAt is the match of table id replayed to move n.
func msRecordAt(t *testing.T, h *harness, id string, n int) engine.Match {
	t.Helper()
	rec, err := h.m.store.MatchRecord(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := mineshaft.Title.New(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rec.Actions[:n] {
		a, err := mineshaft.Title.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		if mt, _, err = mt.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return mt
}

// TestMineshaftWholeGame plays a whole game of 2, 3 and 4 players (only 2
// under -short and -race) through the fake Discord, then checks the finished game
// once: the end post ranks everyone with their points by resource, and
// /tt log, /tt board at: and /tt board full:true work on it.
func TestMineshaftWholeGame(t *testing.T) {
	if !testenv.Full() {
		// Outside the full pass this game is also the HTTP mode's whole
		// game (TestHTTPWholeGames plays every title over HTTP in it).
		t.Setenv(harnessHTTPEnv, "1")
	}
	for n := 2; n <= 4; n++ {
		if !testenv.Pick(t, n == 2) {
			break
		}
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			h, rr := msHarness(t)
			d := openMS(t, h, rr, n, uint64(n))
			for turns := 0; h.match(d.id).Result() == nil; turns++ {
				if turns > 3000 {
					t.Fatal("no end after 3000 turns")
				}
				d.turn()
			}
			mt := h.match(d.id)
			t.Logf("%dp: %d clicks, %d hand-offs, %d moves", n, d.clicks, d.handoffs, mt.Version())
			if d.handoffs < n {
				t.Errorf("%d hand-offs in a game of %d players", d.handoffs, n)
			}
			t.Run("EndPost", func(t *testing.T) { msCheckEnd(t, h, d, mt) })
			t.Run("Log", func(t *testing.T) { msCheckLog(t, h, d, mt) })
			t.Run("BoardAt", func(t *testing.T) { msCheckBoardAt(t, h, rr, d, mt) })
		})
	}
}

// msCheckEnd: the last board is the end post: it pings nobody, ranks every
// seat with its points, and gives the points of gold, silver and coal of
// every seat, as the engine scored them.
func msCheckEnd(t *testing.T, h *harness, d *msDriver, mt engine.Match) {
	c := d.board.Content
	if !strings.HasPrefix(finalBody(c), "**Game over**") || !strings.Contains(c, "**Points by category:**") {
		t.Fatalf("the last board is not the end post: %q", c)
	}
	if want := msPlayers[:len(h.table(d.id).Seats)]; !slices.Equal(sortedStr(d.board.AllowedMentions.Users), sortedStr(want)) {
		t.Errorf("the end post pings %v, want every player %v", d.board.AllowedMentions.Users, want)
	}
	res := mt.Result()
	tb := h.table(d.id)
	checkResultLine(t, c, tb, res.Ranking, res.Scores)
	v := mt.Public().(mineshaft.PublicView)
	lines := map[string]string{}
	for _, l := range strings.Split(c, "\n") {
		if k, rest, ok := strings.Cut(l, ": "); ok {
			lines[k] = rest
		}
	}
	for _, s := range v.Scores {
		label := kit.SeatLetterOf(kit.English(), s.Seat)
		for _, r := range []struct {
			name string
			pts  int
		}{{"Gold", s.GoldPts}, {"Silver", s.SilverPts}, {"Coal", s.CoalPts}} {
			if want := fmt.Sprintf("%s %d", label, r.pts); !strings.Contains(lines[r.name], want) {
				t.Errorf("end post: %s line %q lacks %q", r.name, lines[r.name], want)
			}
		}
		if s.GoldPts+s.SilverPts+s.CoalPts != s.Total || s.Total != res.Scores[s.Seat] {
			t.Errorf("seat %d: %d + %d + %d ≠ %d (result %d)", s.Seat, s.GoldPts, s.SilverPts, s.CoalPts, s.Total, res.Scores[s.Seat])
		}
	}
}

// msCheckLog: /tt log of the finished game, whole and of round 1, names
// what was done.
func msCheckLog(t *testing.T, h *harness, d *msDriver, mt engine.Match) {
	r := mustPrivate(t, h.command(msPlayers[1], 0, "log", nil))
	if !strings.Contains(r.Content, "Game over") {
		t.Errorf("/tt log lacks the end: %q", r.Content)
	}
	r = mustPrivate(t, h.command(msPlayers[1], 0, "log", map[string]any{"round": 1}))
	if !strings.Contains(r.Content, "draws") || !strings.Contains(r.Content, "lays the") {
		t.Errorf("/tt log round:1 lacks the first round's draws and tiles: %q", r.Content)
	}
}

// msCheckBoardAt: /tt board at:N shows the asker alone the public view
// after N moves (the record replayed), and /tt board full:true draws the
// whole board from the public view now.
func msCheckBoardAt(t *testing.T, h *harness, rr *recRenderer, d *msDriver, mt engine.Match) {
	total := mt.Version()
	at := min(7, total)
	r := pastReply(t, h.command(msPlayers[0], 0, "board", map[string]any{"at": at}))
	if !strings.Contains(r.Content, fmt.Sprintf("after move %d of %d", at, total)) {
		t.Errorf("/tt board at:%d: %q", at, r.Content)
	}
	if got, want := rr.lastTurn(), msRecordAt(t, h, d.id, at).Public(); !reflect.DeepEqual(got, want) {
		t.Errorf("/tt board at:%d drawn from %T, not the public view after move %d", at, got, at)
	}
	rr.mu.Lock()
	n := len(rr.boards)
	rr.mu.Unlock()
	h.command(msPlayers[2%len(h.table(d.id).Seats)], 0, "board", map[string]any{"full": true})
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if len(rr.boards) != n+1 || !reflect.DeepEqual(rr.boards[n], mt.Public()) {
		t.Errorf("/tt board full:true drew %d boards, want the public view now", len(rr.boards)-n)
	}
}
