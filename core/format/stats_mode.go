package format

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// StatsModeKind is how much of a column's statistics goes into manifests.
type StatsModeKind uint8

// The stats modes of Paimon's metadata.stats-mode.
const (
	StatsNone     StatsModeKind = iota // no statistics; dropped in dense store
	StatsCounts                        // null count only
	StatsFull                          // null count, min and max
	StatsTruncate                      // like full, strings cut to Length code points
)

// StatsMode is one column's stats mode.
type StatsMode struct {
	Kind StatsModeKind
	// Length is the truncation length of StatsTruncate.
	Length int
}

const (
	keyFieldPrefix          = "_KEY_"
	systemColumnTruncLength = 128
)

// systemFieldNames are SpecialFields.SYSTEM_FIELD_NAMES.
var systemFieldNames = map[string]bool{
	"_SEQUENCE_NUMBER": true, "_VALUE_KIND": true, "_LEVEL": true, "rowkind": true, "_ROW_ID": true,
}

var truncatePattern = regexp.MustCompile(`^TRUNCATE\((\d+)\)$`)

// ParseStatsMode parses none, counts, full or truncate(N), case-insensitively.
func ParseStatsMode(s string) (StatsMode, error) {
	switch u := strings.ToUpper(s); u {
	case "NONE":
		return StatsMode{Kind: StatsNone}, nil
	case "COUNTS":
		return StatsMode{Kind: StatsCounts}, nil
	case "FULL":
		return StatsMode{Kind: StatsFull}, nil
	default:
		if m := truncatePattern.FindStringSubmatch(u); m != nil {
			n, err := strconv.Atoi(m[1])
			if err != nil || n <= 0 {
				return StatsMode{}, fmt.Errorf("stats mode %q: truncate length must be positive", s)
			}
			return StatsMode{Kind: StatsTruncate, Length: n}, nil
		}
	}
	return StatsMode{}, fmt.Errorf("unexpected stats mode %q", s)
}

// StatsModes picks the stats mode of each column of a file like Java's
// StatsCollectorFactories.createStatsFactories: fields.<name>.stats-mode
// wins; otherwise _KEY_* and system columns (_SEQUENCE_NUMBER, _VALUE_KIND)
// get truncate(128); otherwise the table's mode, which is
// metadata.stats-mode.per.level for level when level >= 0 and the level is
// listed (Java applies per-level modes to primary-key files only), else
// metadata.stats-mode (default truncate(16)). With
// metadata.stats-keep-first-n-columns = N, ordinary columns past the first N
// counted ones get none.
func StatsModes(opts options.Options, names []string, level int) ([]StatsMode, error) {
	return statsModes(opts, names, level, true)
}

// AvroStatsModes are the stats modes of the columns of an Avro file, as
// Java's createStatsFactoriesForAvro picks them for primary-key files:
// like StatsModes, but _KEY_* and system columns get no truncate(128) of
// their own and count towards metadata.stats-keep-first-n-columns.
func AvroStatsModes(opts options.Options, names []string, level int) ([]StatsMode, error) {
	return statsModes(opts, names, level, false)
}

func statsModes(o options.Options, names []string, level int, systemTruncate bool) ([]StatsMode, error) {
	tableMode, _ := options.MetadataStatsMode.Get(o)
	if level >= 0 {
		perLevel, err := o.LevelMap(options.MetadataStatsModePerLevel)
		if err != nil {
			return nil, err
		}
		if m, ok := perLevel[level]; ok {
			tableMode = m
		}
	}
	keepFirst, err := options.MetadataStatsKeepFirstNColumns.Get(o)
	if err != nil {
		return nil, err
	}
	modes := make([]StatsMode, len(names))
	counted := 0
	for i, name := range names {
		var err error
		switch fieldMode, ok := o.Field(name, options.FieldStatsMode); {
		case ok:
			modes[i], err = ParseStatsMode(fieldMode)
			counted++
		case systemTruncate && (strings.HasPrefix(name, keyFieldPrefix) || systemFieldNames[name]):
			modes[i] = StatsMode{Kind: StatsTruncate, Length: systemColumnTruncLength}
		case keepFirst >= 0 && counted >= keepFirst:
			modes[i] = StatsMode{Kind: StatsNone}
			counted++
		default:
			modes[i], err = ParseStatsMode(tableMode)
			counted++
		}
		if err != nil {
			return nil, fmt.Errorf("column %q: %w", name, err)
		}
	}
	return modes, nil
}

// StatsDenseStore reads metadata.stats-dense-store (default true).
func StatsDenseStore(opts options.Options) (bool, error) {
	return options.MetadataStatsDenseStore.Get(opts)
}
