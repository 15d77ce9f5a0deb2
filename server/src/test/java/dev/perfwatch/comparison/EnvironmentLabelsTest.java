package dev.perfwatch.comparison;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Comparison pages name environments as the timelines do (web timeline/data.js environmentLabels). */
class EnvironmentLabelsTest {

    @Test
    void labelsWhenAnEnvironmentReportedNoJdkUseItsVmNameNotJdkUnknown() {
        List<Comparison.HostClass> labelled = EnvironmentLabels.labelled(List.of(
                environment(1, "4-core", "17.0.15", "OpenJDK 64-Bit Server VM"),
                environment(2, "8-core", "", "Flink"),
                environment(3, "runner-x", "", "")));

        assertThat(labelled).extracting(Comparison.HostClass::environment)
            .containsExactly("4-core · JDK 17.0.15", "8-core · Flink", "runner-x");
    }

    @Test
    void labelsWhenTwoReadTheSameAddTheVmName() {
        List<Comparison.HostClass> labelled = EnvironmentLabels.labelled(List.of(
                environment(1, "4-core", "21.0.1", "OpenJDK 64-Bit Server VM"),
                environment(2, "4-core", "21.0.1", "OpenJ9 VM")));

        assertThat(labelled).extracting(Comparison.HostClass::environment)
            .containsExactly("4-core · JDK 21.0.1 OpenJ9 VM", "4-core · JDK 21.0.1 OpenJDK");
    }

    private static EnvironmentLabels.Environment environment(long id, String hostClass, String jdk, String vmName) {
        ComparisonQueries.ResultRow facts = new ComparisonQueries.ResultRow(id, hostClass, jdk, vmName, List.of(),
                "b", "k", "", "primary", "ops/s", "higher", null, null, 1.0, null, id, null);
        return new EnvironmentLabels.Environment(facts, List.of(), List.of(), List.of());
    }
}
