package bot

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// The fake Discord lives in package fakediscord (the playtest command uses
// it too); these names keep the tests short.
type (
	fakeCall = fakediscord.Call
	fakeFile = fakediscord.File
)

// fakeDiscord wraps a fakediscord.Server so that its failures end the test.
type fakeDiscord struct {
	*fakediscord.Server
	t     *testing.T
	appID string
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	t.Helper()
	s := fakediscord.New()
	t.Cleanup(s.Close)
	return &fakeDiscord{Server: s, t: t, appID: s.AppID}
}

// waitConnected waits until a gateway client has identified.
func (f *fakeDiscord) waitConnected() {
	f.t.Helper()
	if err := f.WaitConnected(0); err != nil {
		f.t.Fatal(err)
	}
}

// waitUntil waits until cond (given the calls so far) holds.
func (f *fakeDiscord) waitUntil(what string, cond func(calls []fakeCall) bool) {
	f.t.Helper()
	if err := f.WaitUntil(what, 0, func(calls []fakeCall, _ int) bool { return cond(calls) }); err != nil {
		f.t.Fatal(err)
	}
}

// dispatch pushes an INTERACTION_CREATE to every connected client.
func (f *fakeDiscord) dispatch(i any) {
	f.t.Helper()
	if err := f.Dispatch(i); err != nil {
		f.t.Fatal(err)
	}
}

// dispatchForged pushes an interaction Discord would not send.
func (f *fakeDiscord) dispatchForged(i any) {
	f.t.Helper()
	if err := f.DispatchForged(i); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fakeDiscord) callsSince(n int) []fakeCall { return f.CallsSince(n) }
func (f *fakeDiscord) numCalls() int               { return f.NumCalls() }
