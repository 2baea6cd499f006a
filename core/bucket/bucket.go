// Package bucket computes the fixed bucket of a row's bucket key with the
// function 'bucket-function.type' names, as Java Paimon's BucketFunction
// implementations do (DefaultBucketFunction, ModBucketFunction,
// HiveBucketFunction in paimon-core), so that a key written by paimon-sql
// and by Java lands in the same bucket.
package bucket

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/javahash"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Function types, as Java spells them.
const (
	Default = "default"
	Mod     = "mod"
	Hive    = "hive"
)

// Function maps bucket-key values to a bucket in [0, n).
type Function struct {
	kind     string
	keyTypes []types.DataType
}

// New returns the function of type kind (empty for the default) over a
// bucket key of keyTypes, refusing key types the function does not take,
// as Java's constructors and hash do.
func New(kind string, keyTypes []types.DataType) (*Function, error) {
	k := strings.ToLower(strings.TrimSpace(kind))
	if k == "" {
		k = Default
	}
	switch k {
	case Default:
	case Mod:
		if len(keyTypes) != 1 {
			return nil, fmt.Errorf("'%s' = 'mod': bucket key must have exactly one field in mod bucket function", options.BucketFunctionType.Key)
		}
		if kk := keyTypes[0].Kind; kk != types.Int && kk != types.BigInt {
			return nil, fmt.Errorf("'%s' = 'mod': bucket key type must be INT or BIGINT in mod bucket function, but got %s", options.BucketFunctionType.Key, keyTypes[0])
		}
	case Hive:
		for _, t := range keyTypes {
			if !hiveHashable(t.Kind) {
				return nil, fmt.Errorf("'%s' = 'hive': unsupported type as bucket key type %s", options.BucketFunctionType.Key, t)
			}
		}
	default:
		return nil, fmt.Errorf("'%s' = '%s' is not a bucket function: use default, mod or hive", options.BucketFunctionType.Key, kind)
	}
	return &Function{kind: k, keyTypes: keyTypes}, nil
}

// Bucket is the bucket of the key values (core values of keyTypes).
func (f *Function) Bucket(key []any, n int) (int, error) {
	switch f.kind {
	case Mod:
		return modBucket(key[0], n), nil
	case Hive:
		return hiveBucket(key, f.keyTypes, n)
	}
	row, err := binrow.Encode(key, f.keyTypes)
	if err != nil {
		return 0, err
	}
	return binrow.Bucket(row, n), nil
}

// modBucket is ModBucketFunction: Math.floorMod of the INT or BIGINT key
// (a null key reads as 0, the zeroed slot of Java's BinaryRow).
func modBucket(v any, n int) int {
	var x int64
	switch k := v.(type) {
	case int32:
		x = int64(k)
	case int64:
		x = k
	}
	r := x % int64(n)
	if r < 0 {
		r += int64(n)
	}
	return int(r)
}

func hiveHashable(k types.Kind) bool {
	switch k {
	case types.Boolean, types.TinyInt, types.SmallInt, types.Int, types.Date, types.Time, types.BigInt,
		types.Float, types.Double, types.Char, types.VarChar, types.Binary, types.VarBinary, types.Decimal:
		return true
	}
	return false
}

// hiveBucket is HiveBucketFunction: hash = 31*hash + field hash over the
// key, then (hash & MAX_INT) mod n.
func hiveBucket(key []any, keyTypes []types.DataType, n int) (int, error) {
	var h int32
	for i, v := range key {
		fh, err := hiveHash(v, keyTypes[i])
		if err != nil {
			return 0, err
		}
		h = 31*h + fh
	}
	return int(h&math.MaxInt32) % n, nil
}

// hiveHash is HiveHasher applied to one field as Java's field getter hands
// it over (DATE and TIME as their int, strings as UTF-8 bytes).
func hiveHash(v any, t types.DataType) (int32, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case int8:
		return int32(x), nil
	case int16:
		return int32(x), nil
	case int32:
		return x, nil
	case int64:
		return javahash.LongHash(x), nil
	case float32:
		if x == 0 { // -0.0 hashes as 0.0
			return 0, nil
		}
		return int32(javahash.FloatBits(x)), nil
	case float64:
		if x == 0 {
			return 0, nil
		}
		return javahash.LongHash(int64(javahash.DoubleBits(x))), nil
	case string:
		return hashBytes([]byte(x)), nil
	case []byte:
		return hashBytes(x), nil
	case decimal.Decimal:
		return hashDecimal(x, t.Scale), nil
	}
	return 0, fmt.Errorf("unsupported type as bucket key type %T", v)
}

// hashBytes is HiveHasher.hashBytes over Java's signed bytes.
func hashBytes(b []byte) int32 {
	var h int32
	for _, c := range b {
		h = 31*h + int32(int8(c))
	}
	return h
}

// hashDecimal is BigDecimal.hashCode of HiveHasher.normalizeDecimal of the
// value as stored at the column's scale: trailing zeros stripped (zero is
// 0 at scale 0, and a negative scale becomes 0), then 31 *
// unscaled.hashCode() + scale. Precision is at most 38, so normalizing
// never rounds.
func hashDecimal(d decimal.Decimal, scale int) int32 {
	u := d.Round(int32(scale)).Shift(int32(scale)).BigInt()
	ten := big.NewInt(10)
	for scale > 0 && u.Sign() != 0 {
		q, r := new(big.Int).QuoRem(u, ten, new(big.Int))
		if r.Sign() != 0 {
			break
		}
		u, scale = q, scale-1
	}
	if u.Sign() == 0 {
		scale = 0
	}
	return javahash.BigDecimalHash(u, scale)
}
