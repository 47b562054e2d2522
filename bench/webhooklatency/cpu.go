package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTicks is Linux's USER_HZ, the unit of utime and stime in /proc/PID/stat.
const clockTicks = 100

// cpuMeter reads the CPU time of the server (by pid, 0 for none) and of this process, so a
// phase can report what each delivery cost in CPU: a figure less at the mercy of whatever
// else the machine runs than the rates are.
type cpuMeter struct{ pid int }

// cpuTimes are the CPU times taken at one moment.
type cpuTimes struct{ server, bench time.Duration }

func (m cpuMeter) read() cpuTimes {
	var ru syscall.Rusage
	var t cpuTimes
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		t.bench = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if m.pid == 0 {
		return t
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", m.pid))
	if err != nil {
		return t
	}
	// Fields after the command (which may hold spaces) start at state, field 3; utime and
	// stime are fields 14 and 15.
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
	if len(fields) < 13 {
		return t
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	t.server = time.Duration(utime+stime) * time.Second / clockTicks
	return t
}

// since describes the CPU used from start to now, per delivery.
func (m cpuMeter) since(start cpuTimes, deliveries int) string {
	end := m.read()
	per := func(d time.Duration) time.Duration { return d / time.Duration(max(deliveries, 1)) }
	s := fmt.Sprintf("bench CPU %s (%s a delivery)", (end.bench - start.bench).Round(10*time.Millisecond), per(end.bench-start.bench).Round(time.Microsecond))
	if m.pid != 0 {
		s = fmt.Sprintf("server CPU %s (%s a delivery), ", (end.server-start.server).Round(10*time.Millisecond), per(end.server-start.server).Round(time.Microsecond)) + s
	}
	return s
}
