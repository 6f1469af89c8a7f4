package imaging

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
)

// EncodePNG encodes img as an 8-bit RGB PNG (the board is opaque). For an
// *image.RGBA it writes every row with the Up filter and the fastest zlib
// level: image/png tries five filters on every row, which on a board of flat
// colour costs more than the compression it saves. Other images go through
// image/png. The error is an encoding failure.
func EncodePNG(img image.Image) ([]byte, error) {
	rgba, ok := img.(*image.RGBA)
	if !ok || !rgba.Opaque() {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, img); err != nil {
			return nil, fmt.Errorf("imaging: encode png: %w", err)
		}
		return buf.Bytes(), nil
	}
	return encodeRGB(rgba)
}

func encodeRGB(m *image.RGBA) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	var out bytes.Buffer
	out.Grow(w * h / 4)
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour
	writeChunk(&out, "IHDR", ihdr[:])

	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return nil, fmt.Errorf("imaging: encode png: %w", err)
	}
	prev := make([]byte, 3*w)
	cur := make([]byte, 3*w)
	row := make([]byte, 1+3*w)
	row[0] = 2 // Up
	for y := 0; y < h; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
		for x, j := 0, 0; x < w; x, j = x+1, j+3 {
			cur[j], cur[j+1], cur[j+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
		}
		for i := range cur {
			row[1+i] = cur[i] - prev[i]
		}
		if _, err := zw.Write(row); err != nil {
			return nil, fmt.Errorf("imaging: encode png: %w", err)
		}
		prev, cur = cur, prev
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("imaging: encode png: %w", err)
	}
	writeChunk(&out, "IDAT", idat.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

func writeChunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
