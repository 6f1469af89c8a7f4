// Package testenv lets a test declare, where it starts, which pass of the
// suite plays it and how much it plays.
//
// The suite runs in two passes (.ci/run):
//
//   - the README's command, `go test -race ./...`: every test, with the
//     marked ones at their small size;
//   - the full pass, without the race detector and with TINNERS_TEST_FULL=1:
//     only the marked tests (found in the source by cmd/marked), at their
//     full size, with real pictures.
//
// A test is marked when it (or a test helper of its package it calls) calls
// Size, Pick or FullOnly. Outside CI a plain `go test ./...` is a full run and
// `go test -short ./...` a small one.
package testenv

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// FullEnv is the environment variable that chooses the pass: "1" plays every
// marked test at its full size (even under -race), "0" at its small size
// (even without it). Unset, the race detector and -short decide.
const FullEnv = "TINNERS_TEST_FULL"

// ReportEnv names a file that Played appends one line to per whole game,
// for .ci/run's count of the games each pass played.
const ReportEnv = "TINNERS_TEST_REPORT"

// Full reports whether this run plays marked tests at their full size:
// TINNERS_TEST_FULL when set, else neither -race nor -short.
func Full() bool {
	switch os.Getenv(FullEnv) {
	case "1":
		return true
	case "0":
		return false
	}
	return !Race && !testing.Short()
}

// Size returns how many games (seeds, samples) the test plays: full in the
// full pass, small otherwise. small may be 0: the test then plays only in
// the full pass.
func Size(t testing.TB, small, full int) int {
	t.Helper()
	if Full() {
		return full
	}
	if small == 0 {
		t.Skip("testenv: played in the full pass only (" + FullEnv + "=1, without -race)")
	}
	return small
}

// Pick reports whether a case of a marked test plays in this pass: every
// case in the full pass, the cases with small true otherwise. A case left
// out is not skipped (the caller simply does not play it), so a test may
// loop over cases and pick a few of them under -race.
func Pick(t testing.TB, small bool) bool {
	t.Helper()
	return small || Full()
}

// FullOnly skips the test (or subtest) outside the full pass.
func FullOnly(t testing.TB) {
	t.Helper()
	if !Full() {
		t.Skip("testenv: played in the full pass only (" + FullEnv + "=1, without -race)")
	}
}

var reportMu sync.Mutex

// Played records that the test played n whole games (logged, and appended
// to the file TINNERS_TEST_REPORT names, if any, as "package test n").
func Played(t testing.TB, n int) {
	t.Helper()
	if n <= 0 {
		return
	}
	t.Logf("testenv: %d whole game(s) played", n)
	path := os.Getenv(ReportEnv)
	if path == "" {
		return
	}
	reportMu.Lock()
	defer reportMu.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Errorf("testenv: report: %v", err)
		return
	}
	defer f.Close()
	pkg, _ := os.Getwd()
	name := strings.SplitN(t.Name(), "/", 2)[0]
	if _, err := fmt.Fprintf(f, "%s\t%s\t%d\n", pkg, name, n); err != nil {
		t.Errorf("testenv: report: %v", err)
	}
}
