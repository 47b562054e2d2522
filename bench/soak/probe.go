package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// procSample is the server process at one moment. A figure that could not be read is -1.
type procSample struct {
	at         time.Time
	cpuTicks   int64   // user and system time of the process, in clock ticks (1/100 s)
	loadAvg    float64 // the machine's 1-minute load average
	pending    int     // deliveries pending on the server (the sender's backlog)
	rssBytes   int64
	fds        int
	goroutines int
	walBytes   int64 // data.db-wal
	dbBytes    int64 // data.db
	auxWAL     int64 // auxiliary.db-wal (PocketBase's request log)
	goHeap     int64 // the Go heap in use (runtime.MemStats.HeapInuse); RSS beyond it is mostly SQLite's page caches
	writer     poolStats
	readers    poolStats
}

// poolStats is the part of database/sql's DBStats the report uses, as the server's
// /debug/vars publishes it (cca_data_db_writer, cca_data_db_readers).
type poolStats struct {
	OpenConnections int
	WaitCount       int64
	WaitDuration    time.Duration
}

// probe reads the server process: /proc for memory and descriptors, the data directory for
// file sizes, the CCA_DEBUG_PPROF listener for goroutines and the pools.
type probe struct {
	pid     int
	dataDir string
	debug   string
	client  *http.Client
	backlog func() (int, error) // the server's pending deliveries
}

func newProbe(c config, backlog func() (int, error)) *probe {
	return &probe{pid: c.pid, dataDir: c.dataDir, debug: "http://" + c.pprof, client: &http.Client{Timeout: 30 * time.Second}, backlog: backlog}
}

func (p *probe) sample() procSample {
	s := procSample{
		at:         time.Now(),
		cpuTicks:   p.cpuTicks(),
		loadAvg:    loadAverage(),
		pending:    -1,
		rssBytes:   p.rss(),
		fds:        p.fds(),
		goroutines: p.goroutines(),
		walBytes:   fileSize(filepath.Join(p.dataDir, "data.db-wal")),
		dbBytes:    fileSize(filepath.Join(p.dataDir, "data.db")),
		auxWAL:     fileSize(filepath.Join(p.dataDir, "auxiliary.db-wal")),
	}
	s.goHeap, s.writer, s.readers = p.vars()
	if n, err := p.backlog(); err == nil {
		s.pending = n
	}
	return s
}

// cpuTicks is utime + stime of /proc/PID/stat (fields 14 and 15, after the command's
// parenthesised name).
func (p *probe) cpuTicks() int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return -1
	}
	_, rest, ok := strings.Cut(string(raw), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return utime + stime
}

// loadAverage is the first figure of /proc/loadavg.
func loadAverage() float64 {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(raw))
	if len(f) == 0 {
		return -1
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}

// rss is VmRSS of /proc/PID/status in bytes.
func (p *probe) rss() int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return -1
	}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return -1
			}
			return kb << 10
		}
	}
	return -1
}

// fds is the number of entries of /proc/PID/fd.
func (p *probe) fds() int {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", p.pid))
	if err != nil {
		return -1
	}
	return len(entries)
}

// goroutines is the total of the goroutine profile's first line ("goroutine profile: total N").
func (p *probe) goroutines() int {
	res, err := p.client.Get(p.debug + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "goroutine profile: total ")))
	if err != nil {
		return -1
	}
	return n
}

// vars reads the Go heap and the writer's and readers' pool statistics from /debug/vars.
func (p *probe) vars() (goHeap int64, writer, readers poolStats) {
	goHeap, writer.OpenConnections, readers.OpenConnections = -1, -1, -1
	res, err := p.client.Get(p.debug + "/debug/vars")
	if err != nil {
		return goHeap, writer, readers
	}
	defer res.Body.Close()
	var vars struct {
		MemStats *struct{ HeapInuse int64 } `json:"memstats"`
		Writer   *poolStats                 `json:"cca_data_db_writer"`
		Readers  *poolStats                 `json:"cca_data_db_readers"`
	}
	if json.NewDecoder(res.Body).Decode(&vars) != nil || vars.MemStats == nil || vars.Writer == nil || vars.Readers == nil {
		return goHeap, writer, readers
	}
	return vars.MemStats.HeapInuse, *vars.Writer, *vars.Readers
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return st.Size()
}
