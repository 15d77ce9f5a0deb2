package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/** Names the environments of a comparison the way the UI's timelines do, so the two pages read alike. */
final class EnvironmentLabels {

    private EnvironmentLabels() {
    }

    /** The rows of one environment with the facts (host class, JVM) of one of its results. */
    record Environment(ComparisonQueries.ResultRow facts, List<Comparison.Row> rows, List<Comparison.Case> added,
            List<Comparison.Case> removed, Comparison.BusyRuns busy) {

        Environment(ComparisonQueries.ResultRow facts, List<Comparison.Row> rows, List<Comparison.Case> added,
                List<Comparison.Case> removed) {
            this(facts, rows, added, removed, null);
        }
    }

    /**
     * "4-core · JDK 17.0.15", with the VM name and then the JVM arguments where two labels would read the same. An
     * environment that reported no JDK (a Codespeed executable) is named by its VM name, as the timelines name it:
     * "8-core · Flink" rather than "8-core · JDK unknown".
     */
    static List<Comparison.HostClass> labelled(List<Environment> environments) {
        List<String> labels = new ArrayList<>();
        for (Environment environment : environments) {
            labels.add(base(environment.facts()));
        }
        widen(labels, environments, facts -> facts.vmName().replace(" 64-Bit Server VM", ""));
        widen(labels, environments, facts -> String.join(" ", facts.jvmArgs()));
        List<Comparison.HostClass> out = new ArrayList<>();
        for (int i = 0; i < environments.size(); i++) {
            ComparisonQueries.ResultRow facts = environments.get(i).facts();
            out.add(new Comparison.HostClass(facts.hostClass(), labels.get(i), facts.jdkVersion(),
                    environments.get(i).rows(), environments.get(i).added(), environments.get(i).removed(),
                    environments.get(i).busy()));
        }
        out.sort(Comparator.comparing(Comparison.HostClass::environment));
        return out;
    }

    private static String base(ComparisonQueries.ResultRow facts) {
        if (!facts.jdkVersion().isEmpty()) {
            return facts.hostClass() + " · JDK " + facts.jdkVersion();
        }
        return facts.vmName().isBlank() ? facts.hostClass() : facts.hostClass() + " · " + facts.vmName();
    }

    private static void widen(List<String> labels, List<Environment> environments,
            Function<ComparisonQueries.ResultRow, String> more) {
        List<String> before = List.copyOf(labels);
        for (int i = 0; i < labels.size(); i++) {
            String extra = more.apply(environments.get(i).facts());
            if (Collections.frequency(before, before.get(i)) > 1 && !extra.isBlank()) {
                labels.set(i, before.get(i) + " " + extra);
            }
        }
    }
}
