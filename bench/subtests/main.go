// Command subtests runs every subtest of a package by itself and lists those that fail alone:
// a subtest that passes in the package's run but fails by itself depends on an earlier one.
//
//	GOTOOLCHAIN=auto go run ./bench/subtests [-p 2] [-run REGEXP] ./routes/
//
// It builds the package's race test binary once, runs it whole to learn every subtest in
// order, then runs each leaf subtest with -test.run '^Parent$/^sub$/...' (each element
// quoted). A name that matches nothing alone (one built from a random id) is listed too.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

func main() {
	workers := flag.Int("p", 2, "subtests run at the same time")
	only := flag.String("run", ".", "the top-level tests to look at (-test.run)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: subtests [-p N] [-run REGEXP] PACKAGE_DIR")
		os.Exit(2)
	}
	failed, total, err := check(flag.Arg(0), *only, *workers)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d of %d subtests fail alone\n", flag.Arg(0), len(failed), total)
	for _, name := range failed {
		fmt.Println("  ", name)
	}
	if len(failed) > 0 {
		os.Exit(1)
	}
}

func check(dir, only string, workers int) (failed []string, total int, err error) {
	tmp, err := os.MkdirTemp("", "subtests_")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "pkg.test")
	build := exec.Command("go", "test", "-race", "-c", "-o", bin, ".")
	build.Dir, build.Stdout, build.Stderr = dir, os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return nil, 0, fmt.Errorf("build: %w", err)
	}
	leaves, err := passingLeaves(dir, bin, only)
	if err != nil {
		return nil, 0, err
	}
	results := make([]string, len(leaves)) // "" passed alone, else why not
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runAlone(dir, bin, leaves[i])
			}
		}()
	}
	for i := range leaves {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, why := range results {
		if why != "" {
			failed = append(failed, leaves[i])
			fmt.Printf("FAILS ALONE: %s\n%s\n", leaves[i], why)
		}
	}
	return failed, len(leaves), nil
}

// passingLeaves runs the whole binary and returns the subtests without subtests of their own
// that passed, in the order they ran.
func passingLeaves(dir, bin, only string) ([]string, error) {
	cmd := exec.Command("sh", "-c", fmt.Sprintf("%s -test.v=test2json -test.count=1 -test.run '%s' 2>&1 | go tool test2json", bin, only))
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		return nil, fmt.Errorf("whole run: %w", err)
	}
	var order []string
	passed, parents := map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Test == "" {
			continue
		}
		switch e.Action {
		case "run":
			order = append(order, e.Test)
			parts := strings.Split(e.Test, "/")
			for i := 1; i < len(parts); i++ {
				parents[strings.Join(parts[:i], "/")] = true
			}
		case "pass":
			passed[e.Test] = true
		}
	}
	var leaves []string
	for _, name := range order {
		if strings.Contains(name, "/") && !parents[name] && passed[name] {
			leaves = append(leaves, name)
		}
	}
	return leaves, nil
}

// runAlone runs one subtest by itself: "" when it passes, else what it printed.
func runAlone(dir, bin, name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(bin, "-test.run", strings.Join(parts, "/"), "-test.count=1")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	switch {
	case bytes.Contains(out, []byte("no tests to run")):
		return "its name matches nothing in another run (a random id in it?)"
	case err != nil:
		return string(out[max(0, len(out)-1500):])
	}
	return ""
}
