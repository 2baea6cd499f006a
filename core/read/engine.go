package read

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// mergeFunction combines the records of one key, fed oldest first.
type mergeFunction interface {
	reset()
	add(kv) error
	result() (kv, bool, error)
}

func newMergeFunction(sch *schema.TableSchema, fields []types.DataField) (func() (mergeFunction, error), error) {
	switch engine := options.Options(sch.Options).MergeEngine(); engine {
	case options.DefaultMergeEngine:
		return func() (mergeFunction, error) { return &lastWins{}, nil }, nil
	case options.MergeEngineFirstRow:
		return func() (mergeFunction, error) { return &firstWins{}, nil }, nil
	default:
		return nil, fmt.Errorf("merge-engine '%s' is not supported yet", engine)
	}
}

type lastWins struct {
	last kv
	has  bool
}

func (d *lastWins) reset()                    { d.has = false }
func (d *lastWins) add(r kv) error            { d.last, d.has = r, true; return nil }
func (d *lastWins) result() (kv, bool, error) { return d.last, d.has, nil }

type firstWins struct {
	first kv
	has   bool
}

func (d *firstWins) reset() { d.has = false }
func (d *firstWins) add(r kv) error {
	if !d.has && r.kind != KindDelete && r.kind != KindUpdateBefore {
		d.first, d.has = r, true
	}
	return nil
}
func (d *firstWins) result() (kv, bool, error) { return d.first, d.has, nil }
