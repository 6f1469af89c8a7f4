package kit

import (
	"encoding/json"
	"reflect"
	"strings"
)

// A title's own bookkeeping. Notes.Title (and UndoPoint.Title, its state
// before the interaction that may be taken back) hold what one title's UI
// keeps about a running game, as that UI's own JSON: the core and the kit
// never look inside. The UI reads and writes it with TitleNotes and
// SetTitleNotes (UndoTitle and SetUndoTitle), as a struct of its own.
//
// Tables stored before a title kept its own notes carry that bookkeeping
// in fields of Notes (and of UndoPoint) that this build no longer names.
// Reading keeps them in Old; while Title is empty, TitleNotes decodes them
// into the UI's struct (whose JSON names are the old fields'), and writing
// puts them back as they were, so no write of the core loses them. The
// UI's first SetTitleNotes takes them over into Title and drops them.

// TitleNotes decodes n's title notes into a T: n.Title, or while it is
// empty the old fields n.Old (zero when there are none).
func TitleNotes[T any](n Notes) (T, error) { return decodeTitle[T](n.Title, n.Old) }

// SetTitleNotes sets n's title notes to v, dropping the old fields.
func SetTitleNotes[T any](n *Notes, v T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	n.Title, n.Old = b, nil
	if n.Undo != nil && n.Undo.Title == nil && len(n.Undo.Old) > 0 {
		// The undo point's old fields go with the notes' own: the UI
		// reads them through UndoTitle until it sets them.
		if u, err := encodeOld(n.Undo.Old); err == nil {
			n.Undo.Title = u
		}
		n.Undo.Old = nil
	}
	return nil
}

// UndoTitle decodes u's copy of the title notes into a T (as TitleNotes).
func UndoTitle[T any](u UndoPoint) (T, error) { return decodeTitle[T](u.Title, u.Old) }

// SetUndoTitle sets u's copy of the title notes to v.
func SetUndoTitle[T any](u *UndoPoint, v T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	u.Title, u.Old = b, nil
	return nil
}

func decodeTitle[T any](title json.RawMessage, old map[string]json.RawMessage) (T, error) {
	var v T
	if len(title) == 0 {
		if len(old) == 0 {
			return v, nil
		}
		b, err := encodeOld(old)
		if err != nil {
			return v, err
		}
		title = b
	}
	err := json.Unmarshal(title, &v)
	return v, err
}

func encodeOld(old map[string]json.RawMessage) (json.RawMessage, error) {
	return json.Marshal(old)
}

var (
	notesNames = jsonNames(reflect.TypeFor[Notes]())
	undoNames  = jsonNames(reflect.TypeFor[UndoPoint]())
)

// jsonNames are the JSON names of struct type t's fields.
func jsonNames(t reflect.Type) map[string]bool {
	names := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
		case "":
			names[f.Name] = true
		default:
			names[name] = true
		}
	}
	return names
}

// unnamed are the fields of JSON object b not named in names (nil: none).
func unnamed(b []byte, names map[string]bool) (map[string]json.RawMessage, error) {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	var old map[string]json.RawMessage
	for k, v := range all {
		if names[k] {
			continue
		}
		if old == nil {
			old = map[string]json.RawMessage{}
		}
		old[k] = v
	}
	return old, nil
}

// withOld adds the fields old to JSON object b.
func withOld(b []byte, old map[string]json.RawMessage) ([]byte, error) {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	for k, v := range old {
		if _, ok := all[k]; !ok {
			all[k] = v
		}
	}
	return json.Marshal(all)
}

func (n *Notes) UnmarshalJSON(b []byte) error {
	type plain Notes
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	old, err := unnamed(b, notesNames)
	if err != nil {
		return err
	}
	p.Old = old
	*n = Notes(p)
	return nil
}

func (n Notes) MarshalJSON() ([]byte, error) {
	type plain Notes
	b, err := json.Marshal(plain(n))
	if err != nil || len(n.Old) == 0 || len(n.Title) > 0 {
		return b, err
	}
	return withOld(b, n.Old)
}

func (u *UndoPoint) UnmarshalJSON(b []byte) error {
	type plain UndoPoint
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	old, err := unnamed(b, undoNames)
	if err != nil {
		return err
	}
	p.Old = old
	*u = UndoPoint(p)
	return nil
}

func (u UndoPoint) MarshalJSON() ([]byte, error) {
	type plain UndoPoint
	b, err := json.Marshal(plain(u))
	if err != nil || len(u.Old) == 0 || len(u.Title) > 0 {
		return b, err
	}
	return withOld(b, u.Old)
}
