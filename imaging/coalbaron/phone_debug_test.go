package coalbaronimg

import (
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

var phoneDir = flag.String("phonedir", "", "write turn and My board pictures of random games into this directory, full size and 400 px wide")

// TestPhonePictures writes pictures to look at (-phonedir DIR) and logs
// their sizes.
func TestPhonePictures(t *testing.T) {
	if *phoneDir == "" {
		t.Skip()
	}
	save := func(name string, img image.Image, err error) {
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
	for seats := 2; seats <= 4; seats++ {
		for _, steps := range []int{40, 100000} {
			m := randomMatch(t, seats, int64(seats), steps)
			v := m.Public().(coalbaron.PublicView)
			o := imaging.Options{Names: fixtureNames[:seats], Changed: []int{int(coalbaron.ZoneOrder), coalbaron.PlaceRow(0), coalbaron.PlaceDock(1, 0)}}
			img, err := Renderer.Turn(v, o)
			save(fmt.Sprintf("turn-%dp-%d", seats, steps), img, err)
			img, err = Renderer.Hand(m.Seat(0), imaging.Options{})
			save(fmt.Sprintf("hand-%dp-%d", seats, steps), img, err)
		}
	}
}
