package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A late run's series is replayed from the late commit on, starting from the change points reported before it
 * (pipeline/Redetection), instead of over its whole history: given what the replay of the history before that commit
 * reported, the replay from there reports what the whole replay reports after it, change point for change point.
 */
class ReplayFromTest {

    @Test
    void replayingFromACommitWithWhatWasReportedBeforeItReportsWhatTheWholeReplayDoes() {
        Random random = new Random(5);
        int compared = 0;
        for (int trial = 0; trial < 40; trial++) {
            Series series = series(random, 60 + random.nextInt(60));
            List<Replay.Report> whole = new Replay(new Detector()).run(series);
            int newest = series.points().get(series.points().size() - 1).index();
            for (int from : new int[] { newest, newest - 3, 15 + random.nextInt(newest - 15),
                15 + random.nextInt(newest - 15), 15 + random.nextInt(newest - 15) }) {
                // What the pipeline had stored when the late run came: the replay of the history before it.
                int late = from;
                Series earlier = new Series(series.name(), series.better(),
                        series.points().stream().filter(p -> p.index() < late).toList());
                List<Replay.Report> before = new ArrayList<>();
                for (Replay.Report report : new Replay(new Detector()).run(earlier)) {
                    before.add(Replay.reportedBefore(new Tracker.Known(report.named(), standing(report))));
                }
                List<Replay.Report> tail = new Replay(new Detector()).run(series, from, before);
                assertThat(reportedFrom(tail, from)).as("trial %d, from commit %d", trial, from)
                    .isEqualTo(reportedFrom(whole, from));
                compared += reportedFrom(whole, from).size();
            }
        }
        assertThat(compared).as("change points reported after the late commit, compared").isGreaterThan(20);
    }

    /** The first report of each change point at or after {@code from}: where, which way, and what became of it. */
    private static List<String> reportedFrom(List<Replay.Report> reports, int from) {
        return reports.stream().filter(r -> r.reportedAt() >= from)
            .map(r -> r.named().index() + " " + r.named().direction() + " " + r.status())
            .sorted()
            .toList();
    }

    private static Tracker.Standing standing(Replay.Report report) {
        return switch (report.status()) {
            case ALERTED, CONFIRMED -> Tracker.Standing.ALERTED;
            case RESOLVED -> Tracker.Standing.KEPT;
            case HISTORICAL -> Tracker.Standing.HISTORICAL;
            case TRANSIENT -> Tracker.Standing.VOID;
            case MODE_CHANGE -> Tracker.Standing.MODE;
            case DISMISSED -> Tracker.Standing.DISMISSED;
        };
    }

    /** 1% noise, a step of 5-15% somewhere, sometimes a second one back, sometimes an outlier. */
    private static Series series(Random random, int n) {
        List<Point> points = new ArrayList<>();
        int step = 10 + random.nextInt(n - 10);
        int back = random.nextBoolean() ? step + 5 + random.nextInt(30) : Integer.MAX_VALUE;
        double size = (random.nextBoolean() ? 1 : -1) * (0.05 + random.nextDouble() * 0.1);
        for (int i = 0; i < n; i++) {
            double level = 100 * (1 + (i >= step && i < back ? size : 0));
            double value = level * (1 + 0.01 * random.nextGaussian()) * (random.nextInt(50) == 0 ? 1.3 : 1);
            points.add(Point.of(i, value));
        }
        return new Series("replay-from", Better.HIGHER, points);
    }
}
