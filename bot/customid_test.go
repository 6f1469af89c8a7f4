package bot

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// tok is the token of s at table t, as written in its IDs.
func tok(t kit.Table, s *tinners.State) string {
	return kit.Token{Ver: s.Version, Epoch: t.Notes.Epoch}.String()
}

// gid is "<game>:<tok>", the start of a Tinners' Trail turn ID.
func gid(t kit.Table, s *tinners.State) string { return t.ID + ":" + tok(t, s) }

// idSamples are IDs of every kind, as the bot writes them (and, for
// legacy shapes, as older versions wrote them).
var idSamples = map[string][]string{
	"tt":     {"tt:g1:4:0/b:A4", "tt:abcdefghijkl:12e3:2/pass"},
	"tm":     {"tm:g1:4:build", "tm:g1:4e1:bc:A4"},
	"tsel":   {"tsel:g1:4:0", "tsel:g1:4e2:1"},
	"tmul":   {"tmul:g1:4:pw"},
	"tdd":    {"tdd:g1:4:0:3,17,40"},
	"tinv":   {"tinv:g1:4:1:2:1:more", "tinv:g1:4:1:0:1:fin"},
	"tq":     {"tq:g1:4:0:3:9"},
	"tb":     {"tb:g1:4:0:3:9", "tb:g1:4:0"},
	"to":     {"to:g1:4"},
	"tob":    {"tob:g1:4e1"},
	"toc":    {"toc:g1:4"},
	"tu":     {"tu:g1:4"},
	"tdef":   {"tdef:g1:4:2"},
	"tlog":   {"tlog:g1:2"},
	"th":     {"th:g1"},
	"tpast":  {"tpast:g1:17", "tpast:g1:17:r2", "tpast:g1:17:p"},
	"thist":  {"thist:board", "thist:log"},
	"tl":     {"tl:g1:join", "tl:g1:leave", "tl:g1:start"},
	"tdiff":  {"tdiff:g1"},
	"ta":     {"ta:g1:yes", "ta:g1:no"},
	"tre":    {"tre:g1"},
	"tsub":   {"tsub:g1:1:U2:U9:Nine", "tsub:g1:1:U2:U9:", "tsub:g1:1:U2:U9:A: name"},
	"gp":     {"gp:g1:4"},
	"gh":     {"gh:g1"},
	"gu":     {"gu:g1:4e1"},
	"gm":     {"gm:g1:4:0.3", "gm:g1:4:~2"},
	"gi":     {"gi:g1:4:7"},
	"gs":     {"gs:g1:4:0"},
	"gpast":  {"gpast:g1:17:p"},
	"glog":   {"glog:g1:2", "glog:g1:2:0", "glog:g1:a:1"},
	"gscore": {"gscore:g1"},
	"gfull":  {"gfull:g1:3:5", "gfull:g1:3:5:1"},
	"gsince": {"gsince:g1:3:20", "gsince:g1:3:20:0"},
}

func TestIDRoundTrip(t *testing.T) {
	for kind := range routes {
		if len(idSamples[kind]) == 0 {
			t.Errorf("route %q has no sample IDs", kind)
		}
	}
	for kind, samples := range idSamples {
		for _, s := range samples {
			t.Run(s, func(t *testing.T) {
				id, err := ParseID(s)
				if err != nil {
					t.Fatalf("ParseID: %v", err)
				}
				if id.Kind != kind {
					t.Fatalf("kind %q, want %q", id.Kind, kind)
				}
				if got := idString(id); got != s {
					t.Fatalf("idString = %q", got)
				}
				again, err := ParseID(idString(id))
				if err != nil || !reflect.DeepEqual(again, id) {
					t.Fatalf("ParseID(String()) = %+v, %v; want %+v", again, err, id)
				}
			})
		}
	}
}

func TestIDFields(t *testing.T) {
	for _, c := range []struct {
		in   string
		want kit.ID
	}{
		{"tt:g1:12e3:0/b:A4", kit.ID{Kind: "tt", Game: "g1", Tok: kit.Token{Ver: 12, Epoch: 3}, Rest: []string{"0/b:A4"}}},
		{"tm:g1:4:bc:A4", kit.ID{Kind: "tm", Game: "g1", Tok: kit.Token{Ver: 4}, Rest: []string{"bc", "A4"}}},
		{"tinv:g1:4:1:2:1:fin", kit.ID{Kind: "tinv", Game: "g1", Tok: kit.Token{Ver: 4}, Rest: []string{"1", "2", "1", "fin"}}},
		{"th:g1", kit.ID{Kind: "th", Game: "g1"}},
		{"thist:log", kit.ID{Kind: "thist", Rest: []string{"log"}}},
		{"tsub:g1:1:U2:U9:A: name", kit.ID{Kind: "tsub", Game: "g1", Rest: []string{"1", "U2", "U9", "A: name"}}},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseID(c.in)
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("ParseID = %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestParseIDRefusesMalformed(t *testing.T) {
	for _, c := range []struct {
		in   string
		want error
	}{
		{"", kit.ErrIDKind},
		{"tt", kit.ErrIDKind},
		{"zz:g1:4", kit.ErrIDKind},
		{"tt:g1:4", kit.ErrIDShape},
		{"tt:g1:x:0/pass", kit.ErrIDShape},
		{"to:g1:4e0", kit.ErrIDShape},
		{"to:g1:-1", kit.ErrIDShape},
		{"to:g1:4:x", kit.ErrIDShape},
		{"tl:g1", kit.ErrIDShape},
		{"tl:g1:join:x", kit.ErrIDShape},
		{"tdiff:g1:x", kit.ErrIDShape},
		{"thist:board:x", kit.ErrIDShape},
		{"tinv:g1:4:1:2:1", kit.ErrIDShape},
		{"tsub:g1:1:U2", kit.ErrIDShape},
		{"gh:g1:4", kit.ErrIDShape},
	} {
		t.Run(c.in, func(t *testing.T) {
			if _, err := ParseID(c.in); !errors.Is(err, c.want) {
				t.Fatalf("ParseID = %v, want %v", err, c.want)
			}
		})
	}
}

// TestLogIDHidesSecretRest: of a secret Rest only its first part (the
// action's seat and kind, the step's name) reaches the log.
func TestLogIDHidesSecretRest(t *testing.T) {
	click := func(id string) *discordgo.Interaction {
		return &discordgo.Interaction{Type: discordgo.InteractionMessageComponent,
			Data: discordgo.MessageComponentInteractionData{CustomID: id}}
	}
	for kind, r := range routes {
		for _, s := range idSamples[kind] {
			t.Run(s, func(t *testing.T) {
				got := logID(click(s))
				id, _ := ParseID(s)
				if !r.Secret {
					if got != s {
						t.Fatalf("logID = %q, want the whole ID", got)
					}
					return
				}
				rest := strings.Join(id.Rest, ":")
				_, secret, _ := strings.Cut(rest, ":")
				if secret != "" && strings.Contains(got, secret) {
					t.Fatalf("logID = %q shows %q", got, secret)
				}
				if !strings.HasPrefix(got, strings.TrimSuffix(s, rest)) {
					t.Fatalf("logID = %q lost the kind, game or token", got)
				}
			})
		}
	}
	for _, s := range []string{"tt:g1:x:0/b:A4", "tdd:g1:4:0:3,17:40"} {
		t.Run("malformed "+s, func(t *testing.T) {
			if got := logID(click(s)); strings.Contains(got, "A4") || strings.Contains(got, "17") {
				t.Fatalf("logID = %q", got)
			}
		})
	}
}

// TestEveryBuiltKindHasRoute: every ID the bot builds names a kind with a
// route (the IDs on the messages limits_test walks are parsed by
// checkMessageLimits). Builders take the kind as a literal.
func TestEveryBuiltKindHasRoute(t *testing.T) {
	var files []string
	for _, glob := range []string{"*.go", "kit/*.go", "genericui/*.go", "ttui/*.go"} {
		fs, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	fset := token.NewFileSet()
	var seen []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if d, ok := n.(*ast.FuncDecl); ok && d.Name.Name == "turnButton" {
				return false // a builder itself: its callers name the kind
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fn *ast.Ident // the builder, by its name inside the kit
			switch f := call.Fun.(type) {
			case *ast.Ident:
				fn = f
			case *ast.SelectorExpr:
				if x, ok := f.X.(*ast.Ident); ok && x.Name == "kit" {
					fn = f.Sel
				}
			}
			// The builders, and where each takes the kind.
			at, ok := map[string]int{"tinnersID": 0, "MatchID": 0, "PlainID": 0, "turnButton": 4}[fnName(fn)]
			if !ok || len(call.Args) <= at {
				return true
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: %s's kind is not a literal", fset.Position(call.Pos()), fn.Name)
				return true
			}
			kind, _ := strconv.Unquote(lit.Value)
			r, ok := routes[kind]
			switch {
			case !ok:
				t.Errorf("%s: kind %q has no route", fset.Position(call.Pos()), kind)
			case r.Tok != (fn.Name != "PlainID") || (fn.Name == "PlainID" && !r.Game && kind != "thist"):
				t.Errorf("%s: kind %q built by %s", fset.Position(call.Pos()), kind, fn.Name)
			}
			seen = append(seen, kind)
			return true
		})
	}
	if len(seen) < 20 {
		t.Fatalf("found only %d builder calls: %v", len(seen), seen)
	}
	for kind := range routes {
		if !slices.Contains(seen, kind) {
			t.Logf("route %q is only read (buttons of older versions, or built elsewhere)", kind)
		}
	}
}

// fnName is f's name, "" for none.
func fnName(f *ast.Ident) string {
	if f == nil {
		return ""
	}
	return f.Name
}
