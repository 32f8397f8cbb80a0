package gates

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZScratch(t *testing.T) {
	data, _ := os.ReadFile("/tmp/g3scratch/lines.txt")
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var out []string
		for _, n := range NumbersIn(l) {
			out = append(out, fmt.Sprintf("%q=%s", n.Text, n.Reading))
		}
		fmt.Printf("%-50q %v\n", l, out)
	}
}
