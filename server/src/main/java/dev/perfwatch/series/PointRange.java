package dev.perfwatch.series;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import dev.perfwatch.system.InvalidInputException;

/**
 * The {@code from}/{@code to} of a points read, turned into positions on the series' branch so that the read is one
 * index range scan over {@code result (series_id, position)}: a commit (full sha or a unique prefix of at least 7 hex
 * digits) stands for its own position; a time for the first commit made at or after it ({@code from}) or the last
 * made at or before it ({@code to}), found through {@code commit (project_id, time)}.
 */
@Component
class PointRange {

    private static final Pattern SHA = Pattern.compile("[0-9a-fA-F]{7,64}");

    private final JdbcClient jdbc;

    PointRange(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Positions from and to, both inclusive; null means open on that side.
     *
     * @param empty no commit of the branch falls in the range
     */
    record Positions(BigDecimal from, BigDecimal to, boolean empty) {

        static final Positions ALL = new Positions(null, null, false);
    }

    Positions resolve(long series, String from, String to) {
        if (blank(from) && blank(to)) {
            return Positions.ALL;
        }
        long[] owner = jdbc.sql("select project_id, branch_id from series where id = :series")
            .param("series", series)
            .query((rs, row) -> new long[] { rs.getLong(1), rs.getLong(2) })
            .single();
        BigDecimal lower = null;
        BigDecimal upper = null;
        boolean empty = false;
        if (!blank(from)) {
            lower = position(owner[0], owner[1], "from", from.strip(), true);
            empty = lower == null;
        }
        if (!blank(to)) {
            upper = position(owner[0], owner[1], "to", to.strip(), false);
            empty |= upper == null;
        }
        return new Positions(lower, upper, empty || (lower != null && upper != null && lower.compareTo(upper) > 0));
    }

    private BigDecimal position(long project, long branch, String field, String value, boolean from) {
        if (SHA.matcher(value).matches()) {
            String prefix = value.toLowerCase(Locale.ROOT);
            List<BigDecimal> positions = jdbc.sql("""
                    select bc.position
                    from commit c join branch_commit bc on bc.commit_id = c.id and bc.branch_id = :branch
                    where c.project_id = :project and c.sha >= :prefix and c.sha <= :prefix || 'g'
                      and left(c.sha, length(:prefix)) = :prefix
                    limit 2
                    """)
                .param("branch", branch)
                .param("project", project)
                .param("prefix", prefix)
                .query(BigDecimal.class)
                .list();
            if (positions.size() != 1) {
                String problem = positions.isEmpty() ? " is no commit of the series' branch" : " names more than one commit";
                throw new InvalidInputException(field, field + " " + value + problem);
            }
            return positions.get(0);
        }
        Instant time;
        try {
            time = Instant.parse(value);
        }
        catch (DateTimeParseException ex) {
            throw new InvalidInputException(field,
                    field + " must be a commit sha (7 to 64 hex digits) or an ISO-8601 time, not " + value);
        }
        return jdbc.sql(from ? """
                select bc.position
                from commit c join branch_commit bc on bc.commit_id = c.id and bc.branch_id = :branch
                where c.project_id = :project and c.time >= :time
                order by c.time, bc.position
                limit 1
                """ : """
                select bc.position
                from commit c join branch_commit bc on bc.commit_id = c.id and bc.branch_id = :branch
                where c.project_id = :project and c.time <= :time
                order by c.time desc, bc.position desc
                limit 1
                """)
            .param("branch", branch)
            .param("project", project)
            .param("time", Timestamp.from(time))
            .query(BigDecimal.class)
            .optional()
            .orElse(null);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
