package imagingtest

import (
	"image"
	"os"

	xdraw "golang.org/x/image/draw"

	"github.com/tinnersbot/tinnersbot/imaging"
)

// MaxTurnAspect is the tallest a turn picture may be, as a multiple of its
// width: at 400 px wide a picture of 1.3 × its width is 520 px tall, which
// leaves a phone screen room for the post's text and buttons.
const MaxTurnAspect = 1.3

// PhoneSized is img scaled to imaging.PhoneWidth px wide, as a phone's chat
// column shows it.
func PhoneSized(img image.Image) image.Image {
	b := img.Bounds()
	if b.Dx() <= 0 {
		return img
	}
	h := (b.Dy()*imaging.PhoneWidth + b.Dx()/2) / b.Dx()
	out := image.NewRGBA(image.Rect(0, 0, imaging.PhoneWidth, max(1, h)))
	xdraw.CatmullRom.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	return out
}

// WritePhonePNG writes img at phone size (PhoneSized) to path.
func WritePhonePNG(path string, img image.Image) error {
	b, err := imaging.EncodePNG(PhoneSized(img))
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
