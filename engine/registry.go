package engine

import "fmt"

// Registry holds the installed titles. The program fills it explicitly at
// start-up (no init-time registration), so what is installed is visible in
// one place.
type Registry struct {
	byID  map[string]Title
	order []Title
}

// NewRegistry returns a registry holding titles, in the order given (the
// order lobbies list them). Two titles with one id is a programming error.
func NewRegistry(titles ...Title) *Registry {
	r := &Registry{byID: map[string]Title{}}
	for _, t := range titles {
		id := t.Meta().ID
		if _, dup := r.byID[id]; dup || id == "" {
			panic(fmt.Sprintf("engine: title id %q registered twice or empty", id))
		}
		r.byID[id] = t
		r.order = append(r.order, t)
	}
	return r
}

// Get returns the title with id ("" means DefaultTitle).
func (r *Registry) Get(id string) (Title, error) {
	if id == "" {
		id = DefaultTitle
	}
	if t, ok := r.byID[id]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("no game %q is installed (installed: %s)", id, r.IDs())
}

// All returns the titles in registration order.
func (r *Registry) All() []Title { return append([]Title(nil), r.order...) }

// IDs returns the installed ids, comma-separated.
func (r *Registry) IDs() string {
	s := ""
	for i, t := range r.order {
		if i > 0 {
			s += ", "
		}
		s += t.Meta().ID
	}
	return s
}
