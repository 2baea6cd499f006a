package expire

// Kind is a kind of file expiration deletes.
type Kind int

// The kinds of files, in the order a run deletes them (statistics, index
// and manifest files go together).
const (
	KindData Kind = iota // data files and their extra files (file indexes)
	KindChangelog
	KindManifest
	KindManifestList
	KindIndexManifest
	KindIndex // deletion vectors, hash and global index files
	KindStatistics
	KindSnapshot
	numKinds
)

var kindNames = [numKinds]string{"data", "changelog", "manifest", "manifest list", "index manifest", "index", "statistics", "snapshot"}

func (k Kind) String() string {
	if k >= 0 && k < numKinds {
		return kindNames[k]
	}
	return "unknown"
}

// Kinds lists every kind, in deletion order.
func Kinds() []Kind {
	out := make([]Kind, numKinds)
	for i := range out {
		out[i] = Kind(i)
	}
	return out
}

// Count is the files of one kind a run deleted (or would delete).
type Count struct {
	Files int
	// Bytes sums the sizes the metadata records (data, changelog, manifest,
	// manifest list and index files) and the snapshot files' own. Extra
	// files, index manifests and statistics have no recorded size and add
	// nothing.
	Bytes int64
}

// Deletion is one file a dry run would delete.
type Deletion struct {
	Kind Kind
	// Path is relative to the warehouse, or an absolute URI for a file
	// kept at an external path.
	Path string
}

// Result is what one run did.
type Result struct {
	DryRun bool
	// Expired is the number of snapshot files deleted (Java's return
	// value); it counts only snapshots that existed in the range.
	Expired int
	// From and To bound the expired ids [From, To); both are 0 when the
	// run expired nothing.
	From, To int64
	// Deleted counts the files per kind: deleted, or to delete in a dry run.
	Deleted [numKinds]Count
	// Failed counts deletions that failed. Java ignores them too: the files
	// stay behind as orphans, which no kept snapshot references.
	Failed int
	// Paths lists, for a dry run only, every file it would delete, in the
	// order a real run would.
	Paths []Deletion
	// Warnings say what was kept because something could not be read, and
	// which deletions failed (the first few).
	Warnings []string
	// HeldByRead is the snapshot from which on a read under way (in any
	// process; core/table.BeginRead) kept snapshots that the retention
	// settings would have expired; 0 when none did.
	HeldByRead int64
	// StoppedAtLimit is snapshot.expire.limit (or max_deletes) when it
	// ended the run while more snapshots were due: a next run expires
	// them. 0 otherwise.
	StoppedAtLimit int64
}

// Files is the total number of files counted in Deleted.
func (r *Result) Files() int {
	n := 0
	for _, c := range r.Deleted {
		n += c.Files
	}
	return n
}

// Phase names a step of a run in Progress.
type Phase string

// The phases that delete files, in order.
const (
	PhaseData      Phase = "data files"
	PhaseChangelog Phase = "changelog files"
	PhaseMetadata  Phase = "manifest, index and statistics files"
	PhaseSnapshots Phase = "snapshot files"
)

// Progress reports the deletions of one phase.
type Progress struct {
	Phase       Phase
	Done, Total int
}
