import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * paimon-sql client check over JDBC, with MySQL Connector/J (DBeaver's, DataGrip's and
 * Metabase's default driver, from Maven Central) or MariaDB Connector/J (Debian's
 * libmariadb-java).
 *
 * <p>Usage: java -cp DRIVER_JARS:. JdbcClient mysql|mariadb HOST PORT DB TABLE NESTED_DB TYPES_DB [CALL]
 *
 * <p>TYPES_DB is a database the program creates, with a table of every type it binds in prepared
 * statements. Prints one JSON document (see tests/clients_test.go).
 */
public class JdbcClient {
  public static void main(String[] args) throws Exception {
    String driver = args[0], host = args[1], port = args[2], db = args[3], table = args[4], nested = args[5];
    String typesDB = args[6];
    String call = args.length > 7 ? args[7] : "";
    StringBuilder out = new StringBuilder("{\"client\": \"jdbc:" + driver + "\"");
    String url = "jdbc:" + driver + "://" + host + ":" + port + "/" + db + "?user=root&password=";
    try (Connection c = DriverManager.getConnection(url)) {
      DatabaseMetaData md = c.getMetaData();
      field(out, "product", md.getDatabaseProductName() + " " + md.getDatabaseProductVersion());
      field(out, "driver", md.getDriverName() + " " + md.getDriverVersion());

      List<String> catalogs = new ArrayList<>();
      try (ResultSet rs = md.getCatalogs()) {
        while (rs.next()) catalogs.add(rs.getString("TABLE_CAT"));
      }
      list(out, "catalogs", catalogs);

      List<String> tables = new ArrayList<>();
      try (ResultSet rs = md.getTables(db, null, "%", new String[] {"TABLE", "VIEW"})) {
        while (rs.next()) tables.add(rs.getString("TABLE_NAME"));
      }
      list(out, "tables", tables);

      List<List<String>> columns = new ArrayList<>();
      try (ResultSet rs = md.getColumns(db, null, table, "%")) {
        while (rs.next()) {
          columns.add(List.of(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME").toLowerCase()));
        }
      }
      rows(out, "columns", columns);

      List<List<String>> keys = new ArrayList<>();
      try (ResultSet rs = md.getPrimaryKeys(db, null, table)) {
        while (rs.next()) {
          keys.add(List.of(rs.getString("COLUMN_NAME"), Integer.toString(rs.getInt("KEY_SEQ")), rs.getString("PK_NAME")));
        }
      }
      rows(out, "primary_keys", keys);

      List<List<String>> index = new ArrayList<>();
      try (ResultSet rs = md.getIndexInfo(db, null, table, false, false)) {
        while (rs.next()) {
          index.add(List.of(rs.getString("INDEX_NAME"), rs.getString("COLUMN_NAME"),
              Integer.toString(rs.getInt("ORDINAL_POSITION")), Boolean.toString(rs.getBoolean("NON_UNIQUE"))));
        }
      }
      rows(out, "index_info", index);

      List<String> procs = new ArrayList<>();
      try (ResultSet rs = md.getProcedures(null, null, "%")) {
        while (rs.next()) procs.add(rs.getString("PROCEDURE_SCHEM") + "." + rs.getString("PROCEDURE_NAME"));
      }
      list(out, "procedures", procs);

      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM `" + table + "`")) {
        rs.next();
        out.append(", \"count\": ").append(rs.getLong(1));
      }
      List<String> snaps = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT snapshot_id FROM `" + table + "$snapshots` ORDER BY snapshot_id")) {
        while (rs.next()) snaps.add(Long.toString(rs.getLong(1)));
      }
      out.append(", \"snapshots\": [").append(String.join(", ", snaps)).append("]");

      // The driver's default: parameters interpolated by the client.
      rows(out, "param_rows", select(c, "SELECT * FROM `" + table + "` WHERE f2 = ? ORDER BY f0", 1));

      list(out, "nested_first", select(c, "SELECT * FROM `" + nested + "`.`" + nested + "` LIMIT 1").get(0));

      if (!call.isEmpty()) {
        try (CallableStatement cs = c.prepareCall(call)) {
          List<List<String>> res = new ArrayList<>();
          if (cs.execute()) {
            try (ResultSet rs = cs.getResultSet()) {
              res = collect(rs);
            }
          }
          rows(out, "call", res);
        }
      } else {
        field(out, "call", "skipped: no procedure to call");
      }
    }
    // Server-side prepared statements.
    try (Connection c = DriverManager.getConnection(url + "&useServerPrepStmts=true")) {
      rows(out, "prepared_rows", select(c, "SELECT * FROM `" + table + "` WHERE f2 = ? ORDER BY f0", 1));
    }
    types(out, url, typesDB);
    out.append("}");
    System.out.println(out);
  }

  // The columns of the types table and the value each prepared statement binds to them.
  static final String[] TYPE_COLUMNS = {
    "b BOOLEAN", "ti TINYINT", "si SMALLINT", "i INT", "bi BIGINT", "f FLOAT", "d DOUBLE",
    "de DECIMAL(12,3)", "s VARCHAR(20)", "c CHAR(3)", "vb VARBINARY(8)", "dt DATE", "ts DATETIME(3)",
    "ltz TIMESTAMP(6)", "txt TEXT"
  };
  static final Object[] TYPE_VALUES = {
    true, (byte) -7, (short) 30000, 2000000000, 9000000000000000001L, 1.5f, -2.25e10,
    new BigDecimal("123456789.125"), "hé, ünïcode", "abc", new byte[] {0, 1, (byte) 0xfe, 'x'},
    java.sql.Date.valueOf("2024-02-29"), Timestamp.valueOf("2024-02-29 23:59:58.123"),
    Timestamp.valueOf("1999-12-31 01:02:03.456789"), "a\nlong\ttext"
  };

  /**
   * Prepared statements with a parameter of every type, client-side (the driver's default) and
   * server-side: id 1 and 2 carry TYPE_VALUES bound with the typed setters, id 3 and 4 carry
   * setNull of every type. Each row is read back with a prepared SELECT and the typed getters;
   * "type_mismatches" lists every value that did not come back as bound (the test reads the
   * table again with another client).
   */
  static void types(StringBuilder out, String url, String typesDB) throws Exception {
    String t = "`" + typesDB + "`.`types`";
    try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
      st.execute("SET time_zone = '+00:00'");
      st.execute("CREATE DATABASE `" + typesDB + "`");
      st.execute("CREATE TABLE " + t + " (id INT PRIMARY KEY, " + String.join(", ", TYPE_COLUMNS) + ")");
    }
    List<String> mismatches = new ArrayList<>();
    String marks = "?" + ", ?".repeat(TYPE_COLUMNS.length);
    int id = 0;
    for (String mode : new String[] {"client", "server"}) {
      // The JVM runs in UTC (-Duser.timezone=UTC) and the session too, so that TIMESTAMP (local
      // time zone) values read back as bound.
      String u = url + (mode.equals("server") ? "&useServerPrepStmts=true" : "");
      try (Connection c = DriverManager.getConnection(u)) {
        try (Statement st = c.createStatement()) {
          st.execute("SET time_zone = '+00:00'");
        }
        for (boolean nulls : new boolean[] {false, true}) {
          id++;
          try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + t + " VALUES (" + marks + ")")) {
            ps.setInt(1, id);
            for (int k = 0; k < TYPE_VALUES.length; k++) bind(ps, k + 2, nulls ? null : TYPE_VALUES[k], TYPE_VALUES[k]);
            if (ps.executeUpdate() != 1) mismatches.add(mode + " insert " + id + ": update count is not 1");
          }
          try (PreparedStatement ps = c.prepareStatement("SELECT * FROM " + t + " WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
              if (!rs.next()) {
                mismatches.add(mode + " select " + id + ": no row");
                continue;
              }
              for (int k = 0; k < TYPE_VALUES.length; k++) {
                Object want = nulls ? null : TYPE_VALUES[k];
                Object got = read(rs, k + 2, TYPE_VALUES[k]);
                boolean same = want instanceof byte[] && got instanceof byte[]
                    ? Arrays.equals((byte[]) want, (byte[]) got)
                    : want instanceof BigDecimal && got instanceof BigDecimal
                        ? ((BigDecimal) want).compareTo((BigDecimal) got) == 0
                        : Objects.equals(want, got);
                if (!same) mismatches.add(mode + " id " + id + " " + TYPE_COLUMNS[k] + ": got " + show(got) + ", bound " + show(want));
              }
            }
          }
        }
      }
    }
    list(out, "type_mismatches", mismatches);
  }

  static void bind(PreparedStatement ps, int i, Object v, Object like) throws Exception {
    if (like instanceof Boolean) { if (v == null) ps.setNull(i, Types.BOOLEAN); else ps.setBoolean(i, (Boolean) v); }
    else if (like instanceof Byte) { if (v == null) ps.setNull(i, Types.TINYINT); else ps.setByte(i, (Byte) v); }
    else if (like instanceof Short) { if (v == null) ps.setNull(i, Types.SMALLINT); else ps.setShort(i, (Short) v); }
    else if (like instanceof Integer) { if (v == null) ps.setNull(i, Types.INTEGER); else ps.setInt(i, (Integer) v); }
    else if (like instanceof Long) { if (v == null) ps.setNull(i, Types.BIGINT); else ps.setLong(i, (Long) v); }
    else if (like instanceof Float) { if (v == null) ps.setNull(i, Types.FLOAT); else ps.setFloat(i, (Float) v); }
    else if (like instanceof Double) { if (v == null) ps.setNull(i, Types.DOUBLE); else ps.setDouble(i, (Double) v); }
    else if (like instanceof BigDecimal) { if (v == null) ps.setNull(i, Types.DECIMAL); else ps.setBigDecimal(i, (BigDecimal) v); }
    else if (like instanceof String) { if (v == null) ps.setNull(i, Types.VARCHAR); else ps.setString(i, (String) v); }
    else if (like instanceof byte[]) { if (v == null) ps.setNull(i, Types.VARBINARY); else ps.setBytes(i, (byte[]) v); }
    else if (like instanceof java.sql.Date) { if (v == null) ps.setNull(i, Types.DATE); else ps.setDate(i, (java.sql.Date) v); }
    else if (like instanceof Timestamp) { if (v == null) ps.setNull(i, Types.TIMESTAMP); else ps.setTimestamp(i, (Timestamp) v); }
    else throw new IllegalArgumentException("no setter for " + like.getClass());
  }

  static Object read(ResultSet rs, int i, Object like) throws Exception {
    Object v;
    if (like instanceof Boolean) v = rs.getBoolean(i);
    else if (like instanceof Byte) v = rs.getByte(i);
    else if (like instanceof Short) v = rs.getShort(i);
    else if (like instanceof Integer) v = rs.getInt(i);
    else if (like instanceof Long) v = rs.getLong(i);
    else if (like instanceof Float) v = rs.getFloat(i);
    else if (like instanceof Double) v = rs.getDouble(i);
    else if (like instanceof BigDecimal) v = rs.getBigDecimal(i);
    else if (like instanceof String) v = rs.getString(i);
    else if (like instanceof byte[]) v = rs.getBytes(i);
    else if (like instanceof java.sql.Date) v = rs.getDate(i);
    else if (like instanceof Timestamp) v = rs.getTimestamp(i);
    else throw new IllegalArgumentException("no getter for " + like.getClass());
    return rs.wasNull() ? null : v;
  }

  static String show(Object v) {
    return v instanceof byte[] ? Arrays.toString((byte[]) v) : String.valueOf(v);
  }

  static List<List<String>> select(Connection c, String sql, Object... params) throws Exception {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
      try (ResultSet rs = ps.executeQuery()) {
        return collect(rs);
      }
    }
  }

  static List<List<String>> collect(ResultSet rs) throws Exception {
    List<List<String>> res = new ArrayList<>();
    ResultSetMetaData m = rs.getMetaData();
    while (rs.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= m.getColumnCount(); i++) {
        String v = rs.getString(i);
        row.add(v == null ? "NULL" : v);
      }
      res.add(row);
    }
    return res;
  }

  static void field(StringBuilder out, String name, String value) {
    out.append(", ").append(quote(name)).append(": ").append(quote(value));
  }

  static void list(StringBuilder out, String name, List<String> values) {
    out.append(", ").append(quote(name)).append(": [");
    for (int i = 0; i < values.size(); i++) out.append(i > 0 ? ", " : "").append(quote(values.get(i)));
    out.append("]");
  }

  static void rows(StringBuilder out, String name, List<List<String>> rows) {
    out.append(", ").append(quote(name)).append(": [");
    for (int i = 0; i < rows.size(); i++) {
      out.append(i > 0 ? ", [" : "[");
      List<String> r = rows.get(i);
      for (int j = 0; j < r.size(); j++) out.append(j > 0 ? ", " : "").append(quote(r.get(j)));
      out.append("]");
    }
    out.append("]");
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        default:
          if (ch < 0x20) b.append(String.format("\\u%04x", (int) ch)); else b.append(ch);
      }
    }
    return b.append("\"").toString();
  }
}
