package procedures

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// Catches: a bad argument that is not named in the error. The table is
// resolved first (privileges before anything else), so the calls name an
// existing table; the last ones name a missing one.
func TestBranchAndTagProcedureArguments(t *testing.T) {
	env := newProcEnv(t).env
	ctx := sql.NewContext(context.Background())
	for _, tc := range []struct {
		proc string
		args []string
		want string
	}{
		{"rename_tag", []string{fixtureTable}, "sys.rename_tag: argument 'tag' is required"},
		{"rename_tag", []string{fixtureTable, "a"}, "sys.rename_tag: argument 'target_tag' is required"},
		{"rename_tag", []string{fixtureTable, "a", "b", "c"}, "takes at most 3 arguments"},
		{"replace_tag", []string{fixtureTable}, "argument 'tag' is required"},
		{"replace_tag", []string{fixtureTable, "a", "x"}, "argument 'snapshot_id' = 'x' is not an integer"},
		{"replace_tag", []string{fixtureTable, "a", "-1"}, "argument 'snapshot_id' = -1 must be at least 1"},
		{"replace_tag", []string{fixtureTable, "a", "", "soon"}, "sys.replace_tag: argument 'time_retained'"},
		{"expire_tags", []string{fixtureTable, "yesterday"}, "argument 'older_than' = 'yesterday': not epoch milliseconds"},
		{"rollback_to_timestamp", []string{fixtureTable}, "argument 'timestamp' is required"},
		{"rollback_to_timestamp", []string{fixtureTable, "1.5"}, "argument 'timestamp' = '1.5' is not an integer (epoch milliseconds)"},
		{"create_branch", []string{fixtureTable}, "argument 'branch' is required"},
		{"create_branch", []string{fixtureTable, "b", "", "yes"}, "argument 'ignoreIfExists' = 'yes': not a boolean"},
		{"delete_branch", []string{fixtureTable}, "argument 'branch' is required"},
		{"fast_forward", []string{fixtureTable, " "}, "argument 'branch' is required"},
		{"delete_branch", []string{"", "b"}, "argument 'table' is required"},
		{"compact_manifest", []string{fixtureTable, "manifest.target-file-size"}, "sys.compact_manifest: argument 'options'"},
		{"compact_manifest", []string{fixtureTable, "manifest.target-file-size=huge"}, "'huge' is not a memory size"},
		// Past the arguments: the table.
		{"fast_forward", []string{"db.t", "b"}, "db.t"},
		{"create_branch", []string{"nodb", "b"}, "write 'database.table'"},
		{"compact_manifest", []string{"db.t", "manifest.target-file-size=1mb"}, "db.t"},
	} {
		p, ok := Lookup(tc.proc)
		if !ok {
			t.Fatalf("no procedure %s", tc.proc)
		}
		_, err := p.Call(ctx, env, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s%q: %v, want %q", tc.proc, tc.args, err, tc.want)
		}
	}
}

// Catches: Spark's and Flink's argument names not both reaching the same
// parameter, and command-line arguments split at the wrong '='.
func TestBindNamedAndAliases(t *testing.T) {
	p, _ := Lookup("sys.Rename-Tag")
	if p.Name != "rename_tag" {
		t.Fatalf("Lookup: %q", p.Name)
	}
	if got := strings.Join(p.NamedParams(), ","); got != "table,tag|tagName,target_tag|targetTagName" {
		t.Errorf("NamedParams: %s", got)
	}
	got, err := p.BindNamed([]string{"targettagname=b", "table=db.t", "TAG=a=1"})
	if err != nil || strings.Join(got, ",") != "db.t,a=1,b" {
		t.Errorf("BindNamed: %q %v", got, err)
	}
	for args, want := range map[string]string{
		"tag=a tagName=b": `argument "tag" is given twice`,
		"tags=a":          `unknown argument "tags"`,
		"a":               `argument "a": write name=value`,
	} {
		if _, err := p.BindNamed(strings.Fields(args)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("BindNamed(%s): %v, want %q", args, err, want)
		}
	}
	if _, ok := Lookup("no_such"); ok {
		t.Error("Lookup found no_such")
	}
	r, _ := Lookup("replace_tag")
	if got, _ := r.BindNamed([]string{"snapshot=5"}); got[2] != "5" {
		t.Errorf("replace_tag snapshot alias: %q", got)
	}
}

// Catches: expire_tags comparing older_than in another zone than the tag
// creation times (the writer's wall clock).
func TestExpireTagsOlderThanIsAWallClock(t *testing.T) {
	args := func(v string) Args {
		return Args{proc: "expire_tags", names: expireTags.Params, values: []string{"db.t", v}}
	}
	got, err := parseTagOlderThan(args("2024-09-06 11:00:00"))
	if err != nil || !got.Equal(time.Date(2024, 9, 6, 11, 0, 0, 0, time.UTC)) {
		t.Errorf("text: %v %v", got, err)
	}
	millis := time.Date(2024, 9, 6, 11, 0, 0, 0, time.Local).UnixMilli()
	got, err = parseTagOlderThan(args(strconv.FormatInt(millis, 10)))
	if err != nil || !got.Equal(time.Date(2024, 9, 6, 11, 0, 0, 0, time.UTC)) {
		t.Errorf("millis: %v %v", got, err)
	}
	if got, err := parseTagOlderThan(args("")); got != nil || err != nil {
		t.Errorf("absent: %v %v", got, err)
	}
}
