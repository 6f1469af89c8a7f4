package playtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	res, err := Play(context.Background(), Options{Players: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll("/tmp/pt", 0o755)
	os.WriteFile("/tmp/pt/transcript.md", []byte(res.Transcript), 0o644)
	for k, im := range res.Images {
		os.WriteFile(fmt.Sprintf("/tmp/pt/%03d-%s", k, im.Name), im.Data, 0o644)
	}
	b, _ := json.MarshalIndent(res.Stats, "", " ")
	t.Logf("%s", b)
}
