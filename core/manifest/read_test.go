package manifest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// A damaged Parquet or ORC manifest fails naming its format; a
// 'manifest.format' paimon-sql cannot write is refused naming the ones it can.
func TestRejectsOtherFormats(t *testing.T) {
	for _, c := range []struct {
		data   string
		format string
	}{{"PAR1\x15\x00", "(parquet)"}, {"ORC\x11\x00", "(orc)"}} {
		_, err := ReadManifestList(strings.NewReader(c.data))
		if err == nil || errors.Is(err, ErrUnsupportedManifestFormat) || !strings.Contains(err.Error(), c.format) {
			t.Errorf("%q: %v", c.data, err)
		}
	}
	if err := CheckFormat("lance"); !errors.Is(err, ErrUnsupportedManifestFormat) || !strings.Contains(err.Error(), "reads and writes manifests in avro, orc, parquet") {
		t.Errorf("lance: %v", err)
	}
	for _, name := range []string{"", "AVRO", "parquet", "orc"} {
		if err := CheckFormat(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	for _, data := range []string{"", "Ob", "{\"json\": 1}"} {
		_, err := ReadManifest(strings.NewReader(data))
		if err == nil || errors.Is(err, ErrUnsupportedManifestFormat) {
			t.Errorf("%q: %v", data, err)
		}
	}
}

// Rows of another _VERSION (e.g. 1 from pre-0.9 Paimon) are refused.
func TestRejectsOtherVersions(t *testing.T) {
	var buf bytes.Buffer
	enc, err := ocf.NewEncoder(manifestListSchema, &buf, ocf.WithEncoderSchemaCache(&avro.SchemaCache{}))
	if err != nil {
		t.Fatal(err)
	}
	row := avroFileMeta{Version: 1, FileName: "m", PartitionStats: fromStats(spec.SimpleStats{})}
	if err := enc.Encode(&row); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = ReadManifestList(&buf)
	if err == nil || !strings.Contains(err.Error(), "_VERSION 1, expected 2") {
		t.Errorf("err = %v", err)
	}
}

func TestEachManifestEntryStreamsAndStops(t *testing.T) {
	entries := make([]spec.ManifestEntry, 5000)
	for i := range entries {
		entries[i] = benchEntry(i)
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, entries); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	n := 0
	err := EachManifestEntry(bytes.NewReader(data), func(e spec.ManifestEntry) error {
		if e.File.FileName != entries[n].File.FileName {
			t.Fatalf("entry %d is %s", n, e.File.FileName)
		}
		n++
		return nil
	})
	if err != nil || n != len(entries) {
		t.Fatalf("read %d entries, %v", n, err)
	}
	stop := errors.New("stop")
	n = 0
	err = EachManifestEntry(bytes.NewReader(data), func(spec.ManifestEntry) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if err != stop || n != 10 {
		t.Errorf("after stop: %d entries, %v", n, err)
	}
	// A truncated file reports an error rather than a short result.
	if _, err := ReadManifest(bytes.NewReader(data[:len(data)/2])); err == nil {
		t.Error("truncated manifest read without error")
	}
}
