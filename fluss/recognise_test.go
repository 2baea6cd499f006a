package fluss

import "testing"

func TestIsFlussLakeTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts map[string]string
		want bool
	}{
		{"format option paimon marks a Fluss table", flussOptions(), true},
		{"format value is case-insensitive", map[string]string{FormatOption: "PAIMON"}, true},
		{"format option decides even with datalake disabled",
			map[string]string{FormatOption: "paimon", "fluss.table.datalake.enabled": "false"}, true},
		{"another format is not a Fluss Paimon table",
			map[string]string{FormatOption: "iceberg", "partition.legacy-name": "false", "fluss.table.replication.factor": "3"}, false},
		{"without format: fluss.table.* plus partition.legacy-name=false",
			map[string]string{"fluss.table.replication.factor": "3", "partition.legacy-name": "false"}, true},
		{"without format: legacy-name parsed as a Paimon boolean",
			map[string]string{"fluss.table.replication.factor": "3", "partition.legacy-name": "FALSE"}, true},
		{"without format: partition.legacy-name must be false",
			map[string]string{"fluss.table.replication.factor": "3", "partition.legacy-name": "true"}, false},
		{"without format: partition.legacy-name must be set",
			map[string]string{"fluss.table.replication.factor": "3"}, false},
		{"without format: custom fluss.* keys alone do not count",
			map[string]string{"fluss.k1": "v", "partition.legacy-name": "false"}, false},
		{"plain Paimon table", map[string]string{"bucket": "2", "file.format": "parquet"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsFlussLakeTable(tc.opts); got != tc.want {
				t.Errorf("IsFlussLakeTable(%v) = %v, want %v", tc.opts, got, tc.want)
			}
		})
	}
}
