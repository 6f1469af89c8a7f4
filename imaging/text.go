package imaging

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// fonts are the embedded Go fonts, parsed once.
type fonts struct {
	regular, bold *truetype.Font
}

var (
	fontOnce sync.Once
	fontSet  fonts
	fontErr  error
)

func loadFonts() (fonts, error) {
	fontOnce.Do(func() {
		var err error
		if fontSet.regular, err = truetype.Parse(goregular.TTF); err != nil {
			fontErr = fmt.Errorf("imaging: parse Go Regular: %w", err)
			return
		}
		if fontSet.bold, err = truetype.Parse(gobold.TTF); err != nil {
			fontErr = fmt.Errorf("imaging: parse Go Bold: %w", err)
		}
	})
	return fontSet, fontErr
}

// Measurer holds font faces for one render or layout: faces cache glyphs
// and are not safe for concurrent use, so each render makes its own.
type Measurer struct {
	fonts fonts
	faces map[[2]int]font.Face
}

// NewMeasurer returns a measurer of the embedded Go fonts (Regular and
// Bold). The error reports a font that does not parse.
func NewMeasurer() (*Measurer, error) {
	f, err := loadFonts()
	if err != nil {
		return nil, err
	}
	return &Measurer{fonts: f, faces: map[[2]int]font.Face{}}, nil
}

// Face returns the face of size pixels (the em), bold or regular, without
// hinting (text placed on fractional pixels keeps its width).
func (m *Measurer) Face(size float64, bold bool) font.Face {
	k := [2]int{int(math.Round(size * 4)), 0}
	if bold {
		k[1] = 1
	}
	f, ok := m.faces[k]
	if !ok {
		tt := m.fonts.regular
		if bold {
			tt = m.fonts.bold
		}
		f = truetype.NewFace(tt, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone})
		m.faces[k] = f
	}
	return f
}

// measurers lend measurers to one-off measurements made outside a render
// (a layout's widths): a new measurer makes new faces, and a face
// allocates its glyph cache (a large mask) when made. A measurer is lent
// to one caller at a time, so its faces are never shared.
var measurers = sync.Pool{New: func() any {
	m, err := NewMeasurer()
	if err != nil {
		return nil
	}
	return m
}}

// lent runs f on a lent measurer; ok is false when the fonts do not parse.
func lent(f func(*Measurer) float64) (v float64, ok bool) {
	m, _ := measurers.Get().(*Measurer)
	if m == nil {
		return 0, false
	}
	defer measurers.Put(m)
	return f(m), true
}

// TextWidth is Measurer.Width on a lent measurer; ok is false when the
// fonts do not parse.
func TextWidth(s string, size float64, bold bool) (w float64, ok bool) {
	return lent(func(m *Measurer) float64 { return m.Width(s, size, bold) })
}

// TextFit is Measurer.Fit on a lent measurer; ok is false when the fonts
// do not parse.
func TextFit(s string, size, min, width float64, bold bool) (fit float64, ok bool) {
	return lent(func(m *Measurer) float64 { return m.Fit(s, size, min, width, bold) })
}

// Width returns the advance of s in pixels.
func (m *Measurer) Width(s string, size float64, bold bool) float64 {
	return float64(font.MeasureString(m.Face(size, bold), s)) / 64
}

// Canvas is one fresh picture to draw on: a gg context for shapes over an
// RGBA image, and text drawn straight onto the image.
type Canvas struct {
	*Measurer
	DC  *gg.Context
	Img *image.RGBA
}

// NewCanvas returns a transparent w×h canvas. The error reports an
// unusable font.
func NewCanvas(w, h int) (*Canvas, error) {
	return NewCanvasOn(image.NewRGBA(image.Rect(0, 0, w, h)))
}

// NewCanvasOn returns a canvas drawing on img. The error reports an
// unusable font.
func NewCanvasOn(img *image.RGBA) (*Canvas, error) {
	m, err := NewMeasurer()
	if err != nil {
		return nil, err
	}
	return &Canvas{Measurer: m, DC: gg.NewContextForRGBA(img), Img: img}, nil
}

// Text draws s with its baseline at y; align 0 puts x at its left end, 1
// at its right end. It draws glyphs straight onto the image (gg's
// DrawString resamples every glyph for its transform, which we never use).
func (c *Canvas) Text(s string, x, y, size float64, bold bool, align float64, col color.Color) {
	f := c.Face(size, bold)
	d := font.Drawer{Dst: c.Img, Src: image.NewUniform(col), Face: f}
	if align != 0 {
		x -= float64(d.MeasureString(s)) / 64 * align
	}
	d.Dot.X, d.Dot.Y = fixed.Int26_6(math.Round(x*64)), fixed.Int26_6(math.Round(y*64))
	d.DrawString(s)
}

// Text roles in a Layout: how much a player needs to read a text.
const (
	// RoleEssential is every number or name a player needs to decide:
	// counts, prices, money, points, bids, ids.
	RoleEssential = "essential"
	// RoleSecondary helps reading: headings, names, seat letters.
	RoleSecondary = "secondary"
	// RoleDecor could go unread: a map's sea name, legend captions.
	RoleDecor = "decor"
)

// Layout is a picture's texts as data, for measuring legibility and for
// layout goldens.
type Layout struct {
	Width  int          `json:"width"`
	Height int          `json:"height"`
	Texts  []LayoutText `json:"texts"`
}

// LayoutText is one text drawn: X is its left end and Y its baseline, in
// pixels of the picture; SizePx is the font size in pixels (the em).
type LayoutText struct {
	Text   string  `json:"text"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	SizePx float64 `json:"size_px"`
	Role   string  `json:"role"`
}

// Round1 rounds f to a tenth, as layouts record coordinates.
func Round1(f float64) float64 { return math.Round(f*10) / 10 }

// Fit returns the size, at most size and at least min, at which s fits in
// width pixels (min when it does not fit even then): a text whose words
// are longer in another language shrinks rather than runs off.
func (m *Measurer) Fit(s string, size, min, width float64, bold bool) float64 {
	w := m.Width(s, size, bold)
	if w <= width || w == 0 {
		return size
	}
	return math.Max(min, math.Floor(size*width/w*4)/4)
}
