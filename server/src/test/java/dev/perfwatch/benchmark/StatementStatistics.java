package dev.perfwatch.benchmark;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code pg_stat_statements} on a benchmark's embedded PostgreSQL (ImportStatements, IngestStatements): asked for at
 * a first start (it is loaded at PostgreSQL's start only), then each statement's calls, planning, execution and WAL
 * per run printed as a table, nested statements (a trigger's) marked and left out of the totals.
 */
final class StatementStatistics {

    private StatementStatistics() {
    }

    /** Asks the server's PostgreSQL to load pg_stat_statements at its next start; {@code nested}: a trigger's too. */
    static void preload(ConfigurableApplicationContext server, Path dir, boolean nested) throws Exception {
        try (Connection superuser = superuser(server, dir); Statement sql = superuser.createStatement()) {
            sql.execute("alter system set shared_preload_libraries = 'pg_stat_statements'");
            sql.execute("alter system set pg_stat_statements.track_planning = on");
            if (nested) {
                sql.execute("alter system set pg_stat_statements.track = 'all'");
            }
            sql.execute("alter system set pg_stat_statements.max = 10000");
        }
    }

    /** The database's superuser, on the server's database. */
    static Connection superuser(ConfigurableApplicationContext server, Path dir) throws Exception {
        Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(dir.resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        String url = server.getBean(HikariDataSource.class).getJdbcUrl();
        return DriverManager.getConnection(url, "postgres", credentials.getProperty("postgres"));
    }

    /** Transactions committed in the database so far. */
    static long commits(Statement sql) throws Exception {
        try (ResultSet rs = sql.executeQuery(
                "select xact_commit from pg_stat_database where datname = current_database()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Every statement since the last reset, per run of {@code runs}, costliest first; then the top-level totals. */
    static void print(Statement sql, int runs) throws Exception {
        System.out.printf("%8s %8s %8s %8s %8s %8s  %s%n", "calls/run", "plan ms", "exec ms", "ms/run", "rows/call",
                "WAL kB/run", "statement");
        double calls = 0;
        double total = 0;
        try (ResultSet rs = sql.executeQuery("""
                select calls, total_plan_time, total_exec_time, rows, plans, wal_bytes, toplevel,
                       regexp_replace(query, '\\s+', ' ', 'g') as query
                from pg_stat_statements
                where query not like '%pg_stat_statements%' and query not like '%pg_stat_database%'
                  and query not like 'select count(*) from detection_task'
                order by total_plan_time + total_exec_time desc
                """)) {
            while (rs.next()) {
                long n = rs.getLong("calls");
                double plan = rs.getDouble("total_plan_time");
                double exec = rs.getDouble("total_exec_time");
                if (rs.getBoolean("toplevel")) {
                    calls += n;
                    total += plan + exec;
                }
                String query = (rs.getBoolean("toplevel") ? "" : "[nested] ") + rs.getString("query");
                System.out.printf("%8.2f %8.3f %8.3f %8.3f %8.1f %8.1f  %s%n", n / (double) runs,
                        rs.getLong("plans") == 0 ? 0 : plan / rs.getLong("plans"), exec / n, (plan + exec) / runs,
                        rs.getLong("rows") / (double) n, rs.getDouble("wal_bytes") / 1024 / runs,
                        query.length() > 170 ? query.substring(0, 170) : query);
            }
        }
        System.out.printf("STATEMENTS per run: %.1f top-level calls, %.2f ms planning and executing%n", calls / runs,
                total / runs);
    }
}
