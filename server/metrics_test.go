package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHealthEndpoints: /healthz answers while the process runs; /readyz
// only while the server serves, and no longer once it shuts down.
func TestHealthEndpoints(t *testing.T) {
	m := NewMetrics()
	h := m.Handler()
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, _ := get("/healthz"); code != http.StatusOK {
		t.Errorf("/healthz = %d", code)
	}
	if code, _ := get("/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz before start = %d, want 503", code)
	}

	pro := newTestProvider(t)
	opts := pro.options(nil)
	opts.Metrics = m
	s := start(t, Config{}, pro, opts)
	db := mustConnect(t, s, "root", "")
	mustRows(t, db, "SELECT 1")
	if code, body := get("/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Errorf("/readyz while serving = %d %q", code, body)
	}
	if _, body := get("/metrics"); !strings.Contains(body, `paimon_sql_statements_total{kind="select",outcome="ok"} 1`) {
		t.Errorf("/metrics lacks the SELECT:\n%s", body)
	}
	if _, body := get("/metrics"); !strings.Contains(body, "paimon_sql_page_cache_misses_total ") || !strings.Contains(body, "paimon_sql_page_cache_bytes ") {
		t.Errorf("/metrics lacks the page cache's:\n%s", body)
	}
	if err := s.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	if code, _ := get("/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz after shutdown = %d, want 503", code)
	}
}
