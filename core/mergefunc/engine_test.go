package mergefunc

import (
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// engineProps are the answers of an Engine, in one comparable value.
type engineProps struct {
	kind                           options.MergeEngineKind
	keepsFirst, newestWins, lookup bool
	readNewest, skipsLevel0        bool
	update, delete                 bool // CheckUpdate, CheckDelete accept
}

func propsOf(e *Engine) engineProps {
	return engineProps{
		kind: e.kind, keepsFirst: e.KeepsFirstRow(), newestWins: e.NewestWins(), lookup: e.NeedsLookup(),
		readNewest: e.ReadMergesNewestAboveLevel0(), skipsLevel0: e.SkipsLevel0(),
		update: e.CheckUpdate() == nil, delete: e.CheckDelete() == nil,
	}
}

// What each engine and option implies, as Java's CoreOptions (needLookup,
// batchScanSkipLevel0), its readers and its row-level statements derive it.
func TestEngineProperties(t *testing.T) {
	for _, c := range []struct {
		opts options.Options
		want engineProps
	}{
		{options.Options{}, engineProps{kind: "deduplicate", newestWins: true, update: true, delete: true}},
		{options.Options{"merge-engine": "Deduplicate", "sequence.field": "v"},
			engineProps{kind: "deduplicate", update: true, delete: true}},
		{options.Options{"merge-engine": "first-row"},
			engineProps{kind: "first-row", keepsFirst: true, lookup: true, skipsLevel0: true}},
		{options.Options{"merge-engine": "first-row", "ignore-delete": "true"},
			engineProps{kind: "first-row", keepsFirst: true, lookup: true, skipsLevel0: true}},
		{options.Options{"merge-engine": "FIRST-ROW"},
			engineProps{kind: "first-row", keepsFirst: true, lookup: true, skipsLevel0: true}},
		{options.Options{"merge-engine": "partial-update"}, engineProps{kind: "partial-update", update: true}},
		{options.Options{"merge-engine": "partial-update", "partial-update.remove-record-on-delete": "true"},
			engineProps{kind: "partial-update", update: true, delete: true}},
		{options.Options{"merge-engine": "partial-update", "partial-update.remove-record-on-sequence-group": "g"},
			engineProps{kind: "partial-update", update: true, delete: true}},
		{options.Options{"merge-engine": "aggregation"}, engineProps{kind: "aggregation"}},
		{options.Options{"merge-engine": "aggregation", "aggregation.remove-record-on-delete": "true"},
			engineProps{kind: "aggregation", delete: true}},
		// Deletion vectors, changelog-producer lookup and force-lookup make
		// any engine look keys up; only deletion vectors skip level 0.
		{options.Options{"deletion-vectors.enabled": "true"},
			engineProps{kind: "deduplicate", newestWins: true, lookup: true, readNewest: true, skipsLevel0: true, update: true, delete: true}},
		{options.Options{"changelog-producer": "lookup", "merge-engine": "aggregation"},
			engineProps{kind: "aggregation", lookup: true, readNewest: true}},
		{options.Options{"force-lookup": "true"},
			engineProps{kind: "deduplicate", newestWins: true, lookup: true, readNewest: true, update: true, delete: true}},
		{options.Options{"changelog-producer": "full-compaction"},
			engineProps{kind: "deduplicate", newestWins: true, update: true, delete: true}},
	} {
		e, err := NewEngine(c.opts)
		if err != nil {
			t.Errorf("%v: %v", c.opts, err)
			continue
		}
		if got := propsOf(e); got != c.want {
			t.Errorf("%v:\n got %+v\nwant %+v", c.opts, got, c.want)
		}
	}
}

func TestEngineReadColumns(t *testing.T) {
	fields := []types.DataField{{ID: 0, Name: "k"}, {ID: 1, Name: "v"}, {ID: 2, Name: "s"}}
	for _, c := range []struct {
		opts options.Options
		want []string
	}{
		{options.Options{}, nil},
		{options.Options{"sequence.field": "s, v"}, []string{"s", "v"}},
		{options.Options{"merge-engine": "first-row"}, nil},
		{options.Options{"merge-engine": "partial-update"}, []string{"k", "v", "s"}},
		{options.Options{"merge-engine": "aggregation", "sequence.field": "s"}, []string{"k", "v", "s"}},
	} {
		e, err := NewEngine(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.ReadColumns(fields); !slices.Equal(got, c.want) {
			t.Errorf("%v: %v, want %v", c.opts, got, c.want)
		}
	}
}

func TestEngineErrors(t *testing.T) {
	fields := []types.DataField{{ID: 0, Name: "k", Type: types.DataType{Kind: types.Int}}, {ID: 1, Name: "v", Type: types.DataType{Kind: types.Int}}}
	for _, c := range []struct {
		opts options.Options
		pk   []string
		want string
	}{
		{options.Options{"merge-engine": "latest"}, nil, "option 'merge-engine' = 'latest' is not valid"},
		{options.Options{"force-lookup": "1"}, nil, "option 'force-lookup' = '1' is not a boolean"},
		{options.Options{"changelog-producer": "eager"}, nil, "option 'changelog-producer' = 'eager' is not valid"},
		{options.Options{"merge-engine": "first-row", "sequence.field": "v"}, []string{"k"}, "the first-row merge engine does not support 'sequence.field'"},
		{options.Options{"merge-engine": "first-row", "changelog-producer": "input"}, []string{"k"}, "supports only changelog producers 'none' and 'lookup'"},
		{options.Options{"merge-engine": "first-row", "deletion-vectors.enabled": "true"}, []string{"k"}, "does not need deletion vectors"},
		{options.Options{"merge-engine": "aggregation", "pk-clustering-override": "true"}, []string{"k"}, "supports only the deduplicate and first-row merge engines"},
		// The factory's own checks run for primary-key tables.
		{options.Options{"fields.v.aggregate-function": "no-such", "merge-engine": "aggregation"}, []string{"k"}, "no-such"},
	} {
		e, err := NewEngine(c.opts)
		if err == nil {
			err = e.Validate(fields, c.pk)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error with %q", c.opts, err, c.want)
		}
	}
	// first-row with deletion vectors is fine under pk-clustering-override,
	// and an append table builds no factory.
	for _, o := range []options.Options{
		{"merge-engine": "first-row", "deletion-vectors.enabled": "true", "pk-clustering-override": "true"},
	} {
		e, err := NewEngine(o)
		if err == nil {
			err = e.Validate(fields, []string{"k"})
		}
		if err != nil {
			t.Errorf("%v: %v", o, err)
		}
	}
	e, _ := NewEngine(options.Options{"fields.v.aggregate-function": "no-such", "merge-engine": "aggregation"})
	if err := e.Validate(fields, nil); err != nil {
		t.Errorf("append table: %v", err)
	}
	if got := e.CheckUpdate(); got == nil || got.Error() != "merge engine aggregation can not support UPDATE, currently only deduplicate, partial-update can support UPDATE" {
		t.Errorf("aggregation UPDATE: %v", got)
	}
}
