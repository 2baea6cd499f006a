package write

import (
	"fmt"
	"math/rand/v2"
)

// This file holds the bucket assignment of dynamic-bucket primary-key
// tables (docs/design/format.md §7.4, §7.5), following what Java Paimon's
// HashBucketAssigner and PartitionIndex do, so that a key lands in the
// bucket a Java writer would choose:
//
//  1. a key whose hash is already in the partition's index keeps its bucket;
//  2. else it goes to the first bucket, in the iteration order of Java's
//     HashMap of the partition's non-full buckets, holding fewer than
//     dynamic-bucket.target-row-num keys (full buckets met on the way are
//     dropped from that map);
//  3. else, while the assigner may create buckets, to the lowest free bucket
//     id that belongs to the assigner (bucket % numAssigners == assignId %
//     numAssigners);
//  4. else (dynamic-bucket.max-buckets reached) to a random existing bucket.
//
// Java runs several assigners in parallel; each owns the keys whose
// (partition hash, key hash) route to it and the buckets congruent to its
// id. The counts an assigner keeps and its highest bucket id so far are its
// own, so each is modelled separately here.

// javaIntMap reproduces the iteration order of a java.util.HashMap<Integer,
// Long> (Java 8+): Integer keys hash to themselves (h ^ h>>>16 is h for the
// small non-negative bucket ids), bins are visited by index, entries of a
// bin in list order. compute() inserts at the head of a bin and resizes
// before inserting when size > threshold; put() appends at the tail and
// resizes after. A bin reaching the treeify threshold in a table of fewer
// than 64 slots makes it resize. (Tree bins, which need 9 buckets in one
// slot of a table of at least 64, are kept as lists: their order is not
// reproduced.)
type javaIntMap struct {
	bins [][]javaIntEntry
	size int
}

type javaIntEntry struct {
	key   int32
	value int64
}

const (
	javaTreeifyThreshold = 8
	javaMinTreeifyCap    = 64
)

func (m *javaIntMap) threshold() int { return len(m.bins) * 3 / 4 }

func (m *javaIntMap) slot(key int32) int {
	h := uint32(key)
	h ^= h >> 16
	return int(h) & (len(m.bins) - 1)
}

// resize doubles the table (or allocates its 16 slots), keeping the order
// of each bin's entries, as Java's lo/hi split does.
func (m *javaIntMap) resize() {
	n := 16
	if len(m.bins) > 0 {
		n = 2 * len(m.bins)
	}
	old := m.bins
	m.bins = make([][]javaIntEntry, n)
	for _, bin := range old {
		for _, e := range bin {
			i := m.slot(e.key)
			m.bins[i] = append(m.bins[i], e)
		}
	}
}

func (m *javaIntMap) find(key int32) (int, int) {
	if len(m.bins) == 0 {
		return -1, -1
	}
	i := m.slot(key)
	for j, e := range m.bins[i] {
		if e.key == key {
			return i, j
		}
	}
	return i, -1
}

// increment is compute(key, (k, n) -> n == null ? 1 : n + 1).
func (m *javaIntMap) increment(key int32) {
	if m.size > m.threshold() || len(m.bins) == 0 {
		m.resize()
	}
	i, j := m.find(key)
	if j >= 0 {
		m.bins[i][j].value++
		return
	}
	before := len(m.bins[i])
	m.bins[i] = append([]javaIntEntry{{key, 1}}, m.bins[i]...)
	if before >= javaTreeifyThreshold-1 && len(m.bins) < javaMinTreeifyCap {
		m.resize()
	}
	m.size++
}

// put is put(key, value) for a key not in the map.
func (m *javaIntMap) put(key int32, value int64) {
	if len(m.bins) == 0 {
		m.resize()
	}
	i, j := m.find(key)
	if j >= 0 {
		m.bins[i][j].value = value
		return
	}
	before := len(m.bins[i])
	m.bins[i] = append(m.bins[i], javaIntEntry{key, value})
	if before >= javaTreeifyThreshold && len(m.bins) < javaMinTreeifyCap {
		m.resize()
	}
	m.size++
	if m.size > m.threshold() {
		m.resize()
	}
}

// keys are the keys in iteration order.
func (m *javaIntMap) keys() []int32 {
	out := make([]int32, 0, m.size)
	for _, bin := range m.bins {
		for _, e := range bin {
			out = append(out, e.key)
		}
	}
	return out
}

func (m *javaIntMap) get(key int32) (int64, bool) {
	i, j := m.find(key)
	if j < 0 {
		return 0, false
	}
	return m.bins[i][j].value, true
}

func (m *javaIntMap) set(key int32, value int64) {
	i, j := m.find(key)
	m.bins[i][j].value = value
}

func (m *javaIntMap) remove(key int32) {
	i, j := m.find(key)
	if j < 0 {
		return
	}
	m.bins[i] = append(m.bins[i][:j], m.bins[i][j+1:]...)
	m.size--
}

// hashFileInts are the hash codes of one live hash index file.
type hashFileInts struct {
	bucket int32
	hashes []int32
}

// partitionIndex is one assigner's view of one partition (Java's
// PartitionIndex).
type partitionIndex struct {
	hash2Bucket map[int32]int32
	nonFull     *javaIntMap // bucket -> keys, buckets that may still take keys
	total       map[int32]bool
	totalList   []int32 // for the random pick once max-buckets is reached
	target      int64
}

// loadPartitionIndex is PartitionIndex.loadIndex over the partition's hash
// files in index-manifest order: hashes that route to this assigner, and
// the key counts of this assigner's buckets.
func loadPartitionIndex(files []hashFileInts, target int64, mine func(hash int32) bool, myBucket func(bucket int32) bool) *partitionIndex {
	pi := &partitionIndex{hash2Bucket: map[int32]int32{}, nonFull: &javaIntMap{}, total: map[int32]bool{}, target: target}
	for _, f := range files {
		for _, h := range f.hashes {
			if mine(h) {
				pi.hash2Bucket[h] = f.bucket
			}
			if myBucket(f.bucket) {
				pi.nonFull.increment(f.bucket)
			}
		}
	}
	for _, b := range pi.nonFull.keys() {
		pi.total[b] = true
		pi.totalList = append(pi.totalList, b)
	}
	return pi
}

// errTooManyBuckets is PartitionIndex's failure when unlimited buckets run
// out of ids.
var errTooManyBuckets = fmt.Errorf("too many buckets: increase 'dynamic-bucket.target-row-num'")

// assign is PartitionIndex.assign for a hash not yet known to this
// assigner. maxBucketID is the assigner's highest bucket so far (over all
// partitions); pick, when >= 0, replaces the random choice of step 4 (to
// replay an assignment).
func (pi *partitionIndex) assign(hash int32, myBucket func(int32) bool, maxBuckets int, maxBucketID int32, pick int32) (int32, error) {
	if b, ok := pi.hash2Bucket[hash]; ok {
		return b, nil
	}
	for _, b := range pi.nonFull.keys() {
		n, _ := pi.nonFull.get(b)
		if n < pi.target {
			pi.nonFull.set(b, n+1)
			pi.hash2Bucket[hash] = b
			return b, nil
		}
		pi.nonFull.remove(b)
	}
	globalMax := int32(32767) - 1 // Short.MAX_VALUE - 1
	if maxBuckets != -1 {
		globalMax = int32(maxBuckets) - 1
	}
	if len(pi.total) == 0 || maxBucketID < globalMax {
		for i := int32(0); i <= globalMax; i++ {
			if myBucket(i) && !pi.total[i] {
				pi.nonFull.put(i, 1)
				pi.total[i] = true
				pi.totalList = append(pi.totalList, i)
				pi.hash2Bucket[hash] = i
				return i, nil
			}
		}
		if maxBuckets == -1 {
			return 0, errTooManyBuckets
		}
	}
	if len(pi.totalList) == 0 {
		return 0, fmt.Errorf("no bucket to assign to: 'dynamic-bucket.max-buckets' = %d leaves this assigner none", maxBuckets)
	}
	b := pick
	if b < 0 {
		b = pi.totalList[rand.IntN(len(pi.totalList))]
	}
	pi.hash2Bucket[hash] = b
	return b, nil
}

// absMod is Java's Math.abs(a % n) on ints.
func absMod(a int32, n int32) int32 {
	r := a % n
	if r < 0 {
		r = -r
	}
	return r
}

// assignerOf is BucketAssigner.computeAssigner: which of the parallel
// assigners handles a key.
func assignerOf(partitionHash, keyHash int32, channels, assigners int32) int32 {
	return (absMod(partitionHash, channels) + absMod(keyHash, assigners)) % channels
}

// isMyBucket is BucketAssigner.isMyBucket.
func isMyBucket(bucket, assigners, assignID int32) bool {
	return bucket%assigners == assignID%assigners
}
