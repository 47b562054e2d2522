// Command newsletterbench is the SMTP side of bench/newsletter.sh. `sink ADDR COUNTFILE` is an
// SMTP server that takes every message and keeps the count in COUNTFILE. `bare ADDR FILE N
// CONCURRENCY` sends the message in FILE N times over CONCURRENCY connections with go-mail's SMTP
// client (the library the server uses, the same bytes, straight from memory) and prints messages
// per second: the ceiling the server's sends are measured against.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wneessen/go-mail/smtp"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: newsletterbench sink ADDR COUNTFILE | bare ADDR FILE N CONCURRENCY")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "sink":
		err = sink(os.Args[2], os.Args[3])
	case "bare":
		err = bare(os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// sink takes every message; the count so far is in countFile, rewritten each 100 ms, and the
// first message is kept in countFile.eml.
func sink(addr, countFile string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	var taken atomic.Int64
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			_ = os.WriteFile(countFile, []byte(strconv.FormatInt(taken.Load(), 10)), 0o644)
		}
	}()
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go serve(c, &taken, countFile+".eml")
	}
}

// serve is one session; the first message taken is written to sample.
func serve(c net.Conn, taken *atomic.Int64, sample string) {
	defer c.Close()
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	say := func(s string) { w.WriteString(s + "\r\n"); w.Flush() }
	say("220 sink")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			say("250-sink\r\n250 8BITMIME")
		case cmd == "DATA":
			say("354 go on")
			var first *bytes.Buffer
			if taken.Load() == 0 {
				first = &bytes.Buffer{}
			}
			for {
				l, err := r.ReadSlice('\n')
				if err != nil && err != bufio.ErrBufferFull {
					return
				}
				if bytes.Equal(l, []byte(".\r\n")) {
					break
				}
				if first != nil {
					first.Write(bytes.TrimPrefix(l, []byte(".")))
				}
			}
			if taken.Add(1) == 1 && first != nil {
				_ = os.WriteFile(sample, first.Bytes(), 0o644)
			}
			say("250 ok")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

// bare sends FILE's bytes N times over CONCURRENCY sessions and prints messages per second.
func bare(args []string) error {
	if len(args) != 4 {
		return fmt.Errorf("bare ADDR FILE N CONCURRENCY")
	}
	msg, err := os.ReadFile(args[1])
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(args[2])
	conc, _ := strconv.Atoi(args[3])
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	errs := make(chan error, conc)
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := smtp.Dial(args[0])
			if err != nil {
				errs <- err
				return
			}
			defer c.Quit()
			if err := c.Hello("localhost"); err != nil {
				errs <- err
				return
			}
			for next.Add(1) <= int64(n) {
				if err := c.Mail("news@example.com"); err != nil {
					errs <- err
					return
				}
				if err := c.Rcpt("reader@example.org"); err != nil {
					errs <- err
					return
				}
				w, err := c.Data()
				if err == nil {
					if _, err = w.Write(msg); err == nil {
						err = w.Close()
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Printf("%.0f\n", float64(n)/time.Since(start).Seconds())
	return nil
}
