package imaging

import "fmt"

// The legibility measure of pictures posted in the chat column, where a
// phone shows them about PhoneWidth px wide: a text's size (its em) as it
// appears once the picture is scaled to that width.
const (
	// PhoneWidth is the width a phone shows a picture at, in pixels.
	PhoneWidth = 400
	// MinEssentialPx is the least size of an essential text at PhoneWidth.
	MinEssentialPx = 9
	// MinSecondaryPx is the least size of a secondary text at PhoneWidth.
	MinSecondaryPx = 7
)

// The floor of the older measure, as fractions of the picture's width:
// the least sizes layouts shrink a text to when it does not fit, and what
// Illegible holds. It sits under the phone measure (2.2 % is 8.8 px at
// 400 px wide, 1.6 % is 6.4 px): texts shrunk that far are reported by
// PhoneIllegible and by the pictures suite (imaging/imagingtest), which
// holds the phone measure. Issue 25 ("One phone screen per hand-off")
// redraws the pictures to the phone measure; the floor then goes.
const (
	MinEssential = 0.022
	MinSecondary = 0.016
)

// PhonePx is the size of tx in pixels once the picture of layout l is shown
// PhoneWidth px wide.
func PhonePx(l Layout, tx LayoutText) float64 {
	if l.Width <= 0 {
		return 0
	}
	return tx.SizePx * PhoneWidth / float64(l.Width)
}

// MinPhonePx is the least size at PhoneWidth of a text of role (0 for a
// decorative one) and whether role is known.
func MinPhonePx(role string) (float64, bool) {
	switch role {
	case RoleEssential:
		return MinEssentialPx, true
	case RoleSecondary:
		return MinSecondaryPx, true
	case RoleDecor:
		return 0, true
	}
	return 0, false
}

// PhoneIllegible returns one sentence per text of l that breaks the phone
// measure: an essential text under MinEssentialPx when the picture is
// shown PhoneWidth px wide, a secondary one under MinSecondaryPx, a text
// with no known role, or a text whose anchor lies off the picture.
// Decorative texts may be any size. Nil means legible.
func PhoneIllegible(l Layout) []string {
	var out []string
	for _, tx := range l.Texts {
		min, ok := MinPhonePx(tx.Role)
		if !ok {
			out = append(out, fmt.Sprintf("%q has role %q", tx.Text, tx.Role))
		}
		if px := PhonePx(l, tx); px < min {
			out = append(out, fmt.Sprintf("%s text %q is %.2f px at %d px wide, under %d", tx.Role, tx.Text, px, PhoneWidth, int(min)))
		}
		if OffPicture(l, tx) {
			out = append(out, fmt.Sprintf("text %q at %.0f,%.0f is off the picture", tx.Text, tx.X, tx.Y))
		}
	}
	return out
}

// Illegible returns one sentence per text of l under the floor (an
// essential text under MinEssential of the width, a secondary one under
// MinSecondary), with no known role, or anchored off the picture. It is
// the older, laxer measure, a floor no picture may go below; the phone
// measure is PhoneIllegible. Nil means above the floor.
func Illegible(l Layout) []string {
	var out []string
	w := float64(l.Width)
	for _, tx := range l.Texts {
		min := 0.0
		switch tx.Role {
		case RoleEssential:
			min = MinEssential
		case RoleSecondary:
			min = MinSecondary
		case RoleDecor:
		default:
			out = append(out, fmt.Sprintf("%q has role %q", tx.Text, tx.Role))
		}
		if tx.SizePx < min*w {
			out = append(out, fmt.Sprintf("%s text %q is %.1f px, under %.1f", tx.Role, tx.Text, tx.SizePx, min*w))
		}
		if OffPicture(l, tx) {
			out = append(out, fmt.Sprintf("text %q at %.0f,%.0f is off the picture", tx.Text, tx.X, tx.Y))
		}
	}
	return out
}

// OffPicture reports whether tx's anchor lies off the picture of l.
func OffPicture(l Layout, tx LayoutText) bool {
	return tx.X < 0 || tx.X > float64(l.Width) || tx.Y < 0 || tx.Y > float64(l.Height)
}
