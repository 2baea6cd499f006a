package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestLogFormats(t *testing.T) {
	var out bytes.Buffer
	h, err := logHandler(&out, "json", slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	slog.New(h).Warn("statement failed", "conn", 3, "query", "SELECT 1")
	var line map[string]any
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("not JSON: %q: %v", out.String(), err)
	}
	if line["level"] != "WARN" || line["msg"] != "statement failed" || line["conn"] != 3.0 || line["query"] != "SELECT 1" {
		t.Errorf("JSON line %v", line)
	}

	out.Reset()
	h, err = logHandler(&out, "text", slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	slog.New(h).Debug("hidden")
	slog.New(h).Info("audit", "kind", "dml")
	if got := out.String(); !strings.Contains(got, "level=INFO msg=audit kind=dml") || strings.Contains(got, "hidden") {
		t.Errorf("text log %q", got)
	}

	if _, err := logHandler(&out, "xml", slog.LevelInfo); err == nil || !strings.Contains(err.Error(), "want text or json") {
		t.Errorf("--log-format xml: %v", err)
	}
}
