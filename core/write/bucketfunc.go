package write

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// bucketFunctionType is the option that chooses the bucket function.
const bucketFunctionType = "bucket-function.type"

// bucketFunction picks the bucket of a row from its bucket-key values, as
// Java's bucket-function.type does (org.apache.paimon.bucket.*).
type bucketFunction func(key []any, keyTypes []types.DataType, n int) (int, error)

// newBucketFunction returns the function of a bucket-function.type, or an
// error for key types Java's function refuses (Java fails on the write).
func newBucketFunction(name string, keyTypes []types.DataType) (bucketFunction, error) {
	switch strings.ToLower(name) {
	case "", "default":
		return defaultBucket, nil
	case "mod":
		if len(keyTypes) != 1 || (keyTypes[0].Kind != types.Int && keyTypes[0].Kind != types.BigInt) {
			return nil, fmt.Errorf("bucket-function.type 'mod' needs one bucket-key column of type INT or BIGINT")
		}
		return modBucket, nil
	case "hive":
		for _, t := range keyTypes {
			if !hiveHashable(t.Kind) {
				return nil, fmt.Errorf("bucket-function.type 'hive' does not support bucket-key type %s", t.Kind)
			}
		}
		return hiveBucket, nil
	}
	return nil, fmt.Errorf("unknown bucket-function.type %q", name)
}

// defaultBucket hashes the key's BinaryRow (Java's DefaultBucketFunction).
func defaultBucket(key []any, keyTypes []types.DataType, n int) (int, error) {
	row, err := binrow.Encode(key, keyTypes)
	if err != nil {
		return 0, err
	}
	return binrow.Bucket(row, n), nil
}

// modBucket is Java's ModBucketFunction: Math.floorMod(key, n).
func modBucket(key []any, _ []types.DataType, n int) (int, error) {
	var v int64
	switch x := key[0].(type) {
	case int32:
		v = int64(x)
	case int64:
		v = x
	default:
		return 0, fmt.Errorf("bucket-function.type 'mod': bucket key %v (%T) is not INT or BIGINT", key[0], key[0])
	}
	r := v % int64(n)
	if r < 0 {
		r += int64(n)
	}
	return int(r), nil
}

func hiveHashable(k types.Kind) bool {
	switch k {
	case types.Boolean, types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Float, types.Double,
		types.Char, types.VarChar, types.Binary, types.VarBinary, types.Decimal, types.Date, types.Time:
		return true
	}
	return false
}

// hiveBucket is Java's HiveBucketFunction: 31*h + hash(field) over the key
// (NULL hashes to 0), then (h & MAX_INT) % n.
func hiveBucket(key []any, _ []types.DataType, n int) (int, error) {
	var h int32
	for _, v := range key {
		fh, err := hiveHash(v)
		if err != nil {
			return 0, err
		}
		h = 31*h + fh
	}
	return int(h&math.MaxInt32) % n, nil
}

// hiveHash is HiveHasher's hash of one internal value.
func hiveHash(v any) (int32, error) {
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
	case int32: // INT, DATE, TIME
		return x, nil
	case int64:
		return longHash(x), nil
	case float32:
		if x == 0 { // -0.0 and 0.0 alike
			return 0, nil
		}
		return int32(javaFloatBits(x)), nil
	case float64:
		if x == 0 {
			return 0, nil
		}
		return longHash(int64(javaDoubleBits(x))), nil
	case string:
		return bytesHash([]byte(x)), nil
	case []byte:
		return bytesHash(x), nil
	case decimal.Decimal:
		return hiveDecimalHash(x), nil
	}
	return 0, fmt.Errorf("bucket-function.type 'hive': unsupported bucket key value %T", v)
}

// longHash is Java's Long.hashCode.
func longHash(v int64) int32 { return int32(v ^ int64(uint64(v)>>32)) }

// javaFloatBits is Float.floatToIntBits (one canonical NaN).
func javaFloatBits(f float32) uint32 {
	if f != f {
		return 0x7fc00000
	}
	return math.Float32bits(f)
}

// javaDoubleBits is Double.doubleToLongBits (one canonical NaN).
func javaDoubleBits(f float64) uint64 {
	if f != f {
		return 0x7ff8000000000000
	}
	return math.Float64bits(f)
}

// bytesHash is 31*h + b over the bytes as Java's signed bytes.
func bytesHash(b []byte) int32 {
	var h int32
	for _, c := range b {
		h = 31*h + int32(int8(c))
	}
	return h
}

// hiveDecimalHash is BigDecimal.hashCode of HiveHasher.normalizeDecimal:
// trailing zeros stripped, scale at least 0 (Paimon's precision ≤ 38
// never needs Hive's rounding), then 31*unscaled.hashCode() + scale.
func hiveDecimalHash(d decimal.Decimal) int32 {
	coef := new(big.Int).Set(d.Coefficient())
	scale := -d.Exponent()
	ten := big.NewInt(10)
	if coef.Sign() == 0 {
		scale = 0
	}
	for coef.Sign() != 0 {
		q, r := new(big.Int).QuoRem(coef, ten, new(big.Int))
		if r.Sign() != 0 {
			break
		}
		coef, scale = q, scale-1
	}
	if scale < 0 {
		coef.Mul(coef, new(big.Int).Exp(ten, big.NewInt(int64(-scale)), nil))
		scale = 0
	}
	return 31*bigIntHash(coef) + scale
}

// bigIntHash is Java's BigInteger.hashCode: 31*h + word over the
// magnitude's big-endian 32-bit words, times the sign.
func bigIntHash(v *big.Int) int32 {
	mag := v.Bytes()
	if pad := len(mag) % 4; pad != 0 {
		mag = append(make([]byte, 4-pad), mag...)
	}
	var h uint32
	for i := 0; i < len(mag); i += 4 {
		w := uint32(mag[i])<<24 | uint32(mag[i+1])<<16 | uint32(mag[i+2])<<8 | uint32(mag[i+3])
		h = 31*h + w
	}
	return int32(h) * int32(v.Sign())
}
