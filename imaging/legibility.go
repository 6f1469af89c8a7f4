package imaging

import "fmt"

// The legibility measure of pictures posted in the chat column, where
// Discord shows them about 400 px wide: a text's size (its em) relative to
// the picture's width.
const (
	// MinEssential is the least size of an essential text: 2.2% of the
	// width, 9 px at 400 px wide.
	MinEssential = 0.022
	// MinSecondary is the least size of a secondary text: 1.6%.
	MinSecondary = 0.016
)

// Illegible returns one sentence per text of l that breaks the measure:
// an essential text under MinEssential of the width, a secondary one under
// MinSecondary, a text with no known role, or a text whose anchor lies off
// the picture. Decorative texts may be any size. Nil means legible.
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
		if tx.X < 0 || tx.X > w || tx.Y < 0 || tx.Y > float64(l.Height) {
			out = append(out, fmt.Sprintf("text %q at %.0f,%.0f is off the picture", tx.Text, tx.X, tx.Y))
		}
	}
	return out
}
