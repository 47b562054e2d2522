package importer

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Report is what an import did, or would do on a dry run.
type Report struct {
	// Source and File name the import.
	Source, File string
	// Created, Updated and Unchanged count the posts and pages; Changed counts those whose
	// source changed since the last import but were left as they are (no Update).
	Created, Updated, Unchanged, Changed int
	// Audience counts the members and subscribers brought in.
	Audience Audience
	// Skipped counts what was left out, by reason.
	Skipped map[string]int
	// Notes are one line each about a record: a slug that clashed, a state that was mapped.
	Notes []string
	// DryRun says nothing was written.
	DryRun bool
}

func newReport(source, file string) *Report {
	return &Report{Source: source, File: file, Skipped: map[string]int{}}
}

func (r *Report) skip(reason string) { r.Skipped[reason]++ }

func (r *Report) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// Summary is the one line that ends every import: "created 12, updated 0, unchanged 3,
// skipped 7 (4 comment, 3 author)", then what came of the members and subscribers, if any.
func (r *Report) Summary() string {
	var b strings.Builder
	if r.DryRun {
		b.WriteString("dry run, nothing written: ")
	}
	fmt.Fprintf(&b, "%s %s: created %d, updated %d, unchanged %d", r.Source, r.File, r.Created, r.Updated, r.Unchanged)
	if r.Changed > 0 {
		fmt.Fprintf(&b, ", changed at the source %d (not overwritten; --update does)", r.Changed)
	}
	total := 0
	var reasons []string
	for _, reason := range slices.Sorted(maps.Keys(r.Skipped)) {
		total += r.Skipped[reason]
		reasons = append(reasons, fmt.Sprintf("%d %s", r.Skipped[reason], reason))
	}
	fmt.Fprintf(&b, ", skipped %d", total)
	if total > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(reasons, ", "))
	}
	if a := r.Audience; a != (Audience{}) {
		fmt.Fprintf(&b, "; audience: members created %d, confirmed subscribers created %d, already here %d", a.Members, a.Subscribers, a.Known)
	}
	return b.String()
}

// maxNotes is how many notes Print shows before it says how many more there are.
const maxNotes = 50

// Print writes the notes, at most maxNotes, then the summary line.
func (r *Report) Print(w io.Writer) {
	for i, n := range r.Notes {
		if i == maxNotes {
			fmt.Fprintf(w, "  … and %d more notes\n", len(r.Notes)-maxNotes)
			break
		}
		fmt.Fprintln(w, "  "+n)
	}
	fmt.Fprintln(w, r.Summary())
}
