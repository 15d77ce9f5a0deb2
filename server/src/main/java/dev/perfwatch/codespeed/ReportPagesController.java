package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Locale;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.system.NotFoundException;

/**
 * The two Codespeed pages Flink's regression scripts scrape before they read timelines: {@code /reports} (a link
 * {@code /changes/?rev=<commitid>&exe=<id>&env=<name>} per executable's latest revision, which the script finds
 * with {@code ([a-z]+)=([a-z0-9\-]+)}) and {@code /changes/table/} (a row {@code <td title="<description>">name</td>}
 * per benchmark measured at a revision). Only that markup is Codespeed's; the change and trend columns are not
 * computed.
 */
@RestController
class ReportPagesController {

    private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);

    /** Codespeed's {@code Revision.__unicode__} date: "Mar 16, 02:05". */
    private static final DateTimeFormatter REVISION_DATE = DateTimeFormatter.ofPattern("MMM dd, HH:mm", Locale.ENGLISH)
        .withZone(ZoneOffset.UTC);

    private final ReportQueries queries;

    private final CodespeedStore store;

    ReportPagesController(ReportQueries queries, CodespeedStore store) {
        this.queries = queries;
        this.store = store;
    }

    @GetMapping({ "/reports", "/reports/" })
    ResponseEntity<String> reports() {
        StringBuilder html = new StringBuilder("""
                <!DOCTYPE html>
                <html><head><meta charset="utf-8"><title>Reports</title></head><body>
                <table class="reports">
                    <caption>Latest Results</caption>
                    <tbody>
                """);
        for (ReportQueries.Latest latest : queries.latest()) {
            String url = "/changes/?rev=" + latest.commitid() + "&exe=" + latest.executable() + "&env="
                    + latest.environment();
            html.append("  <tr class=\"status-none\">\n        <td><label title=\"lessisbetter\" style=\"display:none;\">")
                .append(HtmlUtils.htmlEscape(url))
                .append("</label>")
                .append(HtmlUtils.htmlEscape(REVISION_DATE.format(latest.date()) + " - " + latest.commitid()))
                .append("</td><td>")
                .append(HtmlUtils.htmlEscape(latest.executableName() + "@" + latest.environment()))
                .append("</td>\n        <td class=\"summary\"></td>\n    </tr>\n");
        }
        html.append("    </tbody>\n</table>\n</body></html>\n");
        return ResponseEntity.ok().contentType(HTML).body(html.toString());
    }

    /** As in Codespeed: an unknown executable, environment or revision, or no trend depth, is a 404. */
    @GetMapping({ "/changes/table", "/changes/table/" })
    ResponseEntity<String> changesTable(@RequestParam(required = false) String exe,
            @RequestParam(required = false) String env, @RequestParam(required = false) String tre,
            @RequestParam(required = false) String rev) {
        Executable executable = id(exe).flatMap(store::executable)
            .orElseThrow(() -> new NotFoundException("no executable " + exe));
        Environment environment = id(env).flatMap(store::environment)
            .orElseThrow(() -> new NotFoundException("no environment " + env));
        if (id(tre).isEmpty()) {
            throw new NotFoundException("tre must be a number of revisions");
        }
        if (rev == null || !queries.revisionExists(executable.projectId(), rev)) {
            throw new NotFoundException("no revision " + rev);
        }
        List<ReportQueries.Row> rows = queries.rows(executable, environment, rev);
        if (rows.isEmpty()) {
            return ResponseEntity.ok().contentType(HTML).body("<table id=\"results\" class=\"tablesorter\" "
                    + "style=\"height: 232px;\"></table><p class=\"errormessage\">No results for this parameters</p>");
        }
        StringBuilder html = new StringBuilder("<div class=\"leftcolumn\">\n");
        // As Codespeed's changes_table.html: a table per units title, in the order Codespeed's SELECT DISTINCT finds
        // them (their first benchmark), rows by name within it (dictsort); values with the table's precision.
        Map<Long, List<ReportQueries.Row>> groups = new TreeMap<>();
        rows.forEach(row -> groups.computeIfAbsent(row.group(), g -> new ArrayList<>()).add(row));
        for (List<ReportQueries.Row> group : groups.values()) {
            group.sort(Comparator.comparing(ReportQueries.Row::benchmark));
            ReportQueries.Row first = group.get(0);
            boolean hasStdDev = group.stream().anyMatch(row -> row.stdDev() != null);
            int digits = precision(group);
            html.append("<table class=\"tablesorter\" data-lessisbetter=\"")
                .append(first.lessisbetter() ? "True" : "False")
                .append("\">\n<thead>\n  <tr>\n    <th>Benchmark</th>\n    <th>")
                .append(HtmlUtils.htmlEscape(first.unitsTitle() + " in " + first.units()))
                .append("</th>\n")
                .append(hasStdDev ? "    <th>Std dev</th>\n" : "")
                .append("    <th title=\"Current change\">Change</th>\n    <th title=\"Trend for the last ")
                .append(tre)
                .append(" revisions\">Trend</th>\n  </tr>\n</thead>\n<tbody>\n");
            for (ReportQueries.Row row : group) {
                html.append("  <tr>\n    <td title=\"")
                    .append(HtmlUtils.htmlEscape(row.description()))
                    .append("\">")
                    .append(HtmlUtils.htmlEscape(row.benchmark()))
                    .append("</td>\n    <td>")
                    .append(floatformat(row.value(), digits))
                    .append("</td>\n");
                if (hasStdDev) {
                    html.append("    <td>").append(row.stdDev() == null ? "-" : floatformat(row.stdDev(), digits))
                        .append("</td>\n");
                }
                html.append("    <td>-</td>\n    <td>-</td>\n  </tr>\n");
            }
            html.append("</tbody>\n</table>\n");
        }
        html.append("</div>\n");
        return ResponseEntity.ok().contentType(HTML).body(html.toString());
    }

    /** Codespeed's significant digits: 2, plus one per power of ten the smallest non-zero value is below 1. */
    private static int precision(List<ReportQueries.Row> group) {
        double smallest = 1000;
        for (ReportQueries.Row row : group) {
            if (row.value() < smallest && row.value() != 0) {
                smallest = row.value();
            }
        }
        int digits = 2;
        while (smallest < 1 && digits < 20) {
            smallest *= 10;
            digits++;
        }
        return digits;
    }

    /** Django's floatformat: the value's shortest decimal form rounded half up. */
    private static String floatformat(double value, int digits) {
        if (!Double.isFinite(value)) {
            return Double.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
        }
        return new BigDecimal(Double.toString(value)).setScale(digits, RoundingMode.HALF_UP).toPlainString();
    }

    private static java.util.Optional<Long> id(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(Character::isDigit)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Long.parseLong(text));
    }
}
