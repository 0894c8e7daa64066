// Writes the Access databases the access.spec.ts reads (no JavaScript library writes them):
//   CP=$(mvn dependency:build-classpath …) # jackcess 4.0.8, commons-lang3, commons-logging
//   java -cp "$CP" MakeAccess.java staff.mdb V2000 && java -cp "$CP" MakeAccess.java staff.accdb V2010
// The files are committed gzipped beside this source (gzip -9 staff.mdb staff.accdb); rerun it only to change them.
import com.healthmarketscience.jackcess.*;
import java.io.File;
import java.math.BigDecimal;
import java.time.LocalDateTime;

public class MakeAccess {
  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    out.delete();
    try (Database db = new DatabaseBuilder(out).setFileFormat(Database.FileFormat.valueOf(args[1])).create()) {
      Table staff = new TableBuilder("Staff")
          .addColumn(new ColumnBuilder("Name", DataType.TEXT))
          .addColumn(new ColumnBuilder("SSN", DataType.TEXT))
          .addColumn(new ColumnBuilder("Born", DataType.SHORT_DATE_TIME))
          .addColumn(new ColumnBuilder("Salary", DataType.MONEY))
          .addColumn(new ColumnBuilder("Notes", DataType.MEMO))
          .toTable(db);
      staff.addRow("Tiara Gislason", "536-22-8726", LocalDateTime.of(1985, 3, 14, 0, 0), new BigDecimal("52000.00"), "call jane.roe@example.org");
      staff.addRow("Ben Okafor", "078-05-1120", LocalDateTime.of(1979, 11, 2, 0, 0), new BigDecimal("61000.50"), null);
      Table orders = new TableBuilder("Orders")
          .addColumn(new ColumnBuilder("OrderNo", DataType.LONG))
          .addColumn(new ColumnBuilder("Card", DataType.TEXT))
          .toTable(db);
      orders.addRow(1001, "4111 1111 1111 1111");
    }
  }
}
