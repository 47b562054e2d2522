// Command bareserver answers every request with one file's bytes, with nothing but net/http:
// the most a Go server on this machine serves of an answer it does not compute. bench/run.sh
// serves the v1 list's body with it, the baseline of the list read from memory.
//
//	bareserver -addr 127.0.0.1:8192 -file list.json
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8192", "address to listen on")
	file := flag.String("file", "", "the file whose bytes every answer carries")
	contentType := flag.String("type", "application/json; charset=utf-8", "the answers' Content-Type")
	flag.Parse()
	body, err := os.ReadFile(*file)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", *contentType)
		w.Write(body) // a client gone mid-answer is nothing to report
	})))
}
