package dev.perfwatch.detection.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeersTest {

    /** 40 runs at 100 (±0.5), then 10 runs at 110: a 10% step at index 40. */
    private static Labelled step(Better better) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            double wiggle = (i % 3 - 1) * 0.5;
            points.add(Point.of(i, (i < 40 ? 100 : 110) + wiggle, 0.5));
        }
        return new Labelled(new Series("step", better, points), List.of(40), "test", 0.1);
    }

    @Test
    void codespeedWhenTheNewestRunIsThreePercentWorseAlertsOnIt() {
        assertThat(new CodespeedRule().replay(step(Better.LOWER))).extracting(Alert::index).containsExactly(40);
    }

    @Test
    void flinkWhenTheBestOfTheLastThreeIsWorseAlertsOnTheThirdRun() {
        // throughput: higher is better, so 100 → 110 is an improvement, flagged by the mirrored rule
        assertThat(new FlinkRule().replay(step(Better.LOWER))).extracting(Alert::index).containsExactly(42);
        assertThat(new FlinkRule().replay(step(Better.HIGHER))).extracting(Alert::index).containsExactly(42);
    }

    @Test
    void conbenchWhenTheNewestRunIsFiveDeviationsAwayAlertsOnIt() {
        assertThat(new ConbenchZScore().replay(step(Better.LOWER))).extracting(Alert::index).first().isEqualTo(40);
    }

    @Test
    void eDivisiveWhenTheHistoryHasAStepFindsIt() {
        assertThat(new EDivisive().offline(step(Better.LOWER))).extracting(Alert::index).containsExactly(40);
        assertThat(new EDivisive().replay(step(Better.LOWER))).extracting(Alert::index).containsExactly(40);
    }
}
