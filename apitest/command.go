package apitest

import (
	"bytes"

	"github.com/spf13/cobra"
)

// RunCommand runs cmd with args as a terminal would and returns what it printed (standard
// output and errors together) and its error.
func RunCommand(cmd *cobra.Command, args ...string) (string, error) {
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}
