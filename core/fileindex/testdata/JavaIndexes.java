// Writes the fixtures of fileindex_java_test.go with Java Paimon's own
// index writers (paimon-bundle 1.4.2): one index file per line of
// java-indexes.txt, "<name> <hex>". Regenerate from the repository root:
//
//	cd tests/interop/java && mvn -q -B package && cd ../../..
//	java -cp "$(cat tests/interop/java/target/classpath.txt)" \
//	    core/fileindex/testdata/JavaIndexes.java > core/fileindex/testdata/java-indexes.txt
//
// The inputs here and in the Go test must stay the same.
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.fileindex.FileIndexFormat;
import org.apache.paimon.fileindex.FileIndexWriter;
import org.apache.paimon.fileindex.FileIndexer;
import org.apache.paimon.options.Options;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

public class JavaIndexes {
    static byte[] index(String type, DataType t, Map<String, String> opts, Object... values) {
        Options o = new Options();
        opts.forEach(o::set);
        FileIndexWriter w = FileIndexer.create(type, t, o).createWriter();
        for (Object v : values) {
            w.writeRecord(v);
        }
        return w.serializedBytes();
    }

    static void emit(String name, String column, String type, byte[] body) throws Exception {
        Map<String, Map<String, byte[]>> m = new LinkedHashMap<>();
        m.computeIfAbsent(column, k -> new LinkedHashMap<>()).put(type, body);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FileIndexFormat.createWriter(out).writeColumnIndexes(m);
        StringBuilder sb = new StringBuilder();
        for (byte b : out.toByteArray()) {
            sb.append(String.format("%02x", b));
        }
        System.out.println(name + " " + sb);
    }

    static BinaryString s(String v) {
        return BinaryString.fromString(v);
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> bloomOpts = Map.of("items", "50", "fpp", "0.05");
        emit("bloom_string", "c", "bloom-filter",
                index("bloom-filter", DataTypes.STRING(), bloomOpts, s("a"), s("bb"), null, s("ü€"), s("")));
        emit("bloom_int", "c", "bloom-filter",
                index("bloom-filter", DataTypes.INT(), bloomOpts, 1, -5, 1 << 30, Integer.MIN_VALUE));
        emit("bloom_bigint", "c", "bloom-filter",
                index("bloom-filter", DataTypes.BIGINT(), bloomOpts, 7L, -1L, Long.MAX_VALUE));
        emit("bloom_double", "c", "bloom-filter",
                index("bloom-filter", DataTypes.DOUBLE(), bloomOpts, 1.5, -0.0, Double.NaN));
        emit("bloom_float", "c", "bloom-filter",
                index("bloom-filter", DataTypes.FLOAT(), bloomOpts, 1.5f, -2.25f));
        emit("bloom_ts3", "c", "bloom-filter",
                index("bloom-filter", DataTypes.TIMESTAMP(3), bloomOpts,
                        Timestamp.fromEpochMillis(1704164645678L)));
        emit("bloom_ts6", "c", "bloom-filter",
                index("bloom-filter", DataTypes.TIMESTAMP(6), bloomOpts,
                        Timestamp.fromEpochMillis(1704164645678L, 123000)));
        emit("bitmap_int", "c", "bitmap",
                index("bitmap", DataTypes.INT(), Map.of(), 3, 1, 3, null, 2, 3, null, 1, 7));
        emit("bitmap_string", "c", "bitmap",
                index("bitmap", DataTypes.STRING(), Map.of("index-block-size", "32b"),
                        s("red"), s("blue"), s("red"), null, s("green"), s("red"), s("ü"), s("blue")));
        emit("bitmap_v1", "c", "bitmap",
                index("bitmap", DataTypes.BIGINT(), Map.of("version", "1"), 5L, 6L, 5L, null, -1L));
        emit("bsi_bigint", "c", "bsi",
                index("bsi", DataTypes.BIGINT(), Map.of(), 5L, -3L, null, 100L, 0L, -70L, 5L));
        emit("bsi_decimal", "c", "bsi",
                index("bsi", DataTypes.DECIMAL(10, 2), Map.of(),
                        Decimal.fromUnscaledLong(125, 10, 2), null, Decimal.fromUnscaledLong(-350, 10, 2)));
    }
}
