// Command summary reads `go test -json` on stdin and prints what a pass of
// .ci/run did: per package its result, time, tests run and skipped, and the
// whole games its tests played (testenv.Played's report file), then the
// totals. The output of every failing test, and of every package that
// failed to build or exited badly, is printed in full. It exits 1 when
// anything failed, so `go test -json ... | summary` fails as go test would.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

type pkgStat struct {
	result              string // "ok", "FAIL", "?" (no test files)
	elapsed             float64
	passed, skipped     int // top-level tests
	failed              []string
	subPassed, subSkips int
	games               int
	out                 strings.Builder // package-level output (panics, build errors)
}

func main() {
	pass := flag.String("pass", "", "name of the pass, for the headings")
	report := flag.String("report", "", "testenv.Played's report file (TINNERS_TEST_REPORT)")
	flag.Parse()
	start := time.Now()

	pkgs := map[string]*pkgStat{}
	get := func(p string) *pkgStat {
		if pkgs[p] == nil {
			pkgs[p] = &pkgStat{}
		}
		return pkgs[p]
	}
	testOut := map[string]*strings.Builder{} // "pkg\x00test" → output
	type timed struct {
		name    string
		elapsed float64
	}
	var slow []timed // top-level tests, for the slowest list
	failedAny := false
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			// Not an event (go vet or build messages on stdout): pass it on.
			fmt.Println(string(line))
			continue
		}
		switch e.Action {
		case "build-output":
			fmt.Print(e.Output)
			continue
		case "build-fail":
			failedAny = true
			continue
		}
		ps := get(e.Package)
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "output":
			if e.Test == "" {
				ps.out.WriteString(e.Output)
				continue
			}
			b := testOut[key]
			if b == nil {
				b = &strings.Builder{}
				testOut[key] = b
			}
			b.WriteString(e.Output)
		case "pass", "skip", "fail":
			if e.Test == "" {
				ps.elapsed = e.Elapsed
				switch {
				case e.Action == "fail":
					ps.result = "FAIL"
					failedAny = true
				case e.Action == "skip":
					ps.result = "?"
				default:
					ps.result = "ok"
				}
				continue
			}
			sub := strings.Contains(e.Test, "/")
			if !sub && e.Action != "skip" {
				slow = append(slow, timed{e.Package + " " + e.Test, e.Elapsed})
			}
			switch e.Action {
			case "pass":
				if sub {
					ps.subPassed++
				} else {
					ps.passed++
				}
			case "skip":
				if sub {
					ps.subSkips++
				} else {
					ps.skipped++
				}
			case "fail":
				failedAny = true
				if !sub {
					ps.failed = append(ps.failed, e.Test)
				}
				if b := testOut[key]; b != nil {
					fmt.Printf("--- output of %s %s\n%s", e.Package, e.Test, b.String())
				}
			}
			delete(testOut, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "summary:", err)
		failedAny = true
	}
	if *report != "" {
		if err := readReport(*report, get); err != nil {
			fmt.Fprintln(os.Stderr, "summary:", err)
			failedAny = true
		}
	}

	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	_, mod, _ := module()
	var tot pkgStat
	fmt.Printf("\n== %s: per package: result, seconds, tests passed/skipped (subtests passed/skipped), whole games played\n", *pass)
	for _, p := range names {
		ps := pkgs[p]
		if ps.result == "FAIL" {
			fmt.Printf("--- package output of %s\n%s", p, ps.out.String())
		}
		if ps.result == "?" && ps.games == 0 {
			continue
		}
		short := strings.TrimPrefix(p, mod+"/")
		if p == mod {
			short = "."
		}
		fmt.Printf("%-4s %-22s %7.1fs  tests %3d/%-3d (%4d/%-3d)  games %d\n", ps.result, short, ps.elapsed,
			ps.passed, ps.skipped, ps.subPassed, ps.subSkips, ps.games)
		for _, f := range ps.failed {
			fmt.Printf("     FAIL %s\n", f)
		}
		tot.passed += ps.passed
		tot.skipped += ps.skipped
		tot.subPassed += ps.subPassed
		tot.subSkips += ps.subSkips
		tot.games += ps.games
		tot.failed = append(tot.failed, ps.failed...)
	}
	sort.Slice(slow, func(i, j int) bool { return slow[i].elapsed > slow[j].elapsed })
	fmt.Printf("== %s: slowest tests (seconds, parallel tests overlapping)\n", *pass)
	for _, s := range slow[:min(len(slow), 12)] {
		fmt.Printf("%7.1fs  %s\n", s.elapsed, strings.TrimPrefix(s.name, mod+"/"))
	}
	fmt.Printf("== %s: %d tests passed, %d skipped, %d failed (subtests: %d passed, %d skipped); %d whole games played; %s wall\n",
		*pass, tot.passed, tot.skipped, len(tot.failed), tot.subPassed, tot.subSkips, tot.games, time.Since(start).Round(time.Second))
	if failedAny {
		fmt.Printf("== %s: FAIL\n", *pass)
		os.Exit(1)
	}
}

// readReport adds testenv.Played's lines ("dir\ttest\tn") to the packages
// (import path: the module path plus the directory relative to go.mod).
func readReport(path string, get func(string) *pkgStat) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	root, mod, err := module()
	if err != nil {
		return err
	}
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if line = strings.TrimSpace(line); line != "" {
			parts := strings.Split(line, "\t")
			if len(parts) != 3 {
				return fmt.Errorf("report: bad line %q", line)
			}
			n, perr := strconv.Atoi(parts[2])
			if perr != nil {
				return fmt.Errorf("report: bad line %q", line)
			}
			rel, rerr := filepath.Rel(root, parts[0])
			if rerr != nil {
				return rerr
			}
			pkg := mod
			if rel != "." {
				pkg += "/" + filepath.ToSlash(rel)
			}
			get(pkg).games += n
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// module finds go.mod from the working directory up and returns its
// directory and module path.
func module() (dir, path string, err error) {
	dir, err = os.Getwd()
	if err != nil {
		return "", "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
					return dir, f[1], nil
				}
			}
			return "", "", fmt.Errorf("go.mod without a module line")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}
