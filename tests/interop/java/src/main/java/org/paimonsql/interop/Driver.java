package org.paimonsql.interop;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.append.AppendCompactCoordinator;
import org.apache.paimon.append.AppendCompactTask;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.consumer.Consumer;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.variant.GenericVariant;
import org.apache.paimon.data.variant.Variant;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.fs.Path;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.operation.BaseAppendFileStoreWrite;
import org.apache.paimon.operation.CleanOrphanFilesResult;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.options.Options;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.shade.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.paimon.shade.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.paimon.shade.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.paimon.shade.jackson2.com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.apache.paimon.shade.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Instant;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.table.source.StreamTableScan;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeChecks;
import org.apache.paimon.types.DataTypeJsonParser;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.ProcedureUtils;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Runs interop scenarios through Apache Paimon's Java API.
 *
 * <p>Reads one JSON request per line on standard input, {"warehouse": ..., "steps": [...]}, and
 * answers one JSON line per request on standard output: {"results": [...]} with one result per
 * step ({"ok": true, ...} or {"ok": false, "error": "..."}). The process serves many requests so
 * that the JVM starts once per test run. Values cross the boundary in a neutral JSON form: numbers,
 * booleans, strings (decimals, dates, times and timestamps as text, binary as base64), arrays for
 * ARRAY and ROW, objects for MAP (keys as text).
 */
public final class Driver {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Spill and lookup files of writers (lookup compaction needs a local directory). */
    private static final IOManager IO = IOManager.create(System.getProperty("java.io.tmpdir"));

    private Driver() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            ObjectNode answer = NODES.objectNode();
            answer.set("results", run(JSON.readTree(line)));
            System.out.println(JSON.writeValueAsString(answer));
            System.out.flush();
        }
    }

    /** Runs the steps of one request in order; a failed step does not stop the later ones. */
    private static ArrayNode run(JsonNode request) throws Exception {
        ArrayNode results = NODES.arrayNode();
        String warehouse = request.get("warehouse").asText();
        // "catalog": options of another catalog than the filesystem's
        // ({"metastore": "jdbc", "uri": ...}, or the REST catalog's
        // metastore=rest, uri, token.provider, token, warehouse), as Flink
        // and Spark open it; its "warehouse" replaces the request's.
        Options catalogOptions = new Options();
        catalogOptions.set("warehouse", warehouse);
        strings(request.get("catalog")).forEach(catalogOptions::set);
        try (Catalog catalog =
                CatalogFactory.createCatalog(CatalogContext.create(catalogOptions))) {
            for (JsonNode step : request.get("steps")) {
                ObjectNode result = NODES.objectNode();
                try {
                    runStep(catalog, step, result);
                    result.put("ok", true);
                } catch (Throwable e) {
                    result.put("ok", false);
                    result.put("error", describe(e));
                }
                results.add(result);
            }
        }
        return results;
    }

    private static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append(" / caused by ").append(c);
        }
        return sb.toString();
    }

    private static void runStep(Catalog catalog, JsonNode step, ObjectNode result)
            throws Exception {
        String op = step.get("op").asText();
        Identifier id = Identifier.fromString(step.get("table").asText());
        switch (op) {
            case "create":
                create(catalog, id, step);
                return;
            case "write":
                write(table(catalog, id, step), step.get("rows"));
                return;
            case "writeColumns":
                writeColumns(table(catalog, id, step), step);
                return;
            case "writeEach":
                // One commit per row: a writer racing another one (concurrency tests).
                for (JsonNode row : step.get("rows")) {
                    write(table(catalog, id, step), NODES.arrayNode().add(row));
                }
                return;
            case "compact":
                compact(table(catalog, id, step), step.path("full").asBoolean(true));
                return;
            case "createTag":
                createTag(table(catalog, id, step), step);
                return;
            case "createBranch":
                FileStoreTable main = table(catalog, id, step);
                if (step.hasNonNull("tag")) {
                    main.createBranch(step.get("branch").asText(), step.get("tag").asText());
                } else {
                    main.createBranch(step.get("branch").asText());
                }
                return;
            case "deleteTag":
                table(catalog, id, step).deleteTag(step.get("tag").asText());
                return;
            case "consumer":
                table(catalog, id, step)
                        .consumerManager()
                        .resetConsumer(
                                step.get("consumer").asText(),
                                new Consumer(step.get("nextSnapshot").asLong()));
                return;
            case "expire":
                result.put("expired", expire(table(catalog, id, step), step));
                return;
            case "removeOrphans":
                // LocalOrphanFilesClean, as remove_orphan_files(mode => 'local').
                CleanOrphanFilesResult cleaned =
                        new LocalOrphanFilesClean(
                                        table(catalog, id, step),
                                        step.get("olderThanMillis").asLong(),
                                        false)
                                .clean();
                result.put("deletedFiles", cleaned.getDeletedFileCount());
                result.put("deletedBytes", cleaned.getDeletedFileTotalLenInBytes());
                return;
            case "read":
                Table read = anyTable(catalog, id, step);
                result.set("rows", read(read, false));
                // The column names, which system tables change between versions.
                ArrayNode fields = result.putArray("fields");
                read.rowType().getFieldNames().forEach(fields::add);
                return;
            case "tables":
                // The catalog's tables of the step's database ("db.*").
                ArrayNode tables = result.putArray("tables");
                catalog.listTables(id.getDatabaseName()).forEach(tables::add);
                return;
            case "alter":
                catalog.alterTable(id, schemaChange(step), false);
                return;
            case "rename":
                catalog.renameTable(id, Identifier.fromString(step.get("to").asText()), false);
                return;
            case "changelog":
                result.set("rows", changelog(table(catalog, id, step)));
                return;
            case "filteredRead":
                filteredRead(table(catalog, id, step), step.get("where"), result);
                return;
            case "readBuckets":
                result.set("rows", read(table(catalog, id, step), true));
                return;
            case "buckets":
                result.set("buckets", buckets(table(catalog, id, step), step.get("rows")));
                return;
            case "catalogVersion":
                catalogVersion(catalog, id, step);
                return;
            case "catalogObjects":
                catalogObjects(catalog, id, step, result);
                return;
            default:
                throw new IllegalArgumentException("unknown op " + op);
        }
    }

    /**
     * Tags, branches and rollback through the Catalog API (the REST catalog serves them):
     * {"action": "createTag", "tag": t, "snapshot": n} | {"action": "deleteTag", "tag": t} |
     * {"action": "createBranch", "branch": b, "tag": t} | {"action": "dropBranch", "branch": b} |
     * {"action": "renameBranch", "branch": b, "to": c} |
     * {"action": "rollback", "snapshot": n} | {"action": "rollback", "tag": t}.
     */
    private static void catalogVersion(Catalog catalog, Identifier id, JsonNode step)
            throws Exception {
        String action = step.get("action").asText();
        switch (action) {
            case "createTag":
                // Catalog.createTag and deleteTag are new in 1.4: called by name, so that
                // the driver still builds on the older Paimon it also runs on.
                catalog.getClass()
                        .getMethod(
                                "createTag",
                                Identifier.class,
                                String.class,
                                Long.class,
                                String.class,
                                boolean.class)
                        .invoke(
                                catalog,
                                id,
                                step.get("tag").asText(),
                                step.hasNonNull("snapshot") ? step.get("snapshot").asLong() : null,
                                null,
                                false);
                return;
            case "deleteTag":
                catalog.getClass()
                        .getMethod("deleteTag", Identifier.class, String.class)
                        .invoke(catalog, id, step.get("tag").asText());
                return;
            case "createBranch":
                catalog.createBranch(
                        id,
                        step.get("branch").asText(),
                        step.hasNonNull("tag") ? step.get("tag").asText() : null);
                return;
            case "dropBranch":
                catalog.dropBranch(id, step.get("branch").asText());
                return;
            case "renameBranch":
                // New in 1.4: called by name, so that the driver still builds on 1.3.
                catalog.getClass()
                        .getMethod("renameBranch", Identifier.class, String.class, String.class)
                        .invoke(catalog, id, step.get("branch").asText(), step.get("to").asText());
                return;
            case "rollback":
                catalog.rollbackTo(
                        id,
                        step.hasNonNull("tag")
                                ? Instant.tag(step.get("tag").asText())
                                : Instant.snapshot(step.get("snapshot").asLong()));
                return;
            default:
                throw new IllegalArgumentException("unknown catalog action " + action);
        }
    }

    /**
     * Partitions, databases, renames, views and functions through the Catalog API (what the
     * REST catalog serves of them): {"action": "listPartitions"} | {"action":
     * "listPartitionsByNames", "specs": [...]} | {"action": "markDone", "specs": [...]} |
     * {"action": "dropPartitions", "specs": [...]} | {"action": "dropDatabase", "cascade": b} |
     * {"action": "renameTable", "to": "db.t2"} | {"action": "listViews"} | {"action":
     * "getView"} | {"action": "listFunctions"}. Listings answer "tables" (names) or
     * "partitions" (spec, counts, done).
     */
    private static void catalogObjects(
            Catalog catalog, Identifier id, JsonNode step, ObjectNode result) throws Exception {
        String action = step.get("action").asText();
        List<Map<String, String>> specs = new ArrayList<>();
        for (JsonNode spec : step.path("specs")) {
            specs.add(strings(spec));
        }
        switch (action) {
            case "listPartitions":
                partitions(catalog.listPartitions(id), result.putArray("partitions"));
                return;
            case "listPartitionsByNames":
                // New in 1.4: called by name, so that the driver still builds on 1.3.
                @SuppressWarnings("unchecked")
                List<org.apache.paimon.partition.Partition> byNames =
                        (List<org.apache.paimon.partition.Partition>)
                                catalog.getClass()
                                        .getMethod(
                                                "listPartitionsByNames",
                                                Identifier.class,
                                                List.class)
                                        .invoke(catalog, id, specs);
                partitions(byNames, result.putArray("partitions"));
                return;
            case "markDone":
                catalog.markDonePartitions(id, specs);
                return;
            case "dropPartitions":
                catalog.dropPartitions(id, specs);
                return;
            case "dropDatabase":
                catalog.dropDatabase(id.getDatabaseName(), false, step.get("cascade").asBoolean());
                return;
            case "renameTable":
                catalog.renameTable(id, Identifier.fromString(step.get("to").asText()), false);
                return;
            case "listViews":
                catalog.listViews(id.getDatabaseName()).forEach(result.putArray("tables")::add);
                return;
            case "getView":
                catalog.getView(id);
                return;
            case "listFunctions":
                catalog.listFunctions(id.getDatabaseName()).forEach(result.putArray("tables")::add);
                return;
            default:
                throw new IllegalArgumentException("unknown catalog action " + action);
        }
    }

    private static void partitions(
            List<org.apache.paimon.partition.Partition> partitions, ArrayNode out) {
        for (org.apache.paimon.partition.Partition p : partitions) {
            ObjectNode node = out.addObject();
            ObjectNode spec = node.putObject("spec");
            p.spec().forEach(spec::put);
            node.put("recordCount", p.recordCount());
            node.put("fileCount", p.fileCount());
            node.put("fileSizeInBytes", p.fileSizeInBytes());
            node.put("done", p.done());
        }
    }

    /** The table with the step's dynamic options (time travel, expiration settings). */
    private static FileStoreTable table(Catalog catalog, Identifier id, JsonNode step)
            throws Exception {
        FileStoreTable table = (FileStoreTable) catalog.getTable(id);
        Map<String, String> options = strings(step.get("options"));
        return options.isEmpty() ? table : table.copy(options);
    }

    /** Any table, system tables ($audit_log) included, with the step's dynamic options. */
    private static Table anyTable(Catalog catalog, Identifier id, JsonNode step) throws Exception {
        Table table = catalog.getTable(id);
        Map<String, String> options = strings(step.get("options"));
        return options.isEmpty() ? table : table.copy(options);
    }

    /**
     * One change: {"add": name, "type": ...} | {"drop": name} | {"modify": name, "type": ...} |
     * {"set": key, "value": ...} | {"rename": a, "to": b}.
     */
    private static SchemaChange schemaChange(JsonNode step) {
        if (step.has("add")) {
            return SchemaChange.addColumn(
                    step.get("add").asText(), DataTypeJsonParser.parseDataType(step.get("type")));
        }
        if (step.has("drop")) {
            return SchemaChange.dropColumn(step.get("drop").asText());
        }
        if (step.has("modify")) {
            // An explicit cast where Java's DataTypeCasts allows one.
            return SchemaChange.updateColumnType(
                    step.get("modify").asText(),
                    DataTypeJsonParser.parseDataType(step.get("type")));
        }
        if (step.has("set")) {
            return SchemaChange.setOption(step.get("set").asText(), step.get("value").asText());
        }
        return SchemaChange.renameColumn(step.get("rename").asText(), step.get("to").asText());
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node != null) {
            node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node != null) {
            node.forEach(n -> out.add(n.asText()));
        }
        return out;
    }

    private static void create(Catalog catalog, Identifier id, JsonNode step) throws Exception {
        catalog.createDatabase(id.getDatabaseName(), true);
        Schema.Builder schema = Schema.newBuilder();
        for (JsonNode col : step.get("columns")) {
            schema.column(
                    col.get("name").asText(),
                    DataTypeJsonParser.parseDataType(col.get("type")));
        }
        schema.primaryKey(names(step.get("primaryKeys")));
        schema.partitionKeys(names(step.get("partitionKeys")));
        schema.options(strings(step.get("tableOptions")));
        catalog.createTable(id, schema.build(), false);
    }

    /**
     * Writes rows of some columns only ({"columns": [...], "rows": [...], "firstRowId": n}) to a
     * data-evolution table, as Java's DataEvolutionTableTest does: the new files hold the given
     * columns of the rows whose row ids start at firstRowId.
     */
    private static void writeColumns(FileStoreTable table, JsonNode step) throws Exception {
        RowType type = table.rowType().project(names(step.get("columns")));
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite().withWriteType(type);
                BatchTableCommit commit = builder.newCommit()) {
            for (JsonNode row : step.get("rows")) {
                write.write(toRow(type, row));
            }
            List<CommitMessage> messages = write.prepareCommit();
            long firstRowId = step.get("firstRowId").asLong();
            for (CommitMessage m : messages) {
                List<DataFileMeta> files =
                        ((CommitMessageImpl) m).newFilesIncrement().newFiles();
                List<DataFileMeta> assigned = new ArrayList<>();
                for (DataFileMeta f : files) {
                    assigned.add(f.assignFirstRowId(firstRowId));
                }
                files.clear();
                files.addAll(assigned);
            }
            commit.commit(messages);
        }
    }

    private static void write(FileStoreTable table, JsonNode rows) throws Exception {
        RowType type = table.rowType();
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        BucketChooser chooser = bucketChooser(table);
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            // Not chained: 1.3.1's withIOManager returns a TableWrite.
            write.withIOManager(IO);
            for (JsonNode row : rows) {
                GenericRow r = toRow(type, row);
                if (chooser == null) {
                    write.write(r);
                } else {
                    write.write(r, chooser.bucket(r));
                }
            }
            commit.commit(write.prepareCommit());
        }
    }

    /** Picks the bucket of a row of a dynamic-bucket table. */
    private interface BucketChooser {
        int bucket(InternalRow row);
    }

    /**
     * Dynamic-bucket tables need the bucket from the caller: Flink's writer assigns it with a
     * HashBucketAssigner over the table's hash index, and so does this driver (one assigner).
     * Null for other tables.
     */
    private static BucketChooser bucketChooser(FileStoreTable table) {
        if (table.bucketMode() != BucketMode.HASH_DYNAMIC) {
            return null;
        }
        CoreOptions options = table.coreOptions();
        Integer max = options.dynamicBucketMaxBuckets();
        HashBucketAssigner assigner =
                new HashBucketAssigner(
                        table.snapshotManager(),
                        UUID.randomUUID().toString(),
                        table.store().newIndexFileHandler(),
                        1,
                        1,
                        0,
                        options.dynamicBucketTargetRowNum(),
                        max == null ? -1 : max);
        RowKeyExtractor extractor = table.createRowKeyExtractor();
        return row -> {
            extractor.setRecord(row);
            return assigner.assign(
                    extractor.partition(), extractor.trimmedPrimaryKey().hashCode());
        };
    }

    /** A row of the form {"kind": "+I", "values": [...]}. */
    private static GenericRow toRow(RowType type, JsonNode row) {
        RowKind kind = RowKind.fromShortString(row.path("kind").asText("+I"));
        JsonNode values = row.get("values");
        GenericRow out = new GenericRow(kind, type.getFieldCount());
        for (int i = 0; i < type.getFieldCount(); i++) {
            out.setField(i, toInternal(type.getTypeAt(i), values.get(i)));
        }
        return out;
    }

    private static Object toInternal(DataType type, JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return v.asBoolean();
            case TINYINT:
                return (byte) v.asInt();
            case SMALLINT:
                return (short) v.asInt();
            case INTEGER:
                return v.asInt();
            case BIGINT:
                return v.asLong();
            case FLOAT:
                return (float) v.asDouble();
            case DOUBLE:
                return v.asDouble();
            case DECIMAL:
                DecimalType dt = (DecimalType) type;
                return Decimal.fromBigDecimal(
                        new BigDecimal(v.asText()), dt.getPrecision(), dt.getScale());
            case CHAR:
            case VARCHAR:
                return BinaryString.fromString(v.asText());
            case BINARY:
            case VARBINARY:
                return Base64.getDecoder().decode(v.asText());
            case DATE:
                return (int) LocalDate.parse(v.asText()).toEpochDay();
            case TIME_WITHOUT_TIME_ZONE:
                return (int) (LocalTime.parse(v.asText()).toNanoOfDay() / 1_000_000);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                // LTZ values are given as UTC wall-clock times, which are their instants.
                return Timestamp.fromLocalDateTime(LocalDateTime.parse(v.asText().replace(' ', 'T')));
            case VARIANT:
                // Given as JSON text, encoded by Java's own variant encoder.
                return GenericVariant.fromJson(v.asText());
            case ARRAY:
                DataType element = ((ArrayType) type).getElementType();
                Object[] items = new Object[v.size()];
                for (int i = 0; i < items.length; i++) {
                    items[i] = toInternal(element, v.get(i));
                }
                return new GenericArray(items);
            case MAP:
                MapType mt = (MapType) type;
                Map<Object, Object> map = new LinkedHashMap<>();
                Iterator<Map.Entry<String, JsonNode>> it = v.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    map.put(
                            toInternal(mt.getKeyType(), NODES.textNode(e.getKey())),
                            toInternal(mt.getValueType(), e.getValue()));
                }
                return new GenericMap(map);
            case ROW:
                RowType rt = (RowType) type;
                GenericRow nested = new GenericRow(rt.getFieldCount());
                for (int i = 0; i < rt.getFieldCount(); i++) {
                    nested.setField(i, toInternal(rt.getTypeAt(i), v.get(i)));
                }
                return nested;
            default:
                throw new IllegalArgumentException("unsupported type " + type);
        }
    }

    /** Compacts every bucket of every partition, as Flink's compact action does. */
    private static void compact(FileStoreTable table, boolean full) throws Exception {
        String user = UUID.randomUUID().toString();
        if (table.bucketSpec().getNumBuckets() == -1 && table.primaryKeys().isEmpty()) {
            compactAppend(table, user);
            return;
        }
        Set<String> done = new HashSet<>();
        try (TableWriteImpl<?> write = table.newWrite(user).withIOManager(IO);
                TableCommitImpl commit = table.newCommit(user)) {
            for (Split split : table.newReadBuilder().newScan().plan().splits()) {
                DataSplit ds = (DataSplit) split;
                if (done.add(ds.partition() + "/" + ds.bucket())) {
                    write.compact(ds.partition(), ds.bucket(), full);
                }
            }
            commit.commit(write.prepareCommit());
        }
    }

    private static void compactAppend(FileStoreTable table, String user) throws Exception {
        List<AppendCompactTask> tasks = new AppendCompactCoordinator(table, false).run();
        try (TableWriteImpl<?> write = table.newWrite(user).withIOManager(IO);
                TableCommitImpl commit = table.newCommit(user)) {
            List<CommitMessage> messages = new ArrayList<>();
            for (AppendCompactTask task : tasks) {
                messages.add(
                        task.doCompact(table, (BaseAppendFileStoreWrite) write.getWrite()));
            }
            commit.commit(messages);
        }
    }

    private static void createTag(FileStoreTable table, JsonNode step) {
        String tag = step.get("tag").asText();
        if (step.hasNonNull("snapshot")) {
            table.createTag(tag, step.get("snapshot").asLong());
        } else {
            table.createTag(tag);
        }
    }

    /** Runs expiration with the arguments of Flink's and Spark's expire_snapshots procedure. */
    private static int expire(FileStoreTable table, JsonNode step) {
        ExpireConfig.Builder config =
                ProcedureUtils.fillInSnapshotOptions(
                        table.coreOptions(),
                        step.hasNonNull("retainMax") ? step.get("retainMax").asInt() : null,
                        step.hasNonNull("retainMin") ? step.get("retainMin").asInt() : null,
                        step.hasNonNull("olderThan") ? step.get("olderThan").asText() : null,
                        step.hasNonNull("maxDeletes") ? step.get("maxDeletes").asInt() : null);
        return table.newExpireSnapshots().config(config.build()).expire();
    }

    /** Reads the table (or its audit log) and renders every row; withBucket adds the bucket. */
    private static ArrayNode read(Table table, boolean withBucket) throws Exception {
        ArrayNode rows = NODES.arrayNode();
        RowType type = table.rowType();
        ReadBuilder rb = table.newReadBuilder();
        for (Split split : rb.newScan().plan().splits()) {
            int bucket = split instanceof DataSplit ? ((DataSplit) split).bucket() : -1;
            try (RecordReader<InternalRow> reader = rb.newRead().createReader(split)) {
                reader.forEachRemaining(
                        r -> {
                            ArrayNode row = rowValues(type, r);
                            if (withBucket) {
                                row.add(bucket);
                            }
                            rows.add(row);
                        });
            }
        }
        return rows;
    }

    /**
     * A read with a filter, the ANDed comparisons [column, op, value] of where: the files Java's
     * scan plans, and the rows its reader returns without filtering them further (what Java's file
     * indexes and statistics leave).
     */
    private static void filteredRead(FileStoreTable table, JsonNode where, ObjectNode result)
            throws Exception {
        RowType type = table.rowType();
        PredicateBuilder pb = new PredicateBuilder(type);
        List<Predicate> leaves = new ArrayList<>();
        for (JsonNode c : where) {
            int i = type.getFieldIndex(c.get(0).asText());
            Object v = toInternal(type.getTypeAt(i), c.get(2));
            switch (c.get(1).asText()) {
                case "=":
                    leaves.add(pb.equal(i, v));
                    break;
                case "<":
                    leaves.add(pb.lessThan(i, v));
                    break;
                case ">":
                    leaves.add(pb.greaterThan(i, v));
                    break;
                default:
                    throw new IllegalArgumentException("unknown comparison " + c.get(1));
            }
        }
        ReadBuilder rb = table.newReadBuilder().withFilter(PredicateBuilder.and(leaves));
        ArrayNode rows = NODES.arrayNode();
        int files = 0;
        for (Split split : rb.newScan().plan().splits()) {
            files += ((DataSplit) split).dataFiles().size();
            try (RecordReader<InternalRow> reader = rb.newRead().createReader(split)) {
                reader.forEachRemaining(r -> rows.add(rowValues(type, r)));
            }
        }
        result.set("rows", rows);
        result.put("plannedFiles", files);
    }

    /**
     * Every change a streaming reader (Flink's) sees from the first snapshot on, as rows of
     * [row kind, values...].
     */
    private static ArrayNode changelog(FileStoreTable table) throws Exception {
        ArrayNode rows = NODES.arrayNode();
        Long latest = table.snapshotManager().latestSnapshotId();
        if (latest == null) {
            return rows;
        }
        FileStoreTable from =
                table.copy(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1"));
        ReadBuilder rb = from.newReadBuilder();
        StreamTableScan scan = rb.newStreamScan();
        RowType type = from.rowType();
        while (true) {
            for (Split split : scan.plan().splits()) {
                try (RecordReader<InternalRow> reader = rb.newRead().createReader(split)) {
                    reader.forEachRemaining(
                            r -> {
                                ArrayNode row = NODES.arrayNode();
                                row.add(r.getRowKind().shortString());
                                row.addAll(rowValues(type, r));
                                rows.add(row);
                            });
                }
            }
            Long next = scan.checkpoint();
            if (next == null || next > latest) {
                return rows;
            }
        }
    }

    private static ArrayNode rowValues(RowType type, InternalRow r) {
        ArrayNode out = NODES.arrayNode();
        for (int i = 0; i < type.getFieldCount(); i++) {
            out.add(toJson(type.getTypeAt(i), r, i));
        }
        return out;
    }

    /** The bucket Java assigns to each row of a fixed-bucket table. */
    private static ArrayNode buckets(FileStoreTable table, JsonNode rows) {
        RowKeyExtractor extractor = table.createRowKeyExtractor();
        ArrayNode out = NODES.arrayNode();
        for (JsonNode row : rows) {
            extractor.setRecord(toRow(table.rowType(), row));
            out.add(extractor.bucket());
        }
        return out;
    }

    private static JsonNode toJson(DataType type, InternalRow r, int pos) {
        if (r.isNullAt(pos)) {
            return NODES.nullNode();
        }
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return NODES.booleanNode(r.getBoolean(pos));
            case TINYINT:
                return NODES.numberNode(r.getByte(pos));
            case SMALLINT:
                return NODES.numberNode(r.getShort(pos));
            case INTEGER:
                return NODES.numberNode(r.getInt(pos));
            case BIGINT:
                return NODES.numberNode(r.getLong(pos));
            case FLOAT:
                return NODES.textNode(Float.toString(r.getFloat(pos)));
            case DOUBLE:
                return NODES.textNode(Double.toString(r.getDouble(pos)));
            case DECIMAL:
                DecimalType dt = (DecimalType) type;
                return NODES.textNode(
                        r.getDecimal(pos, dt.getPrecision(), dt.getScale())
                                .toBigDecimal()
                                .toPlainString());
            case CHAR:
            case VARCHAR:
                return NODES.textNode(r.getString(pos).toString());
            case BINARY:
            case VARBINARY:
                return NODES.textNode(Base64.getEncoder().encodeToString(r.getBinary(pos)));
            case DATE:
                return NODES.textNode(LocalDate.ofEpochDay(r.getInt(pos)).toString());
            case TIME_WITHOUT_TIME_ZONE:
                return NODES.textNode(clock(LocalTime.ofNanoOfDay(r.getInt(pos) * 1_000_000L)));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                LocalDateTime ldt =
                        r.getTimestamp(pos, DataTypeChecks.getPrecision(type)).toLocalDateTime();
                return NODES.textNode(ldt.toLocalDate() + " " + clock(ldt.toLocalTime()));
            case VARIANT:
                // The raw encoding, as paimon-sql shows it.
                Variant variant = r.getVariant(pos);
                ObjectNode raw = NODES.objectNode();
                raw.put("value", Base64.getEncoder().encodeToString(variant.value()));
                raw.put("metadata", Base64.getEncoder().encodeToString(variant.metadata()));
                return raw;
            case ARRAY:
                return arrayJson(((ArrayType) type).getElementType(), r.getArray(pos));
            case MAP:
                return mapJson((MapType) type, r.getMap(pos));
            case ROW:
                // Nested rows are objects by field name, as paimon-sql shows them.
                RowType rt = (RowType) type;
                InternalRow nested = r.getRow(pos, rt.getFieldCount());
                ObjectNode obj = NODES.objectNode();
                for (int i = 0; i < rt.getFieldCount(); i++) {
                    obj.set(rt.getFields().get(i).name(), toJson(rt.getTypeAt(i), nested, i));
                }
                return obj;
            default:
                return NODES.textNode("unsupported type " + type);
        }
    }

    /** HH:mm:ss with the nanoseconds, trailing zeros dropped (LocalTime.toString drops seconds). */
    private static String clock(LocalTime t) {
        String hms = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return hms;
        }
        return hms + "." + String.format("%09d", t.getNano()).replaceAll("0+$", "");
    }

    private static ArrayNode arrayJson(DataType element, InternalArray a) {
        ArrayNode out = NODES.arrayNode();
        InternalArray.ElementGetter getter = InternalArray.createElementGetter(element);
        for (int i = 0; i < a.size(); i++) {
            out.add(toJson(element, GenericRow.of(getter.getElementOrNull(a, i)), 0));
        }
        return out;
    }

    private static ObjectNode mapJson(MapType type, InternalMap m) {
        ObjectNode out = NODES.objectNode();
        ArrayNode keys = arrayJson(type.getKeyType(), m.keyArray());
        ArrayNode values = arrayJson(type.getValueType(), m.valueArray());
        for (int i = 0; i < keys.size(); i++) {
            out.set(keys.get(i).asText(), values.get(i));
        }
        return out;
    }
}
