package orphan

import "github.com/paimon-sql/paimon-sql/core/spec"

// A data or changelog file is used when it is live in some holder: the
// holder's base and delta manifests, merged, still ADD it (changelog
// manifests only ADD). Manifests are not rewritten at every commit, so a
// kept snapshot's manifests often still name, in an ADD and a later
// DELETE, files that compactions and overwrites replaced long ago: those
// are live in no holder, and are exactly what an expiration cut short
// leaves behind (a complete one deletes them). Java's cleanup counts every
// entry and never removes them.
//
// Merging by file name is exact: a holder adds each file once per level
// and deletes it at most as often, so the net count of a name is the
// number of its live entries. Only names that some manifest DELETEs need
// the per-holder merge; any other ADD is live wherever it is listed.

// manifestNet is one manifest's entries netted by file name, with the
// extra files (file indexes) of its ADD entries.
type manifestNet struct {
	net    map[string]int32
	extras map[string][]string
}

func (m manifestNet) count(e *spec.ManifestEntry) {
	name := e.File.FileName
	if e.Kind == spec.FileAdd {
		m.net[name]++
		if len(e.File.ExtraFiles) > 0 {
			m.extras[name] = append(m.extras[name], e.File.ExtraFiles...)
		}
	} else {
		m.net[name]--
	}
	if m.net[name] == 0 {
		delete(m.net, name)
	}
}

// addLiveFiles adds the names of the files live in some holder, with
// their extra files. It runs once every manifest is read.
func (u *used) addLiveFiles() {
	contested := map[string]bool{}
	for _, m := range u.nets {
		for name, n := range m.net {
			if n < 0 {
				contested[name] = true
			}
		}
	}
	extras := map[string][]string{}
	for _, m := range u.nets {
		for name, x := range m.extras {
			extras[name] = append(extras[name], x...)
		}
		for name, n := range m.net {
			if n > 0 && !contested[name] {
				u.names[name] = true
			}
		}
	}
	if len(contested) > 0 {
		// Each holder sums only the contested names of its manifests.
		only := map[string]map[string]int32{}
		for m, net := range u.nets {
			for name, n := range net.net {
				if contested[name] {
					if only[m] == nil {
						only[m] = map[string]int32{}
					}
					only[m][name] = n
				}
			}
		}
		for _, manifests := range u.data {
			sums := map[string]int32{}
			for _, m := range manifests {
				for name, n := range only[m] {
					sums[name] += n
				}
			}
			for name, n := range sums {
				if n > 0 {
					u.names[name] = true
				}
			}
		}
	}
	for name, x := range extras {
		if u.names[name] {
			for _, f := range x {
				u.names[f] = true
			}
		}
	}
}
