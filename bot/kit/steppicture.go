package kit

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// StepPicture is the title's turn picture of mt's public view with marks
// drawn on their places, in l's language, as a file for the seat's
// private step (the generic UI's marked steps, Tinners' Trail's numbered
// ones); nil when the title has no renderer on h or it fails (the menu
// still names the options in words).
func StepPicture(h Host, l *i18n.Loc, t Table, mt engine.Match, marks map[int]string) []File {
	if h.Renderers() == nil {
		return nil
	}
	r, err := h.Renderers().Get(t.TitleID())
	if err != nil {
		return nil
	}
	img, err := r.Turn(mt.Public(), imaging.Options{Names: SeatPlainNames(l, t, mt), Words: PictureWords(l), Marks: marks})
	if err == nil {
		var png []byte
		if png, err = imaging.EncodePNG(img); err == nil {
			return []File{{Name: fmt.Sprintf("step-%s-%d.png", t.ID, mt.Version()), Data: png}}
		}
	}
	h.Log().Error("render step picture", "table", t.ID, "err", err)
	return nil
}
