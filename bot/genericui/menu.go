package genericui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The generic private step: a seat's legal actions as a menu of at most
// three levels, grouped by engine.Label.PathMessages. A level with a single
// option is skipped; each option shows its Label.LineMessage (cost and
// effect).

// menuGroup is one option of a menu level: the legal actions (indices into
// Legal) under one label.
type menuGroup struct {
	key     string
	members []int
}

// pathKey is member k's label at depth d; past the end of its path every
// action is its own option.
func pathKey(labels []engine.Label, k, d int) string {
	if key, ok := kit.LabelKey(labels[k], d); ok {
		return key
	}
	return "#" + strconv.Itoa(k)
}

// groupAt splits members by their label at depth d, in the order of Legal.
func groupAt(labels []engine.Label, members []int, d int) []menuGroup {
	var out []menuGroup
	at := map[string]int{}
	for _, k := range members {
		key := pathKey(labels, k, d)
		if j, ok := at[key]; ok {
			out[j].members = append(out[j].members, k)
			continue
		}
		at[key] = len(out)
		out = append(out, menuGroup{key: key, members: []int{k}})
	}
	return out
}

// descend skips the levels where members have a single option.
func descend(labels []engine.Label, members []int, d int) int {
	for len(members) > 1 && len(groupAt(labels, members, d)) == 1 {
		d++
	}
	return d
}

// crumb is a level chosen on the way to a menu node: the label of member k
// at depth d names it.
type crumb struct{ k, d int }

// menuNode follows path (option indices by shown level) from the root,
// whose members are roots; it returns the members and depth of the node,
// false when the path does not exist.
func menuNode(labels []engine.Label, roots []int, path []int) (members []int, d int, crumbs []crumb, ok bool) {
	members = roots
	d = descend(labels, members, 0)
	for _, x := range path {
		gs := groupAt(labels, members, d)
		if x < 0 || x >= len(gs) || len(gs[x].members) < 2 {
			return nil, 0, nil, false
		}
		crumbs = append(crumbs, crumb{k: gs[x].members[0], d: d})
		members = gs[x].members
		d = descend(labels, members, d+1)
	}
	return members, d, crumbs, true
}

// parsePath reads "0.3~2" (indices by level, then the page); "" is the root.
func parsePath(x string) (idx []int, page int, ok bool) {
	if len(x) > 40 {
		return nil, 0, false
	}
	if p, pg, has := strings.Cut(x, "~"); has {
		n, err := strconv.Atoi(pg)
		if err != nil || n < 0 || n > 99 {
			return nil, 0, false
		}
		x, page = p, n
	}
	if x == "" {
		return nil, page, true
	}
	if n, isPick := strings.CutPrefix(x, "p"); isPick {
		// A choice of several behind its option (pickNode): p<n>.
		k, err := strconv.Atoi(n)
		if err != nil || k < 0 || k >= maxPickGroups || strconv.Itoa(k) != n || page != 0 {
			return nil, 0, false
		}
		return []int{pickNode(k)}, 0, true
	}
	for _, f := range strings.Split(x, ".") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 999 {
			return nil, 0, false
		}
		idx = append(idx, n)
	}
	if len(idx) > 3 {
		return nil, 0, false
	}
	return idx, page, true
}

func formatPath(idx []int, page int) string {
	var fs []string
	for _, x := range idx {
		if x < 0 {
			fs = append(fs, "p"+strconv.Itoa(pickNode(x)))
			continue
		}
		fs = append(fs, strconv.Itoa(x))
	}
	s := strings.Join(fs, ".")
	if page > 0 {
		s += "~" + strconv.Itoa(page)
	}
	return s
}

// pickNode turns the number of a step's choice of several into its node
// in a path (a negative index), and back.
func pickNode(n int) int { return -1 - n }

// Menu layout limits: options per select, selects per message (the fifth
// row holds Back, or a step's first rows its multi-selects), buttons per
// menu (4 rows of 5), lines of text for a menu of selects.
const (
	selectSize   = 25
	maxSelects   = 4
	maxButtons   = 20
	maxMenuLines = 12
)

// pathWord is level d of label lab in l's language.
func pathWord(l *i18n.Loc, lab engine.Label, d int) string {
	var msg engine.Message
	if d < len(lab.PathMessages) {
		msg = lab.PathMessages[d]
	}
	return l.Message(msg, "")
}

// labelLine is lab's Line (cost and effect) in l's language.
func labelLine(l *i18n.Loc, lab engine.Label) string { return l.Message(lab.LineMessage, "") }

// labelNote is lab as others are told of it (engine.Label.NoteMessage: a
// move the seat did not click), else its line.
func labelNote(l *i18n.Loc, lab engine.Label) string {
	if lab.NoteMessage.IsZero() {
		return labelLine(l, lab)
	}
	return l.Message(lab.NoteMessage, "")
}

// gmenu is seat's private step at the node path (page page), in l's
// language: nil when seat has nothing to do or the path does not exist.
func (m *host) gmenu(l *i18n.Loc, t kit.Table, mt engine.Match, seat int, path []int, page int) *kit.Message {
	legal := mt.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	labels := make([]engine.Label, len(legal))
	for k, a := range legal {
		labels[k] = mt.Label(a)
	}
	// Actions whose labels are identical look the same to the player and
	// are one option: the first stands for them all.
	picks, taken := pickGroups(labels)
	roots := menuRoots(labels, taken)
	// A choice of several (Brass's Scout) beside other options is one
	// option of the root, opening its own node (issue 37: a long, rarely
	// used choice behind one button); alone, it is the step.
	behind := false
	for _, k := range roots {
		// Another action than a choice's own end ("Develop no more").
		behind = behind || len(picks) > 0 && !labels[k].Pick.End
	}
	if len(path) == 1 && path[0] < 0 {
		n := pickNode(path[0])
		if !behind || n >= len(picks) || page != 0 {
			return nil
		}
		text, row := pickMenu(l, t, mt, legal, labels, picks[n], n)
		return &kit.Message{Content: kit.Clip(text), Components: []discordgo.MessageComponent{row, backRow(l, t, mt, path, 0)}}
	}
	members, d, crumbs, ok := menuNode(labels, roots, path)
	if !ok {
		return nil
	}
	gs := groupAt(labels, members, d)
	// Rows: the step's multi-selects come first at the root; Back last
	// below it. A page holds as many selects as the rows left.
	atRoot := len(path) == 0
	selects := maxSelects
	if atRoot && !behind {
		selects = min(maxSelects, 5-len(picks))
	}
	pageSize := selectSize * selects
	var behindOpts []menuOpt
	if atRoot && behind {
		for n, g := range picks {
			sub := formatPath([]int{pickNode(n)}, 0)
			behindOpts = append(behindOpts, menuOpt{label: l.Message(g.pick.Group, ""), desc: l.N("g_choices", g.options, nil), value: "m:" + sub, button: kit.MatchID("gm", t, mt, sub), group: true})
		}
		pageSize -= len(behindOpts) // on every page, so that pages stay where they were
	}
	var b strings.Builder
	b.WriteString(menuHeading(l, labels, gs, crumbs, len(picks) > 0 && !behind && len(path) == 0 && page == 0))
	// A page of options; a last "More…" option opens the next page.
	first := page * (pageSize - 1)
	if len(gs) <= pageSize {
		first = 0
	}
	if first >= len(gs) && (page > 0 || len(picks) == 0) {
		return nil
	}
	onPage := gs[first:]
	more := false
	if len(gs) > pageSize && len(onPage) > pageSize-1 {
		onPage, more = onPage[:pageSize-1], true
	}
	marks, markOf := stepMarks(labels, onPage)
	opts := menuOptions(l, t, mt, legal, labels, onPage, markOf, first, d, path)
	// The step's choices of several come first, above the other options,
	// or last among them when behind their own options.
	var comps []discordgo.MessageComponent
	var head []string
	switch {
	case atRoot && page == 0 && behind:
		opts = append(opts, behindOpts...)
	case atRoot && page == 0:
		head, comps = pickMenus(l, t, mt, legal, labels, picks)
	}
	// Buttons (up to 4 rows of 5) when every option fits beside the other
	// rows and their labels differ within what a button shows.
	buttonRows := 5 - len(comps)
	if !atRoot || page > 0 {
		buttonRows-- // Back
	}
	buttons := len(opts) <= min(maxButtons, 5*buttonRows) && !more && page == 0 && apart(opts, func(o menuOpt) string { return kit.Trunc(o.label, 80) })
	// Each option's line; with buttons every one of them must be in the
	// text (a button shows its label alone), else the menu is of selects.
	// The label's markdown is made harmless (not sanitize: that cuts a
	// player's name at 32 characters).
	bullets := optionBullets(opts)
	size := len([]rune(b.String())) + len([]rune(strings.Join(head, "\n\n"))) + 2
	for _, bullet := range bullets {
		size += len([]rune(bullet))
	}
	// The note on the picture's marks goes under the options.
	note := marksNote(l, len(marks) > 0)
	size += len([]rune(note))
	buttons = buttons && size <= 1990
	var files []kit.File
	if len(marks) > 0 {
		files = kit.StepPicture(m, l, t, mt, marks)
	}
	var back []discordgo.MessageComponent
	if len(path) > 0 || page > 0 {
		back = append(back, backRow(l, t, mt, path, page))
	}
	// Options are listed while they fit with the heading, the picks
	// above, "… and N more" and the note below (clip would cut the
	// heading off first), and while the step fits a phone screen
	// (stepFits): with buttons all of them, else as many as fit.
	used := len([]rune(b.String())) + len([]rune(strings.Join(head, "\n\n"))) + 2 + len([]rune(note)) + 80
	heading := b.String()
	compose := func(lines int, buttons bool) *kit.Message {
		var b strings.Builder
		b.WriteString(heading)
		if lines > 0 { // with none, the heading's count says what the menu holds
			writeBullets(l, &b, bullets, lines, !buttons, used)
		}
		rows := slices.Clone(comps)
		if buttons {
			rows = append(rows, optionButtons(opts)...)
		} else {
			rows = append(rows, optionSelects(l, t, mt, opts, more, path, page, selects)...)
		}
		text := slices.Clone(head)
		if b.Len() > 0 {
			text = append(text, b.String())
		}
		msg := &kit.Message{Content: strings.Join(text, "\n\n") + note, Components: append(rows, back...), Files: files}
		msg.Content = kit.Clip(msg.Content)
		return msg
	}
	if buttons {
		if msg := compose(len(opts), true); stepFits(msg) {
			return msg
		}
	}
	// Selects: their options show each label and what it does; the text
	// lists the options while the step fits.
	for lines := min(maxMenuLines, len(bullets)); lines > 0; lines-- {
		if msg := compose(lines, false); stepFits(msg) {
			return msg
		}
	}
	return compose(0, false)
}

// stepBudgetPx is the height a private step's decision part (its text,
// picture and controls) should fit on a phone by the phone model (issue
// 37: p90 ≤ 700 px, max ≤ 900 px).
const stepBudgetPx = 700

// stepFits reports whether msg fits stepBudgetPx on a phone.
func stepFits(msg *kit.Message) bool {
	px := kit.PhoneLinePx*kit.WrappedLines(msg.Content) + kit.ComponentsPx(msg.Components)
	for _, f := range msg.Files {
		px += kit.PNGPx(f.Data)
	}
	return px <= stepBudgetPx
}

// pickMenus are the texts and rows of the step's choices of several.
func pickMenus(l *i18n.Loc, t kit.Table, mt engine.Match, legal []engine.Action, labels []engine.Label, picks []pickGroup) ([]string, []discordgo.MessageComponent) {
	var head []string
	var comps []discordgo.MessageComponent
	for n, g := range picks {
		text, row := pickMenu(l, t, mt, legal, labels, g, n)
		head = append(head, text)
		comps = append(comps, row)
	}
	return head, comps
}

// optionBullets are the options' lines in the step's text, each starting
// with a newline.
func optionBullets(opts []menuOpt) []string {
	bullets := make([]string, len(opts))
	for j, o := range opts {
		if o.desc != "" && !o.group {
			bullets[j] = fmt.Sprintf("\n• **%s** — %s", kit.Trunc(kit.NameReplacer.Replace(o.label), 60), o.desc)
		} else {
			bullets[j] = fmt.Sprintf("\n• **%s** (%s)", kit.Trunc(kit.NameReplacer.Replace(o.label), 60), o.desc)
		}
	}
	return bullets
}

// writeBullets writes at most lines bullets to b, and, when capped, only
// while the text (used runes so far) stays within 1990 runes; "… and N
// more" stands for the rest.
func writeBullets(l *i18n.Loc, b *strings.Builder, bullets []string, lines int, capped bool, used int) {
	for j := range bullets {
		if j == lines || capped && used+len([]rune(bullets[j])) > 1990 {
			b.WriteString("\n" + l.N("g_menu_more", len(bullets)-j, nil))
			break
		}
		b.WriteString(bullets[j])
		used += len([]rune(bullets[j]))
	}
}

// marksNote is the note on the picture's marks, under the options, when
// the step has marks; else empty.
func marksNote(l *i18n.Loc, marked bool) string {
	if !marked {
		return ""
	}
	return "\n" + l.T("g_marks_note", nil)
}

// menuRoots are the actions the menu's root offers: those in no choice of
// several (taken), the first of each run of identical labels.
func menuRoots(labels []engine.Label, taken map[int]bool) []int {
	var roots []int
	shown := map[string]bool{}
	for k, lab := range labels {
		if key := sameLabel(lab); !taken[k] && !shown[key] {
			shown[key] = true
			roots = append(roots, k)
		}
	}
	return roots
}

// menuHeading is the line above the step's options: where in the menu
// they are and how many; "or" below the choices of several when pickOr.
func menuHeading(l *i18n.Loc, labels []engine.Label, gs []menuGroup, crumbs []crumb, pickOr bool) string {
	var words []string
	for _, c := range crumbs {
		words = append(words, pathWord(l, labels[c.k], c.d))
	}
	crumbPath := strings.Join(words, " › ")
	switch {
	case len(gs) == 0:
	case pickOr:
		return l.T("g_pick_or", nil) // below the choices of several
	case len(gs) == 1 && len(crumbs) == 0:
		return l.T("g_your_move_only", nil)
	case len(gs) == 1:
		return l.T("g_your_move_only_in", kit.Args{"Path": crumbPath})
	case len(crumbs) == 0:
		return l.N("g_your_move_options", len(gs), nil)
	default:
		return l.N("g_your_move_options_in", len(gs), kit.Args{"Path": crumbPath})
	}
	return ""
}

// menuOpt is one option of a menu step, shown as a button or a select
// option.
type menuOpt struct {
	label, desc, value, button string
	group                      bool // opens a level of len(members) choices
}

// menuOptions are the options of the groups onPage (the first at index
// first of the level at depth d under path): an action, or a group that
// opens the next level.
func menuOptions(l *i18n.Loc, t kit.Table, mt engine.Match, legal []engine.Action, labels []engine.Label, onPage []menuGroup, markOf []string, first, d int, path []int) []menuOpt {
	var opts []menuOpt
	for j, g := range onPage {
		x := first + j
		if len(g.members) == 1 {
			k := g.members[0]
			lab := labels[k]
			line := labelLine(l, lab)
			name := line
			if d < kit.LabelDepth(lab) {
				var ws []string
				for e := d; e < kit.LabelDepth(lab); e++ {
					ws = append(ws, pathWord(l, lab, e))
				}
				name = strings.Join(ws, " · ")
			}
			value := "a:" + legal[k].String()
			opts = append(opts, menuOpt{label: markOf[j] + name, desc: line, value: value, button: kit.MatchID("gi", t, mt, strconv.Itoa(k))})
			continue
		}
		sub := formatPath(append(slices.Clone(path), x), 0)
		opts = append(opts, menuOpt{label: markOf[j] + pathWord(l, labels[g.members[0]], d), desc: l.N("g_choices", len(g.members), nil), value: "m:" + sub, button: kit.MatchID("gm", t, mt, sub), group: true})
	}
	return opts
}

// optionButtons are the rows of buttons, one per option.
func optionButtons(opts []menuOpt) []discordgo.MessageComponent {
	var bs []discordgo.MessageComponent
	for _, o := range opts {
		bs = append(bs, discordgo.Button{Label: kit.Trunc(o.label, 80), Style: discordgo.PrimaryButton, CustomID: o.button})
	}
	return kit.Rows(bs)
}

// optionSelects are up to selects rows of select menus holding the
// options, and "More…" (the next page of path) when more.
func optionSelects(l *i18n.Loc, t kit.Table, mt engine.Match, opts []menuOpt, more bool, path []int, page, selects int) []discordgo.MessageComponent {
	var comps []discordgo.MessageComponent
	var so []discordgo.SelectMenuOption
	for _, o := range opts {
		so = append(so, discordgo.SelectMenuOption{Label: kit.Trunc(o.label, 100), Description: optionDesc(o.label, o.desc), Value: o.value})
	}
	if more {
		so = append(so, discordgo.SelectMenuOption{Label: l.T("g_more", nil), Description: l.T("g_more_desc", nil), Value: "m:" + formatPath(path, page+1)})
	}
	for k := 0; len(so) > 0 && k < selects; k++ {
		n := min(selectSize, len(so))
		ph := l.T("g_choose", nil)
		if k > 0 || len(so) > n {
			ph = l.T("g_choose_range", kit.Args{"From": k*selectSize + 1, "To": k*selectSize + n})
		}
		comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: kit.MatchID("gs", t, mt, strconv.Itoa(k)), Placeholder: ph, Options: so[:n]}}})
		so = so[n:]
	}
	return comps
}

// backRow is the Back button: to the previous page, or up one level.
func backRow(l *i18n.Loc, t kit.Table, mt engine.Match, path []int, page int) discordgo.MessageComponent {
	back := formatPath(path[:max(len(path)-1, 0)], 0)
	if page > 0 {
		back = formatPath(path, page-1)
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("g_back", nil), Style: discordgo.SecondaryButton, CustomID: kit.MatchID("gm", t, mt, back)}}}
}

// ghand answers the Hand button: the seat's hand picture and, in words,
// what its seat view holds that the public view does not.
func (m *host) ghand(ctx context.Context, i *discordgo.Interaction, id string) kit.Response {
	t, mt, seat, r := m.gload(ctx, i, id, true)
	if r != nil {
		return *r
	}
	return m.ghandAt(kit.UserLoc(i), t, mt, seat)
}

func (m *host) ghandAt(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) kit.Response {
	v := mt.Seat(seat)
	msg := &kit.Message{Content: kit.Clip(l.T(titleWord("g_hand_head", t), kit.Args{"Seat": kit.SeatLabel(l, seat), "Game": kit.TitleNameIn(l, m.Meta(t))}) + "\n" + secretsText(l, mt, seat))}
	if rd, err := m.Renderers().Get(t.TitleID()); err == nil {
		img, err := rd.Hand(v, imaging.Options{Words: kit.PictureWords(l)})
		if err == nil {
			var png []byte
			if png, err = imaging.EncodePNG(img); err == nil {
				msg.Files = []kit.File{{Name: "hand.png", Data: png}}
			}
		}
		if err != nil {
			m.Log().Error("render hand", "table", t.ID, "seat", seat, "err", err)
		}
	}
	return kit.Response{Reply: msg}
}

// secretsText is what only seat knows, in the title's words (engine.Secrets)
// and l's language, or a pointer to the picture when the title says nothing.
func secretsText(l *i18n.Loc, mt engine.Match, seat int) string {
	sec, ok := mt.(engine.Secrets)
	if !ok {
		return l.T("g_hand_picture", nil)
	}
	msgs := sec.Secrets(seat)
	if len(msgs) == 0 {
		return l.T("g_hand_nothing", nil)
	}
	lines := make([]string, len(msgs))
	for k, sm := range msgs {
		lines[k] = l.Message(sm, "")
	}
	return "• " + strings.Join(lines, "\n• ")
}

// sameLabel is everything lab shows a player: two actions with one key
// look the same and do the same for the seat.
func sameLabel(lab engine.Label) string {
	var b strings.Builder
	for _, m := range lab.PathMessages {
		b.WriteString(m.String())
		b.WriteString(" › ")
	}
	b.WriteString(lab.LineMessage.String())
	return b.String()
}

// apart reports whether the options' visible texts all differ.
func apart[T any](opts []T, visible func(T) string) bool {
	seen := map[string]bool{}
	for _, o := range opts {
		v := visible(o)
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// optionDesc is a select option's description: desc within Discord's 100
// characters, or, when desc is the label itself and longer than the label
// shows, the end the label cut off, so that two long lines differing near
// their end still look apart.
func optionDesc(label, desc string) string {
	r := []rune(desc)
	if desc != label || len(r) <= 100 {
		return kit.Trunc(desc, 100)
	}
	return "…" + string(r[max(100-1, len(r)-99):])
}
