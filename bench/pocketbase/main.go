// Command pocketbase is PocketBase as it ships, without our migrations, hooks or routes:
// bench/run.sh serves the same data directory with it for the baseline of the server's memory.
package main

import (
	"log"

	"github.com/pocketbase/pocketbase"
)

func main() {
	if err := pocketbase.NewWithConfig(pocketbase.Config{DefaultDev: false}).Start(); err != nil {
		log.Fatal(err)
	}
}
