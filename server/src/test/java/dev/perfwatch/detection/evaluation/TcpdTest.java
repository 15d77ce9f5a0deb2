package dev.perfwatch.detection.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perfwatch.detection.Detector;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class TcpdTest {

    @Test
    void f1WhenGivenTcpdBenchDoctestsReturnsTheirValues() {
        // the examples in TCPDBench's metrics.py
        assertThat(Tcpd.f1(List.of(List.of(10, 20), List.of(11, 20), List.of(10), List.of(0, 5)), List.of(10, 20), 5))
            .isCloseTo(1.0, within(1e-12));
        assertThat(Tcpd.f1(List.of(List.of(), List.of(10), List.of(50)), List.of(10), 5))
            .isCloseTo(0.9090909090909091, within(1e-12));
        assertThat(Tcpd.f1(List.of(List.of(), List.of(10), List.of(50)), List.of(), 5))
            .isCloseTo(0.8, within(1e-12));
    }

    @Test
    void coverWhenGivenTcpdBenchDoctestsReturnsTheirValues() {
        assertThat(Tcpd.cover(List.of(List.of(10, 20), List.of(10), List.of(0, 5)), List.of(10, 20), 45))
            .isCloseTo(0.7962962962962963, within(1e-12));
        assertThat(Tcpd.cover(List.of(List.of(), List.of(10), List.of(40)), List.of(10), 45))
            .isCloseTo(0.7954144620811286, within(1e-12));
        assertThat(Tcpd.cover(List.of(List.of(), List.of(10), List.of(40)), List.of(), 45))
            .isCloseTo(0.8189300411522634, within(1e-12));
    }

    @Test
    void matchesWhenTwoLabelsCompeteCountsEachDetectionOnce() {
        // true_positives({1, 10, 20, 23}, {1, 3, 5, 8, 20}) == {1, 10, 20}
        assertThat(Score.matches(List.of(1, 10, 20, 23), List.of(1, 3, 5, 8, 20), 5)).hasSize(3);
        assertThat(Score.matches(List.of(1, 2, 3), List.of(), 5)).isEmpty();
    }

    /**
     * An evaluation over the TCPD corpus, which is not in the repository: outside the normal build (tag
     * {@code evaluation}); run it with {@code ./mvnw -pl server -am test -Dgroups=evaluation
     * -DexcludedGroups=benchmark -Dperfwatch.data=DIR -Dsurefire.failIfNoSpecifiedTests=false}, DIR holding
     * {@code tcpd/}.
     */
    @Test
    @Tag("evaluation")
    void detectorWhenRunOnTcpdWithDefaultsScoresAboveTheFloor() {
        Path data = CorpusDirectory.directory().orElse(null);
        assumeTrue(data != null, "no TCPD corpus: pass -Dperfwatch.data=DIR");
        Method ours = new PerfwatchMethod("perfwatch", new Detector(), false);
        double sum = 0;
        int count = 0;
        for (Tcpd.Dataset dataset : Tcpd.load(data)) {
            if (dataset.qualityControl()) {
                continue;
            }
            List<Integer> found = Tcpd.clean(
                ours.offline(dataset.series()).stream().map(Alert::index).toList(), dataset.observations());
            sum += Tcpd.f1(dataset.annotations(), found, 5);
            count++;
        }

        assertThat(count).isEqualTo(26);
        assertThat(sum / count).isGreaterThan(FLOOR);
    }

    /** Below the mean F1 the evaluation records in docs/detection.md, so a regression of the detector shows. */
    private static final double FLOOR = 0.68;
}
