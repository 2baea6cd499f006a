#!/usr/bin/env bash
# Regenerates the Go code in this directory from Hive 4.0.1's hive_metastore.thrift with
# Debian's thrift-compiler 0.17.0 (`apt-get install -y thrift-compiler`), the version of the
# Go library github.com/apache/thrift in go.mod. Run from anywhere: bash regenerate.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=4.0.1
thrift --version | grep -q 'Thrift version 0.17.0' || { echo "needs thrift-compiler 0.17.0" >&2; exit 1; }

# Hive's source release on Maven Central carries the IDL (the jars do not).
mvn -q dependency:get -Dartifact=org.apache.hive:hive-standalone-metastore:$version:tar.gz:src -Dtransitive=false
src=$HOME/.m2/repository/org/apache/hive/hive-standalone-metastore/$version/hive-standalone-metastore-$version-src.tar.gz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$src" -C "$work" --strip-components=5 \
  apache-hive-standalone-metastore-$version-src/metastore-common/src/main/thrift/hive_metastore.thrift
mkdir -p "$work/share/fb303/if"
cp "$here/fb303.thrift" "$work/share/fb303/if/fb303.thrift"

# Edits that Go needs and the wire does not see (Thrift encodes field ids and types, not names,
# and a field that is unset is simply not sent):
# - SkewedInfo.skewedColValueLocationMaps is map<list<string>,string>; a Go map cannot have a
#   slice key, so it becomes map<string,string> (Paimon tables never set skewed values; a table
#   that does would fail to decode, never decode wrongly).
# - WMNullableResourcePlan's fields isSetQueryParallelism, isSetDefaultPoolPath and
#   isSetSchedulingPolicy collide with the IsSet* methods Go's generator adds.
# - FieldSchema.comment, SerDeInfo.name, Table.viewOriginalText and viewExpandedText become
#   optional: Java leaves them null and does not send them, while Go always sends a string
#   field of default requiredness, so the metastore would record '' where Java's tables
#   have NULL (a column without a comment would read back with comment '').
sed -i -E \
  -e 's|^  3: string comment$|  3: optional string comment|' \
  -e 's|^  1: string name,( +// name of the serde)|  1: optional string name,\1|' \
  -e 's|^  10: string viewOriginalText,|  10: optional string viewOriginalText,|' \
  -e 's|^  11: string viewExpandedText,|  11: optional string viewExpandedText,|' \
  -e 's/map<list<string>, string> skewedColValueLocationMaps/map<string, string> skewedColValueLocationMaps/' \
  -e 's/optional bool isSet(QueryParallelism|DefaultPoolPath|SchedulingPolicy);/optional bool isSet\1Field;/' \
  "$work/hive_metastore.thrift"

out=$(mktemp -d)
thrift -r -I "$work" --gen go:package_prefix=github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/ \
  -out "$out" "$work/hive_metastore.thrift"
# The generated command-line clients (*-remote) are not needed.
rm -rf "$out"/*/*-remote
# The package comments (doc.go) are ours, not the generator's.
cp "$here/hive_metastore/doc.go" "$out/hive_metastore/"
cp "$here/fb303/doc.go" "$out/fb303/"
rm -rf "$here/hive_metastore" "$here/fb303"
cp -r "$out/hive_metastore" "$out/fb303" "$here/"
rm -rf "$out"
gofmt -w "$here/hive_metastore" "$here/fb303"
