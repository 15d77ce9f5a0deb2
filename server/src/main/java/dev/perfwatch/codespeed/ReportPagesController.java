package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
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
        StringBuilder html = new StringBuilder("""
                <div class="leftcolumn">
                <table class="tablesorter">
                <thead>
                  <tr>
                    <th>Benchmark</th>
                    <th>Result</th>
                    <th>Std dev</th>
                  </tr>
                </thead>
                <tbody>
                """);
        for (ReportQueries.Row row : rows) {
            html.append("  <tr>\n    <td title=\"")
                .append(HtmlUtils.htmlEscape(row.description()))
                .append("\">")
                .append(HtmlUtils.htmlEscape(row.benchmark()))
                .append("</td>\n    <td>")
                .append(row.value())
                .append("</td>\n    <td>")
                .append(row.stdDev() == null ? "-" : row.stdDev())
                .append("</td>\n  </tr>\n");
        }
        html.append("</tbody>\n</table>\n</div>\n");
        return ResponseEntity.ok().contentType(HTML).body(html.toString());
    }

    private static java.util.Optional<Long> id(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(Character::isDigit)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Long.parseLong(text));
    }
}
