package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// cpu reads the server's CPU time, when -pid names it.
var cpu serverCPU

// serverCPU reads a process's CPU time (user and system) from /proc: on two cores shared with
// the client and the receivers, writes/s move with the machine's other load, the server's CPU
// time a write much less.
type serverCPU struct{ pid int }

// clockTick is the kernel's USER_HZ, 100 on Linux.
const clockTick = 10 * time.Millisecond

// used returns the CPU time the process has used so far, 0 without a pid.
func (s serverCPU) used() time.Duration {
	if s.pid == 0 {
		return 0
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.pid))
	if err != nil {
		return 0
	}
	// The fields after the command, which is in parentheses and may hold spaces: utime and
	// stime are the 14th and 15th of the line.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * clockTick
}

// rate is what a phase measured.
type rate struct {
	perSecond   float64
	cpuPerWrite time.Duration
}

// cpu prints the server's CPU time a write, when it was read.
func (r rate) cpu() string {
	if r.cpuPerWrite == 0 {
		return ""
	}
	return fmt.Sprintf("   server CPU %5.2f ms a write", float64(r.cpuPerWrite.Microseconds())/1000)
}

// cpuRatio compares two phases by their CPU time a write (base / than: above 1, than is cheaper).
func cpuRatio(base, than rate) string {
	if base.cpuPerWrite == 0 || than.cpuPerWrite == 0 {
		return ""
	}
	return fmt.Sprintf(" (by CPU a write: %.2f)", float64(base.cpuPerWrite)/float64(than.cpuPerWrite))
}
