package fs

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Every warehouse kind behaves alike: local directories and memory.
func TestOperations(t *testing.T) {
	ctx := context.Background()
	for _, url := range []string{t.TempDir(), "mem://"} {
		f, err := Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.CreateExclusive(ctx, "db.db/t/snapshot/snapshot-1", []byte("one")); err != nil {
			t.Fatal(err)
		}
		if err := f.CreateExclusive(ctx, "db.db/t/snapshot/snapshot-1", []byte("two")); !IsExist(err) {
			t.Fatalf("%s: second exclusive create: %v", url, err)
		}
		data, err := f.ReadFile(ctx, "db.db/t/snapshot/snapshot-1")
		if err != nil || string(data) != "one" {
			t.Fatalf("%s: read %q, %v", url, data, err)
		}
		if _, err := f.ReadFile(ctx, "db.db/t/snapshot/snapshot-9"); !IsNotExist(err) {
			t.Fatalf("%s: missing file: %v", url, err)
		}
		if err := f.Write(ctx, "db.db/t/snapshot/LATEST", []byte("1")); err != nil {
			t.Fatal(err)
		}
		list, err := f.List(ctx, "db.db/t/snapshot")
		if err != nil || len(list) != 2 || list[0].Name != "LATEST" || list[1].Name != "snapshot-1" {
			t.Fatalf("%s: list %+v, %v", url, list, err)
		}
		top, err := f.List(ctx, "")
		if err != nil || len(top) != 1 || top[0].Name != "db.db" || !top[0].IsDir {
			t.Fatalf("%s: top list %+v, %v", url, top, err)
		}
		file, err := f.OpenFile(ctx, "db.db/t/snapshot/snapshot-1")
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 5)
		n, err := file.ReadAt(buf, 1)
		if n != 2 || err != io.EOF || string(buf[:n]) != "ne" {
			t.Fatalf("%s: ReadAt = %d %v %q", url, n, err, buf[:n])
		}
		if err := f.Delete(ctx, "db.db/t/snapshot/snapshot-1"); err != nil {
			t.Fatal(err)
		}
		if err := f.Delete(ctx, "db.db/t/snapshot/snapshot-1"); err != nil {
			t.Fatalf("%s: deleting a missing file: %v", url, err)
		}
	}
}

// Local warehouses hold only Paimon's files: no attribute sidecars.
func TestNoSidecarFiles(t *testing.T) {
	dir := t.TempDir()
	f, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(context.Background(), "a.db/t/schema/schema-0", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "a.db/t/schema"))
	if len(entries) != 1 || entries[0].Name() != "schema-0" {
		t.Fatalf("files: %v", entries)
	}
}

// Exclusive creates race safely on a local disk: exactly one writer wins.
func TestCreateExclusiveRace(t *testing.T) {
	ctx := context.Background()
	f, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 50; round++ {
		path := fmt.Sprintf("t/snapshot/snapshot-%d", round)
		wins := make(chan int, 8)
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := f.CreateExclusive(ctx, path, []byte{byte(w)}); err == nil {
					wins <- w
				} else if !IsExist(err) {
					t.Errorf("create: %v", err)
				}
			}()
		}
		wg.Wait()
		close(wins)
		if n := len(wins); n != 1 {
			t.Fatalf("round %d: %d writers won", round, n)
		}
		winner := <-wins
		data, _ := f.ReadFile(ctx, path)
		if len(data) != 1 || int(data[0]) != winner {
			t.Fatalf("round %d: file holds %v, winner %d", round, data, winner)
		}
	}
	left, _ := f.List(ctx, "t/snapshot")
	if len(left) != 50 {
		t.Fatalf("temporary files left: %d entries", len(left))
	}
}
