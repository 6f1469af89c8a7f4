package tinnersimg

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

var phoneDir = flag.String("phonedir", "", "write the turn pictures of the fixtures and of random games into this directory, full size and 400 px wide")

// TestPhonePictures writes turn pictures to look at (-phonedir DIR) and
// logs their sizes.
func TestPhonePictures(t *testing.T) {
	if *phoneDir == "" {
		t.Skip()
	}
	save := func(name string, v any, o imaging.Options) {
		img, err := Renderer.Turn(v, o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*phoneDir, name+".png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := imagingtest.WritePhonePNG(filepath.Join(*phoneDir, name+"-400.png"), img); err != nil {
			t.Fatal(err)
		}
		r := img.Bounds()
		t.Logf("%s: %d×%d (%.2f), %d bytes", name, r.Dx(), r.Dy(), float64(r.Dy())/float64(r.Dx()), len(b))
	}
	for _, name := range sortedFixtures() {
		v := fixtureViews()[name]
		save(name, v, names(v))
	}
	for seats, vs := range turnBoards(t, 2) {
		for k, v := range vs {
			save(fmt.Sprintf("random-%dp-%d", seats, k), v, names(v))
		}
	}
}
