package procedures

import (
	"fmt"
	"maps"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// compactManifestUser is the commit user prefix of Java's
// CompactManifestProcedure.
const compactManifestUser = "Compact-Manifest-Procedure-Committer"

// compactManifest is CALL sys.compact_manifest(table, options): the data
// manifests of the latest snapshot fully compacted into a COMPACT snapshot
// (options: 'k=v,...' table options for this run, e.g.
// manifest.target-file-size). It returns Flink's row, 'success', also when
// there was nothing to compact.
var compactManifest = Procedure{
	Name:    "compact_manifest",
	Params:  []string{"table", "options"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		var dynamic map[string]string
		if a.Given(1) {
			raw, _ := a.String(1, false)
			opts, err := options.ParseKeyValues(raw)
			if err == nil {
				err = options.Validate(opts)
			}
			if err != nil {
				return nil, mysqlerr.WrongArguments("sys.compact_manifest: argument 'options': %w", err)
			}
			dynamic = opts
		}
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Select, sql.PrivilegeType_Insert) // as compact
		if err != nil {
			return nil, err
		}
		opts, err := t.Options(ctx)
		if err != nil {
			return nil, err
		}
		merged := maps.Clone(opts)
		maps.Copy(merged, dynamic)
		committer, err := commit.New(t, compactManifestUser+"_"+uuid.NewString(), merged)
		if err != nil {
			return nil, fmt.Errorf("sys.compact_manifest: %w", err)
		}
		snap, err := committer.CompactManifests(ctx)
		if err != nil {
			return nil, fmt.Errorf("sys.compact_manifest: %w", err)
		}
		if snap != nil {
			changed(env, t)
		}
		return []sql.Row{{"success"}}, nil
	},
}
