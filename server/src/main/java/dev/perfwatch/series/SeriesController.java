package dev.perfwatch.series;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.ServletWebRequest;

import dev.perfwatch.pipeline.PipelineProperties;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** The read API: what is tracked, and the points of one series in commit order. */
@RestController
@RequestMapping("/api/v1")
class SeriesController {

    static final int MAX_POINTS = 100_000;

    static final int MAX_BUCKETS = 10_000;

    /** The {@code form} of a points read that answers columns (PointColumns) instead of a list of points. */
    static final String COLUMNS = "columns";

    /**
     * Columns of more points than this are streamed in chunks, without an ETag: a whole body is ~250 bytes a point,
     * and 100,000 points held per request would be 25 MB of heap each.
     */
    static final int WHOLE_BODY_POINTS = 20_000;

    private final SeriesQueries queries;

    private final PointRange ranges;

    private final SeriesOverview overview;

    private final JsonMapper json;

    private final ReadCache cache;

    /** Which series detection works on, for {@link #judging}. */
    private final PipelineProperties pipeline;

    /** What a held answer costs besides its bytes (its key, entry and arrays' headers), about. */
    private static final long OVERHEAD = 512;

    SeriesController(SeriesQueries queries, PointRange ranges, SeriesOverview overview, JsonMapper json,
            ReadCache cache, PipelineProperties pipeline) {
        this.pipeline = pipeline;
        this.queries = queries;
        this.json = json;
        this.ranges = ranges;
        this.overview = overview;
        this.cache = cache;
    }

    /** What a columns answer is held by in {@link ReadCache}: everything that chooses its bytes. */
    private record ColumnsKey(long series, int limit, Instant since, BigDecimal from, BigDecimal to,
            Set<PointFields> fields) {
    }

    /** A held answer (columns, an overview) and its tag (computed once). */
    private record HeldColumns(HeldBody body, String etag) {
    }

    /** What an overview is held by in {@link ReadCache}. */
    private record OverviewKey(long series, int buckets, BigDecimal from, BigDecimal to) {
    }

    @GetMapping("/projects")
    List<SeriesViews.Project> projects() {
        return queries.projects();
    }

    /** How far detection has come with a project's series ({@link SeriesViews.Judging}). */
    @GetMapping("/judging")
    SeriesViews.Judging judging(@RequestParam String project) {
        return queries.judging(projectId(project), project, pipeline.quietMetrics(), pipeline.trackedBranches());
    }

    @GetMapping("/benchmarks")
    List<SeriesViews.Benchmark> benchmarks(@RequestParam String project) {
        return queries.benchmarks(projectId(project));
    }

    @GetMapping("/series")
    List<SeriesViews.Series> series(@RequestParam String project, @RequestParam(required = false) String benchmark,
            @RequestParam(required = false) String metric, @RequestParam(required = false) String hostClass,
            @RequestParam(required = false) String branch) {
        return queries.series(projectId(project), benchmark, metric, hostClass, branch);
    }

    @GetMapping("/series/{id}")
    SeriesViews.Series one(@PathVariable long id) {
        return queries.series(id).orElseThrow(() -> new NotFoundException("no series " + id));
    }

    /**
     * The points, written one by one (see {@link PointsJson}); every check happens before the first byte, so a
     * refused read is still a problem document. {@code form=columns} answers the same points as {@link PointColumns}.
     */
    @GetMapping(path = "/series/{id}/points", produces = MediaType.APPLICATION_JSON_VALUE)
    @ApiResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
            array = @ArraySchema(schema = @Schema(implementation = SeriesViews.Point.class))))
    void points(@PathVariable long id, @RequestParam(defaultValue = "10000") int limit,
            @RequestParam(required = false) Instant since, @RequestParam(required = false) String from,
            @RequestParam(required = false) String to,
            @Parameter(description = "columns: one array per field, each commit and author once (what the timeline "
                    + "reads; answers 304 to If-None-Match); absent: a list of points",
                    schema = @Schema(allowableValues = "columns")) @RequestParam(required = false) String form,
            @Parameter(description = "with form=columns: the per-point columns to write, comma-separated (score, "
                    + "error, ciLower, ciUpper, run, recordedAt, noisy, noiseReason); absent: all of them")
            @RequestParam(required = false) String fields,
            HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (form != null && !COLUMNS.equals(form)) {
            throw new InvalidInputException("form", "form must be columns, or absent for a list of points");
        }
        if (fields != null && form == null) {
            throw new InvalidInputException("fields", "fields chooses the columns of form=columns; the list form "
                    + "writes every field");
        }
        Set<PointFields> written = PointFields.parse(fields);
        PointRange.Positions range = checkedRange(id, limit, from, to);
        if (form != null) {
            // the series' version before its points (ReadCache): a run stored in between makes the next read miss
            long version = range.empty() ? 0 : queries.version(id);
            ColumnsKey key = new ColumnsKey(id, limit, since, range.from(), range.to(), written);
            HeldColumns held = version > 0 ? (HeldColumns) cache.get(key, version) : null;
            if (held == null) {
                SeriesQueries.Columns columns = range.empty()
                        ? new SeriesQueries.Columns(new PointColumns(0), Map.of())
                        : queries.columns(id, limit, since, range);
                if (columns.points().size() == 0) {
                    one(id);
                }
                response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                if (columns.points().size() > WHOLE_BODY_POINTS) {
                    PointColumnsJson.write(columns.points(), columns.commits(), written, json,
                            response.getOutputStream());
                    return;
                }
                HeldBody body = new HeldBody();
                PointColumnsJson.write(columns.points(), columns.commits(), written, json, body);
                held = new HeldColumns(body, body.etag());
                if (version > 0 && columns.commits().values().stream().allMatch(SeriesController::complete)) {
                    cache.put(key, version, new HeldColumns(body.trim(), held.etag()), body.size() + OVERHEAD);
                }
            }
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            if (new ServletWebRequest(request, response).checkNotModified(held.etag())) {
                return; // 304: the client holds these very bytes
            }
            response.setContentLength(held.body().size());
            held.body().writeTo(response.getOutputStream());
            return;
        }
        List<SeriesViews.Point> points = range.empty() ? List.of() : queries.points(id, limit, since, range);
        if (points.isEmpty()) {
            one(id);
        }
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        try (JsonGenerator out = json.createGenerator(response.getOutputStream())) {
            out.writeStartArray();
            for (SeriesViews.Point point : points) {
                PointsJson.write(point, out);
            }
            out.writeEndArray();
        }
    }

    private PointRange.Positions checkedRange(long id, int limit, String from, String to) {
        if (limit < 1 || limit > MAX_POINTS) {
            throw new InvalidInputException("limit", "limit must be between 1 and " + MAX_POINTS);
        }
        if ((from == null || from.isBlank()) && (to == null || to.isBlank())) {
            // a read of points proves its series exists; only a read of none asks (one(id) after it): a statement
            // less per read (docs/performance.md, "Over HTTP")
            return PointRange.Positions.ALL;
        }
        one(id);
        return ranges.resolve(id, from, to);
    }

    /**
     * A whole history at a chart's width: at most {@code buckets} min/max/mean buckets of consecutive points, or
     * the points themselves when the range holds no more than that (a zoom far enough in).
     */
    @GetMapping(path = "/series/{id}/points", params = "buckets", produces = MediaType.APPLICATION_JSON_VALUE)
    @ApiResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
            schema = @Schema(implementation = SeriesOverview.Overview.class)))
    void overview(@PathVariable long id, @RequestParam int buckets, @RequestParam(required = false) String from,
            @RequestParam(required = false) String to, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        HeldColumns held = overview(id, buckets, from, to);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        if (new ServletWebRequest(request, response).checkNotModified(held.etag())) {
            return; // 304: the client holds these very bytes
        }
        response.setContentLength(held.body().size());
        held.body().writeTo(response.getOutputStream());
    }

    /**
     * The overview's JSON, held whole: from ReadCache while the series has as many results as when it was written
     * (written by the mapper each time, its 2,000 buckets' times cost more CPU than sending the held bytes).
     */
    private HeldColumns overview(long id, int buckets, String from, String to) {
        if (buckets < 1 || buckets > MAX_BUCKETS) {
            throw new InvalidInputException("buckets", "buckets must be between 1 and " + MAX_BUCKETS);
        }
        // the series' version before anything of it is read (ReadCache); a series with results exists
        long version = queries.version(id);
        if (version == 0) {
            one(id);
        }
        PointRange.Positions range = ranges.resolve(id, from, to);
        OverviewKey key = new OverviewKey(id, buckets, range.from(), range.to());
        if (version > 0 && !range.empty() && cache.get(key, version) instanceof HeldColumns held) {
            return held;
        }
        SeriesOverview.Extent extent = range.empty() ? new SeriesOverview.Extent(0, false, 0)
                : overview.extent(id, range);
        long total = extent.total();
        SeriesOverview.Overview answer;
        if (total <= buckets) {
            List<SeriesViews.Point> points = total == 0 ? List.of() : queries.points(id, buckets, null, range);
            answer = new SeriesOverview.Overview(id, total, false, List.of(), points);
        }
        else {
            answer = new SeriesOverview.Overview(id, total, true, overview.buckets(id, range, extent, buckets),
                    List.of());
        }
        HeldBody body = new HeldBody();
        json.writeValue(body, answer);
        HeldColumns held = new HeldColumns(body, body.etag());
        // an edge's commit without a time may be given one by a later upload: such an answer is not held
        if (version > 0 && !range.empty()
                && answer.buckets().stream().allMatch(b -> fixed(b.first()) && fixed(b.last()))
                && answer.points().stream().allMatch(p -> complete(p.commit()))) {
            cache.put(key, version, new HeldColumns(body.trim(), held.etag()), body.size() + OVERHEAD);
        }
        return held;
    }

    /**
     * A commit as a read shows it that no later upload changes: ingest fills a commit's missing time, author or
     * message but never changes one it has (CommitCache keeps only these, too).
     */
    private static boolean complete(SeriesViews.Commit commit) {
        return commit != null && commit.time() != null && commit.author() != null && commit.message() != null;
    }

    private static boolean fixed(SeriesOverview.Edge edge) {
        return edge != null && edge.time() != null;
    }

    @GetMapping(path = "/series/{id}/points", produces = "text/csv")
    void pointsCsv(@PathVariable long id, @RequestParam(defaultValue = "10000") int limit,
            @RequestParam(required = false) Instant since, @RequestParam(required = false) String from,
            @RequestParam(required = false) String to, HttpServletResponse response) throws IOException {
        PointRange.Positions range = checkedRange(id, limit, from, to);
        List<SeriesViews.Point> points = range.empty() ? List.of() : queries.points(id, limit, since, range);
        if (points.isEmpty()) {
            one(id);
        }
        response.setContentType("text/csv;charset=UTF-8");
        Writer out = response.getWriter();
        out.write("sha,time,author,message,score,error,ci_lower,ci_upper,run\n");
        for (SeriesViews.Point point : points) {
            out.write(String.join(",", point.commit().sha(), text(point.commit().time()),
                    csv(point.commit().author()), csv(point.commit().message()), text(point.score()),
                    text(point.error()), text(point.ciLower()), text(point.ciUpper()), point.run().toString()));
            out.write('\n');
        }
    }

    private long projectId(String name) {
        return queries.projectId(name).orElseThrow(() -> new NotFoundException("no project " + name));
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    /** RFC 4180 quoting. */
    private static String csv(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
