package tests

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestRESTCatalogServe: `paimon-sql serve --rest-listen` serves the REST
// catalog over the served warehouse, authorised by the bearer tokens SQL
// makes: no token and a revoked one get 401, a missing grant 403 with
// nothing created, a granted call's database is seen over MySQL.
func TestRESTCatalogServe(t *testing.T) {
	wh := filepath.Join(t.TempDir(), "wh")
	s := startBinary(t, nil, "--warehouse", wh, "--create-warehouse", "--rest-listen", "127.0.0.1:0")
	restAddr := s.addr("serving the REST catalog")
	if restAddr == "" {
		t.Fatalf("no REST catalog listener in the log:\n%s", s.log())
	}
	base := "http://" + restAddr + "/v1"
	db := s.db(t)
	for _, q := range []string{
		"CREATE USER alice@'%' IDENTIFIED BY 'alice-password'",
		"GRANT CREATE ON lake.* TO alice@'%'",
		"CREATE USER bob@'%' IDENTIFIED BY 'bob-password'",
		"GRANT SELECT ON lake.* TO bob@'%'",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	token := func(account string) (id, token string) {
		t.Helper()
		rows, err := db.Query("CALL sys.create_token('" + account + "')")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		strs := make([]string, len(cols))
		for i := range vals {
			vals[i] = &strs[i]
		}
		if !rows.Next() || rows.Scan(vals...) != nil {
			t.Fatalf("create_token('%s'): %v", account, rows.Err())
		}
		for i, c := range cols {
			switch c {
			case "id":
				id = strs[i]
			case "token":
				token = strs[i]
			}
		}
		return id, token
	}
	call := func(tok, method, path, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	if code, body := call("", "GET", "/config", ""); code != 401 {
		t.Fatalf("no token: %d %s", code, body)
	}
	aliceID, alice := token("alice@%")
	_, bob := token("bob@%")
	code, body := call(alice, "GET", "/config", "")
	var cfg struct{ Defaults map[string]string }
	if code != 200 || json.Unmarshal([]byte(body), &cfg) != nil || cfg.Defaults["prefix"] == "" {
		t.Fatalf("config: %d %s", code, body)
	}
	prefix := "/" + cfg.Defaults["prefix"]
	if code, body := call(bob, "POST", prefix+"/databases", `{"name": "lake"}`); code != 403 || !strings.Contains(body, "CREATE command denied to user 'bob'") {
		t.Fatalf("bob's create: %d %s", code, body)
	}
	if code, body := call(alice, "POST", prefix+"/databases", `{"name": "other"}`); code != 403 {
		t.Fatalf("alice's create outside her grant: %d %s", code, body)
	}
	if code, body := call(alice, "POST", prefix+"/databases", `{"name": "lake"}`); code != 200 {
		t.Fatalf("alice's create: %d %s", code, body)
	}
	var names []string
	rows, err := db.Query("SHOW DATABASES")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		_ = rows.Scan(&n)
		names = append(names, n)
	}
	rows.Close()
	if !strings.Contains(strings.Join(names, ","), "lake") || strings.Contains(strings.Join(names, ","), "other") {
		t.Fatalf("databases over MySQL after the REST calls: %v", names)
	}
	if code, body := call(bob, "GET", prefix+"/databases", ""); code != 200 || !strings.Contains(body, `"lake"`) {
		t.Fatalf("bob's list: %d %s", code, body)
	}
	if _, err := db.Exec("CALL sys.revoke_token('" + aliceID + "')"); err != nil {
		t.Fatal(err)
	}
	if code, body := call(alice, "GET", prefix+"/databases", ""); code != 401 {
		t.Fatalf("revoked token: %d %s", code, body)
	}
}
