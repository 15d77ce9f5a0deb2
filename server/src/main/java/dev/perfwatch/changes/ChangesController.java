package dev.perfwatch.changes;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.pipeline.PipelineProperties;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * Codespeed's changes view as an API: for one environment and commit, every case's change against its previous
 * result and against the trend of the results before it, judged by their errors (docs/changes.md).
 */
@RestController
@RequestMapping("/api/v1")
class ChangesController {

    static final int DEFAULT_TREND = 10;

    static final int MAX_TREND = 1000;

    private final ChangeQueries queries;

    private final NeighbourCommits neighbours;

    /** The metrics measured in their unit near zero (B/op) and their resolution, as detection has them. */
    private final PipelineProperties pipeline;

    ChangesController(ChangeQueries queries, NeighbourCommits neighbours, PipelineProperties pipeline) {
        this.queries = queries;
        this.neighbours = neighbours;
        this.pipeline = pipeline;
    }

    /**
     * Without environment, the branch's first environment; without commit, the newest commit measured there;
     * metric {@code all} lists every metric, the default is the primary score.
     */
    @GetMapping("/changes")
    ChangeViews.Changes changes(@RequestParam String project, @RequestParam(required = false) String branch,
            @RequestParam(required = false) Long environment, @RequestParam(required = false) String commit,
            @RequestParam(defaultValue = "" + DEFAULT_TREND) int trend,
            @RequestParam(defaultValue = "primary") String metric) {
        if (trend < 1 || trend > MAX_TREND) {
            throw new InvalidInputException("trend", "trend must be between 1 and " + MAX_TREND);
        }
        if (commit != null && !commit.matches("[0-9a-fA-F]{7,64}")) {
            throw new InvalidInputException("commit", "commit must be a sha or its first 7 or more characters");
        }
        ChangeQueries.Branch found = queries.branch(project, branch)
            .orElseThrow(() -> queries.projectExists(project)
                    ? new NotFoundException("project " + project + " has no branch " + branch)
                    : new NotFoundException("no project " + project));
        List<ChangeViews.Environment> environments = queries.environments(found.id());
        if (environments.isEmpty()) {
            throw new NotFoundException("branch " + found.name() + " of " + project + " has no results yet");
        }
        ChangeViews.Environment chosen = environment == null ? environments.get(0) : environments.stream()
            .filter(e -> e.id() == environment)
            .findFirst()
            .orElseThrow(() -> new NotFoundException("branch " + found.name() + " of " + project
                    + " has no results in environment " + environment));
        ChangeQueries.Placed at = commit == null ? newest(found, chosen) : placed(found, commit);
        String metricFilter = "all".equals(metric) ? null : metric;
        List<ChangeViews.Row> rows = queries.measured(found.id(), chosen.id(), at, metricFilter, trend)
            .stream()
            .map(this::row)
            .toList();
        ChangeViews.Commit previous = neighbours.neighbour(found.id(), chosen.id(), at.position(), true)
            .map(ChangeQueries.Placed::commit).orElse(null);
        ChangeViews.Commit next = neighbours.neighbour(found.id(), chosen.id(), at.position(), false)
            .map(ChangeQueries.Placed::commit).orElse(null);
        return new ChangeViews.Changes(found.project(), found.name(), chosen, at.commit(), previous, next, trend,
                metric, rows, environments);
    }

    private ChangeQueries.Placed newest(ChangeQueries.Branch branch, ChangeViews.Environment environment) {
        return neighbours.neighbour(branch.id(), environment.id(), null, true)
            .orElseThrow(() -> new NotFoundException("no results in environment " + environment.id()));
    }

    private ChangeQueries.Placed placed(ChangeQueries.Branch branch, String sha) {
        List<ChangeQueries.Placed> commits = queries.commits(branch.id(), sha.toLowerCase(java.util.Locale.ROOT));
        if (commits.isEmpty()) {
            throw new NotFoundException("no commit " + sha + " on branch " + branch.name() + " of "
                    + branch.project());
        }
        if (commits.size() > 1) {
            throw new InvalidInputException("commit", "commit " + sha + " names more than one commit: give more of it");
        }
        return commits.get(0);
    }

    private ChangeViews.Row row(ChangeQueries.Measured m) {
        String direction = m.metric().direction();
        ChangeViews.Previous previous = null;
        if (m.previousScore() != null) {
            Significance.Judged judged = Significance.versusPrevious(m.score(), m.error(), m.previousScore(),
                    m.previousError(), m.noise(), m.noiseInUnit(), pipeline.resolution(m.metric().name()),
                    m.trendPoints(), m.trendSpread());
            Double z = m.notJudged() ? null : judged.z();
            previous = new ChangeViews.Previous(m.previousSha(), m.previousScore(), m.previousError(),
                    Significance.change(m.score(), m.previousScore()), z, verdict(m, z, direction),
                    m.notJudged() ? null : judged.basis());
        }
        ChangeViews.Trend trend = null;
        if (m.trendPoints() > 0 && m.trendMean() != null) {
            Double z = m.notJudged() ? null
                    : Significance.versusTrend(m.score(), m.error(), m.trendPoints(), m.trendMean(), m.trendSpread(),
                            pipeline.resolution(m.metric().name()));
            trend = new ChangeViews.Trend(m.trendPoints(), m.trendMean(), m.trendSpread(),
                    Significance.change(m.score(), m.trendMean()), z, verdict(m, z, direction));
        }
        return new ChangeViews.Row(m.series(), m.benchmark(), m.benchmarkCase(), m.metric(), m.score(), m.error(),
                previous, trend, m.noisyReason());
    }

    /** "not-judged" when either result was measured on a noisy host, as detection leaves such runs out. */
    private static String verdict(ChangeQueries.Measured m, Double z, String direction) {
        return m.notJudged() ? Significance.NOT_JUDGED : Significance.verdict(z, direction);
    }
}
