// Drives Java Paimon 1.4.2's HiveCatalog for tests/hivemetastore: it reads one command a
// line on standard input and answers each with lines on standard output ending in "END"
// (or "ERROR <message>" then "END"), so that one JVM serves a whole test.
//
// Run as a single-file source program: java -cp 'target/lib/*' HiveCatalogDriver.java
// with the catalog options as arguments (key=value: uri, warehouse, lock.enabled, ...).

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.hive.HiveCatalog;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypes;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;

import org.apache.hadoop.hive.metastore.api.FieldSchema;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Map;
import java.util.TreeMap;

public class HiveCatalogDriver {
    public static void main(String[] args) throws Exception {
        Options options = new Options();
        options.set("metastore", "hive");
        // Every command reads the metastore afresh (and the catalog is the HiveCatalog itself).
        options.set("cache-enabled", "false");
        for (String arg : args) {
            int eq = arg.indexOf('=');
            options.set(arg.substring(0, eq), arg.substring(eq + 1));
        }
        HiveCatalog catalog =
                (HiveCatalog) CatalogFactory.createCatalog(CatalogContext.create(options));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        System.out.println("READY");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            String[] cmd = line.trim().split(" ");
            try {
                run(catalog, cmd);
            } catch (Throwable e) {
                Throwable root = e;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                System.out.println(
                        "ERROR " + (e + " / " + root).replace('\n', ' '));
            }
            System.out.println("END");
            System.out.flush();
        }
    }

    // The table the tests create on both sides: a partitioned primary-key table with a
    // column comment, a table comment, options and a column of each type the metastore maps.
    static Schema testSchema() {
        return Schema.newBuilder()
                .column("id", DataTypes.INT().notNull())
                .column("name", DataTypes.STRING(), "the name")
                .column("price", DataTypes.DECIMAL(10, 2))
                .column("ts", DataTypes.TIMESTAMP(3))
                .column("tags", DataTypes.ARRAY(DataTypes.VARCHAR(20)))
                .column("b", DataTypes.BOOLEAN())
                .column("ti", DataTypes.TINYINT())
                .column("si", DataTypes.SMALLINT())
                .column("big", DataTypes.BIGINT())
                .column("f", DataTypes.FLOAT())
                .column("d", DataTypes.DOUBLE())
                .column("c5", DataTypes.CHAR(5))
                .column("c300", DataTypes.CHAR(300))
                .column("v70k", DataTypes.VARCHAR(70000))
                .column("bin", DataTypes.BINARY(4))
                .column("vb", DataTypes.BYTES())
                .column("day", DataTypes.DATE())
                .column("tm", DataTypes.TIME())
                .column("ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
                .column("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()))
                .column("ms", DataTypes.MULTISET(DataTypes.STRING()))
                .column(
                        "r",
                        DataTypes.ROW(
                                DataTypes.FIELD(0, "a", DataTypes.INT()),
                                DataTypes.FIELD(1, "b", DataTypes.STRING())))
                .column("dt", DataTypes.STRING().notNull())
                .primaryKey("id", "dt")
                .partitionKeys("dt")
                .option("bucket", "2")
                .option("file.format", "parquet")
                .comment("made for the metastore test")
                .build();
    }

    static void run(HiveCatalog catalog, String[] c) throws Exception {
        switch (c[0]) {
            case "create-db":
                catalog.createDatabase(c[1], false);
                break;
            case "drop-db":
                catalog.dropDatabase(c[1], false, true);
                break;
            case "dbs":
                for (String db : catalog.listDatabases()) {
                    System.out.println(db);
                }
                break;
            case "create-table":
                catalog.createTable(Identifier.create(c[1], c[2]), testSchema(), false);
                break;
            case "tables":
                for (String t : catalog.listTables(c[1])) {
                    System.out.println(t);
                }
                break;
            case "schema": {
                FileStoreTable t = (FileStoreTable) catalog.getTable(Identifier.create(c[1], c[2]));
                System.out.println("location " + t.location());
                System.out.println("rowType " + t.rowType());
                System.out.println("primaryKeys " + t.primaryKeys());
                System.out.println("partitionKeys " + t.partitionKeys());
                System.out.println("comment " + t.comment().orElse(""));
                System.out.println("options " + new TreeMap<>(t.options()));
                break;
            }
            case "hms":
                printHms(catalog.getHmsTable(Identifier.create(c[1], c[2])));
                break;
            case "add-column":
                catalog.alterTable(
                        Identifier.create(c[1], c[2]),
                        SchemaChange.addColumn(c[3], DataTypes.BIGINT(), "added", null),
                        false);
                break;
            case "set-option":
                catalog.alterTable(
                        Identifier.create(c[1], c[2]), SchemaChange.setOption(c[3], c[4]), false);
                break;
            case "remove-option":
                catalog.alterTable(
                        Identifier.create(c[1], c[2]), SchemaChange.removeOption(c[3]), false);
                break;
            case "rename":
                catalog.renameTable(
                        Identifier.create(c[1], c[2]), Identifier.create(c[1], c[3]), false);
                break;
            case "drop":
                catalog.dropTable(Identifier.create(c[1], c[2]), false);
                break;
            case "insert": {
                // Commits one row (c[3] INT, c[4] STRING) to a table of those two columns.
                Table t = catalog.getTable(Identifier.create(c[1], c[2]));
                BatchWriteBuilder wb = t.newBatchWriteBuilder();
                try (BatchTableWrite w = wb.newWrite();
                        BatchTableCommit commit = wb.newCommit()) {
                    w.write(GenericRow.of(Integer.parseInt(c[3]), BinaryString.fromString(c[4])));
                    commit.commit(w.prepareCommit());
                }
                break;
            }
            case "count": {
                Table t = catalog.getTable(Identifier.create(c[1], c[2]));
                ReadBuilder rb = t.newReadBuilder();
                long[] n = {0};
                try (RecordReader<InternalRow> r =
                        rb.newRead().createReader(rb.newScan().plan().splits())) {
                    r.forEachRemaining(row -> n[0]++);
                }
                System.out.println("rows " + n[0]);
                break;
            }
            case "lock": {
                // Holds the table's lock for c[3] milliseconds.
                long hold = Long.parseLong(c[3]);
                catalog.runWithLock(
                        Identifier.create(c[1], c[2]),
                        () -> {
                            System.out.println("LOCKED " + System.currentTimeMillis());
                            System.out.flush();
                            Thread.sleep(hold);
                            System.out.println("RELEASING " + System.currentTimeMillis());
                            return null;
                        });
                break;
            }
            default:
                throw new IllegalArgumentException("unknown command " + c[0]);
        }
    }

    // The metastore's record of a table, one fact a line, in a fixed order; parameters the
    // metastore sets itself on every change are left out.
    static void printHms(org.apache.hadoop.hive.metastore.api.Table t) {
        System.out.println("tableType " + t.getTableType());
        System.out.println("owner " + t.getOwner());
        System.out.println("retention " + t.getRetention());
        System.out.println("inputFormat " + t.getSd().getInputFormat());
        System.out.println("outputFormat " + t.getSd().getOutputFormat());
        System.out.println("serde " + t.getSd().getSerdeInfo().getSerializationLib());
        System.out.println("serdeParams " + new TreeMap<>(t.getSd().getSerdeInfo().getParameters()));
        System.out.println("location " + t.getSd().getLocation());
        for (FieldSchema f : t.getSd().getCols()) {
            System.out.println("col " + f.getName() + " " + f.getType() + " " + f.getComment());
        }
        for (FieldSchema f : t.getPartitionKeys()) {
            System.out.println("partitionKey " + f.getName() + " " + f.getType());
        }
        Map<String, String> params = new TreeMap<>(t.getParameters());
        params.remove("transient_lastDdlTime");
        for (Map.Entry<String, String> e : params.entrySet()) {
            System.out.println("param " + e.getKey() + "=" + e.getValue());
        }
    }
}
