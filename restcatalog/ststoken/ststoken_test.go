package ststoken

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestSessionPolicy: a token's policy names the table's objects and the
// listing of its prefix only, adds the write actions only when asked, and
// is refused for a path that would widen it to other tables.
func TestSessionPolicy(t *testing.T) {
	for _, write := range []bool{false, true} {
		p, err := SessionPolicy("b", "wh/db.db/t", write)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Statement []struct {
				Action    []string
				Resource  []string
				Condition map[string]map[string][]string
			}
		}
		if err := json.Unmarshal([]byte(p), &doc); err != nil {
			t.Fatal(err)
		}
		objects := doc.Statement[0]
		if len(objects.Resource) != 1 || objects.Resource[0] != "arn:aws:s3:::b/wh/db.db/t/*" {
			t.Errorf("object resources: %v", objects.Resource)
		}
		if got := strings.Contains(strings.Join(objects.Action, ","), "s3:PutObject"); got != write {
			t.Errorf("write %v: actions %v", write, objects.Action)
		}
		if got := doc.Statement[1].Condition["StringLike"]["s3:prefix"]; strings.Join(got, ",") != "wh/db.db/t,wh/db.db/t/*" {
			t.Errorf("listing condition: %v", got)
		}
	}
	for _, bad := range [][2]string{{"b", ""}, {"", "x"}, {"b", "wh/*"}, {"b", "wh/db.db/t?"}} {
		if _, err := SessionPolicy(bad[0], bad[1], true); err == nil {
			t.Errorf("SessionPolicy(%q, %q) was accepted", bad[0], bad[1])
		}
	}
}

func TestNewChecksConfig(t *testing.T) {
	ctx := context.Background()
	good := Config{RoleARN: "arn:aws:iam::1:role/r", Duration: time.Hour, Warehouse: "s3://b/wh?region=us-east-1"}
	if _, err := New(ctx, good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Config{
		{RoleARN: "role", Duration: time.Hour, Warehouse: good.Warehouse},
		{RoleARN: good.RoleARN, Duration: time.Minute, Warehouse: good.Warehouse},
		{RoleARN: good.RoleARN, Duration: time.Hour, Warehouse: "/tmp/wh"},
	} {
		if _, err := New(ctx, c); err == nil {
			t.Errorf("New(%+v) was accepted", c)
		}
	}
	if got := sessionName("bob@'%' x"); got != "paimon-sql-bob@____x" {
		t.Errorf("session name: %q", got)
	}
}
