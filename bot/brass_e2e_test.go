package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	brassimg "github.com/tinnersbot/tinnersbot/imaging/brass"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// Brass: Birmingham through the generic UI, end to end: one whole game
// played by clicking only what the bot offers, shared by the checks below.

// bbRenderer records the views it is given and draws Brass's pictures
// (tiny placeholders under -race, where the real ones are slow).
type bbRenderer struct {
	mu     sync.Mutex
	public []any
	hands  []any
}

func (r *bbRenderer) draw(real func() (image.Image, error)) (image.Image, error) {
	if !testenv.Full() {
		return tiny(), nil
	}
	return real()
}

func (r *bbRenderer) Turn(v any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	r.public = append(r.public, v)
	r.mu.Unlock()
	return r.draw(func() (image.Image, error) { return brassimg.Renderer.Turn(v, o) })
}

func (r *bbRenderer) Board(v any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	r.public = append(r.public, v)
	r.mu.Unlock()
	return r.draw(func() (image.Image, error) { return brassimg.Renderer.Board(v, o) })
}

func (r *bbRenderer) Hand(v any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	r.hands = append(r.hands, v)
	r.mu.Unlock()
	return r.draw(func() (image.Image, error) { return brassimg.Renderer.Hand(v, o) })
}

var bbPlayers = []string{"620000000000000001", "620000000000000002", "620000000000000003", "620000000000000004"}

// bbPost is one public post of the game: its text, whom it may ping, who
// caused it, who had to act after it, and whether it carried a picture.
type bbPost struct {
	content string
	pinged  []string
	clicker string
	toAct   []string
	pic     bool
	final   bool
}

// bbGame is one played game.
type bbGame struct {
	h      *harness
	rr     *bbRenderer
	id     string
	seats  int
	posts  []bbPost
	board  uiMsg // the newest board
	moves  int
	result *engine.Result
	rounds int // the last round reached (engine.Rounds)
	// handText and handFiles are the reply to seat 1's "My hand".
	handText  string
	handFiles int
	problem   []string
	// stopAfter, when set, ends a turn early once it holds after a move.
	stopAfter func(engine.Match) bool
}

// bbFail ends the game's play with a reason.
func bbFail(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }

func playBrass(t *testing.T, n int, seed uint64) *bbGame {
	g := startBrass(t, n)
	r := rand.New(rand.NewPCG(seed, 11))
	for turns := 0; g.h.match(g.id).Result() == nil; turns++ {
		if turns > 3000 {
			bbFail("no end after 3000 turns")
		}
		g.turn(t, r)
	}
	g.result = g.h.match(g.id).Result()
	return g
}

// startBrass opens an n-player Brass table through the bot and starts it.
func startBrass(t *testing.T, n int) *bbGame {
	rr := &bbRenderer{}
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title, brass.Title)
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: &recRenderer{}, brass.ID: rr})
	})
	g := &bbGame{h: h, rr: rr, seats: n}
	calls := h.command(bbPlayers[0], 0, "new", map[string]any{"game": "brass", "players": n})
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "Brass: Birmingham") {
		bbFail("new: want 1 lobby post naming the game, got %+v", posts)
	}
	join, ok := posts[0].button("Join")
	if !ok {
		bbFail("the lobby has no Join button")
	}
	g.id = strings.Split(join.CustomID, ":")[1]
	for k := 1; k < n; k++ {
		h.command(bbPlayers[k], 0, "join", nil)
	}
	calls = h.click(bbPlayers[0], posts[0].ID, false, "tl:"+g.id+":start")
	g.note(t, calls, bbPlayers[0])
	// "My hand" on the first board: the seat's cards, privately, drawn
	// from its seat view.
	if b, ok := g.board.button("My hand"); ok {
		calls := h.click(bbPlayers[1], g.board.ID, false, b.CustomID)
		hand := mustPrivate(t, calls)
		g.handText = hand.Content
		for _, c := range calls {
			g.handFiles += len(c.Files)
		}
	}
	return g
}

func (g *bbGame) uid(seat int) string { return bbPlayers[seat] }

// note records the public posts of calls made by clicker's interaction,
// and follows the newest board.
func (g *bbGame) note(t *testing.T, calls []fakeCall, clicker string) {
	mt := g.h.match(g.id)
	var toAct []string
	for _, k := range mt.ToAct() {
		toAct = append(toAct, g.uid(k))
	}
	for _, c := range calls {
		if !strings.HasPrefix(c.Path, "/channels/") || isDMPath(c.Path) || c.Method == "DELETE" || c.Method == "GET" {
			continue
		}
		u := decode(t, c, c.Method == "POST")
		var pinged []string
		if u.AllowedMentions != nil {
			pinged = u.AllowedMentions.Users
		}
		if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 {
			g.problem = append(g.problem, "a public message may ping anyone: "+u.Content)
		}
		if c.Method == "PATCH" {
			if len(pinged) > 0 {
				g.problem = append(g.problem, fmt.Sprintf("an edit pings %v", pinged))
			}
			if strings.HasSuffix(c.Path, "/"+g.board.ID) && len(u.Components) > 0 {
				id := g.board.ID
				g.board = u
				g.board.ID = id
			}
			continue
		}
		for _, x := range u.all() {
			if strings.HasPrefix(x.CustomID, "gi:") || strings.HasPrefix(x.CustomID, "gm:") || strings.HasPrefix(x.CustomID, "gs:") {
				g.problem = append(g.problem, "a private menu on a public message: "+x.CustomID)
			}
		}
		p := bbPost{content: u.Content, pinged: pinged, clicker: clicker, toAct: toAct, pic: len(c.Files) > 0,
			final: isFinalPost(u.Content)}
		g.posts = append(g.posts, p)
		if slices.ContainsFunc(u.all(), func(x uiComp) bool { return strings.HasPrefix(x.CustomID, "gp:") }) || p.final {
			g.board = u
		}
	}
	g.rounds = max(g.rounds, mt.(engine.Rounds).Round())
}

// turn plays the turn of the first seat to act: Play on the board, then
// random offered options (a pick-several menu gets as many as it asks)
// until the seat no longer acts.
func (g *bbGame) turn(t *testing.T, r *rand.Rand) {
	mt := g.h.match(g.id)
	seat := mt.ToAct()[0]
	uid := g.uid(seat)
	play, ok := g.board.button("Play")
	if !ok {
		bbFail("the board has no Play button: %q", g.board.Content)
	}
	calls := g.h.click(uid, g.board.ID, false, play.CustomID)
	menu := mustPrivate(t, calls)
	for step := 0; ; step++ {
		if step > 300 {
			bbFail("seat %d: no end of turn after 300 clicks", seat)
		}
		type opt struct {
			id     string
			values []string
			label  string
		}
		var opts []opt
		for _, c := range menu.all() {
			switch {
			case c.Type == 2 && (strings.HasPrefix(c.CustomID, "gi:") || strings.HasPrefix(c.CustomID, "gm:")) && c.Label != "Back":
				opts = append(opts, opt{id: c.CustomID, label: c.Label})
			case c.Type == 3:
				lo := 1
				if c.MinValues != nil {
					lo = max(1, *c.MinValues)
				}
				if lo == 1 {
					for _, o := range c.Options {
						opts = append(opts, opt{c.CustomID, []string{o.Value}, o.Label})
					}
					continue
				}
				perm := r.Perm(len(c.Options))
				var vals []string
				for _, k := range perm[:min(lo, len(perm))] {
					vals = append(vals, c.Options[k].Value)
				}
				opts = append(opts, opt{c.CustomID, vals, ""})
			}
		}
		if len(opts) == 0 {
			bbFail("seat %d to act is offered nothing: %q", seat, menu.Content)
		}
		// Players who mostly build, link and sell score points: Pass,
		// Loan and Scout are taken one time in five when there is more.
		o := opts[r.IntN(len(opts))]
		for try := 0; try < 4 && len(opts) > 1 && (o.label == "Pass" || o.label == "Loan" || o.label == "Scout"); try++ {
			o = opts[r.IntN(len(opts))]
		}
		v0 := g.h.match(g.id).Version()
		calls = g.h.click(uid, menu.ID, true, o.id, o.values...)
		reply := mustPrivate(t, calls)
		g.note(t, calls, uid)
		// A move was made when the game moved on (a long reply loses its
		// first lines, "Done." among them).
		text := strings.TrimSpace(reply.Content)
		if g.h.match(g.id).Version() == v0 {
			if strings.HasPrefix(text, "**Your move**") || strings.HasPrefix(text, "**") && len(reply.all()) > 0 && !strings.Contains(text, "moved on") {
				menu = reply
				continue
			}
			bbFail("seat %d: %s %v → %q", seat, o.id, o.values, reply.Content)
		}
		g.moves++
		after := g.h.match(g.id)
		if after.Result() != nil || !slices.Contains(after.ToAct(), seat) || g.stopAfter != nil && g.stopAfter(after) {
			return
		}
		menu = reply
	}
}

// TestBrassWholeGame plays one whole 2-player game of Brass through the
// fake Discord, and checks it (one game, shared by the subtests).
func TestBrassWholeGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	g := playBrass(t, 2, 3)
	t.Run("Posts", func(t *testing.T) { brassPosts(t, g) })
	t.Run("LogAndPastBoards", func(t *testing.T) { brassLogAndPastBoards(t, g) })
}

// brassPosts: the board post at each hand-off pings only the seats that
// must act and never the player who caused it; every public picture is
// drawn from the public view, every hand picture from a seat view; the
// game's end is a post of its own with the final ranking and the points by
// category; the game reaches the last round of both eras.
func brassPosts(t *testing.T, g *bbGame) {
	for _, p := range g.problem {
		t.Error(p)
	}
	if g.result == nil {
		t.Fatal("no result")
	}
	handoffs := 0
	for k, p := range g.posts {
		if isFinalPost(p.content) {
			// The end is an event: the final post pings every player.
			var all []string
			for s := range g.h.table(g.id).Seats {
				all = append(all, g.uid(s))
			}
			if !slices.Equal(sortedStr(p.pinged), sortedStr(all)) {
				t.Errorf("the final post pings %v, want every player: %q", p.pinged, p.content)
			}
			continue
		}
		if slices.Contains(p.pinged, p.clicker) {
			t.Errorf("post %d pings the player who caused it: %q", k, p.content)
		}
		want := slices.DeleteFunc(slices.Clone(p.toAct), func(u string) bool { return u == p.clicker })
		if len(p.pinged) > 0 {
			handoffs++
			if !slices.Equal(sortedStr(p.pinged), sortedStr(want)) {
				t.Errorf("post %d pings %v, want the seats to act %v: %q", k, p.pinged, want, p.content)
			}
		}
	}
	if handoffs < 10 {
		t.Errorf("only %d posts pinged anyone in a whole game", handoffs)
	}
	last := g.posts[len(g.posts)-1]
	if !last.final || !isFinalPost(last.content) || len(last.pinged) != len(g.h.table(g.id).Seats) {
		t.Fatalf("the last post is not the final one, or does not ping every player: %+v", last)
	}
	checkResultLine(t, last.content, g.h.table(g.id), g.result.Ranking, g.result.Scores)
	if bd := g.h.match(g.id).(engine.Breakdown).Breakdown(); bd != nil && len(bd.Rows) > 0 {
		for _, row := range bd.Rows {
			name := kit.ScoreRowIn(i18n.Localizer(i18n.English), row)
			if !strings.Contains(last.content, name) {
				t.Errorf("the final post lacks the category %q:\n%s", name, last.content)
			}
		}
	}
	// The end of the Canal era is a post of its own, pinging nobody, with
	// the points so far and by category, just before the board that
	// tells the Rail era's beginning.
	eras := 0
	for k, p := range g.posts {
		if !strings.HasPrefix(p.content, "**Canal era: the end**") {
			continue
		}
		eras++
		wantText(t, "era end post", p.content, "Points so far: ", "**Points by category:**", "\nCanal links: ", "\nCanal tiles: ")
		// The engine's Canal scores, as the final breakdown still has them.
		en := i18n.Localizer(i18n.English)
		if bd := g.h.match(g.id).(engine.Breakdown).Breakdown(); bd != nil {
			for _, row := range bd.Rows {
				if id := row.NameMessage.ID; id != "bb_cat_canal_links" && id != "bb_cat_canal_tiles" {
					continue
				}
				name := kit.ScoreRowIn(en, row)
				_, rest, _ := strings.Cut(p.content, "\n"+name+": ")
				line, _, _ := strings.Cut(rest, "\n")
				for k := range g.seats {
					cell := en.T("g_breakdown_cell", kit.Args{"Seat": kit.SeatLetterOf(en, k), "Points": row.Points[k]})
					if !slices.Contains(strings.Split(line, " · "), cell) {
						t.Errorf("era end post: %s line %q lacks %q", name, line, cell)
					}
				}
			}
		}
		if len(p.pinged) > 0 || p.pic {
			t.Errorf("the era end post pings %v or carries a picture (%v)", p.pinged, p.pic)
		}
		// The board after it tells the Rail era's beginning, or (its
		// account compact, issue 25) says where the earlier lines are.
		if k+1 >= len(g.posts) || !strings.Contains(g.posts[k+1].content, "The Rail era begins") && !strings.Contains(g.posts[k+1].content, "earlier: `/tt log`") {
			t.Errorf("the era end post is not followed by the board telling the Rail era's beginning:\n%s", g.posts[min(k+1, len(g.posts)-1)].content)
		}
	}
	if eras != 1 {
		t.Errorf("%d posts tell the end of the Canal era, want 1", eras)
	}
	want := 2 * brass.Standard.Seats[g.seats].Rounds
	if g.rounds != want {
		t.Errorf("the game reached round %d, want %d (both eras)", g.rounds, want)
	}
	g.rr.mu.Lock()
	defer g.rr.mu.Unlock()
	for _, v := range g.rr.public {
		if _, ok := v.(brass.PublicView); !ok {
			t.Fatalf("a public picture was drawn from a %T", v)
		}
	}
	if len(g.rr.hands) == 0 || g.handFiles == 0 || !strings.Contains(g.handText, "Hand (8): ") {
		t.Errorf("My hand: %d hand pictures drawn, %d files sent, text %q", len(g.rr.hands), g.handFiles, g.handText)
	}
	for _, v := range g.rr.hands {
		if sv, ok := v.(brass.SeatView); !ok || sv.Seat != 1 {
			t.Fatalf("a hand picture was drawn from a %T (%+v), not seat 1's view", v, v)
		}
	}
	t.Logf("final post:\n%s", last.content)
	t.Logf("2p: %d moves, %d posts, %d hand-offs, ranking %v scores %v", g.moves, len(g.posts), handoffs, g.result.Ranking, g.result.Scores)
}

func postTexts(ps []bbPost) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.content)
	}
	return out
}

// brassLogAndPastBoards: on the finished game, /tt log has a button per
// round of both eras, each opening that round's page, and /tt board round:
// shows the start of every round with its picture.
func brassLogAndPastBoards(t *testing.T, g *bbGame) {
	h := g.h
	r := mustPrivate(t, h.command(bbPlayers[1], 0, "log", nil))
	var labels []string
	for _, b := range r.all() {
		if !pagerButton(b.Label) {
			labels = append(labels, b.Label)
		}
	}
	if len(labels) != g.rounds {
		t.Fatalf("the whole log has %d round buttons, want %d: %v", len(labels), g.rounds, labels)
	}
	per := brass.Standard.Seats[g.seats].Rounds
	for round := 1; round <= g.rounds; round++ {
		era, n := "Canal era", round
		if round > per {
			era, n = "Rail era", round-per
		}
		name := fmt.Sprintf("%s, round %d", era, n)
		if labels[round-1] != name {
			t.Errorf("log button %d is %q, want %q", round, labels[round-1], name)
		}
		page := mustPrivate(t, h.command(bbPlayers[0], 0, "log", map[string]any{"round": round}))
		wantText(t, fmt.Sprintf("log round:%d", round), page.Content, fmt.Sprintf("**Table %s — %s** (", g.id, name))
		past := pastReply(t, h.command(bbPlayers[1], 0, "board", map[string]any{"round": round}))
		wantText(t, fmt.Sprintf("board round:%d", round), past.Content, fmt.Sprintf("**Start of %s**", name))
	}
}
