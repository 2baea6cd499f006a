import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * paimon-sql client check over JDBC (MariaDB Connector/J, Debian's libmariadb-java).
 *
 * <p>Usage: java -cp mariadb-java-client.jar:. JdbcClient HOST PORT DB TABLE NESTED_DB [CALL]
 *
 * <p>Prints one JSON document (see tests/clients_test.go).
 */
public class JdbcClient {
  public static void main(String[] args) throws Exception {
    String host = args[0], port = args[1], db = args[2], table = args[3], nested = args[4];
    String call = args.length > 5 ? args[5] : "";
    StringBuilder out = new StringBuilder("{\"client\": \"jdbc\"");
    String url = "jdbc:mariadb://" + host + ":" + port + "/" + db + "?user=root&password=";
    try (Connection c = DriverManager.getConnection(url)) {
      DatabaseMetaData md = c.getMetaData();
      field(out, "product", md.getDatabaseProductName() + " " + md.getDatabaseProductVersion());

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
    out.append("}");
    System.out.println(out);
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
