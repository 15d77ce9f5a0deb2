package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The fork means of a confirmation's runs, per case, metric and commit: what its verdicts compare. */
final class Forks {

    private final Map<String, List<Double>> means = new HashMap<>();

    private Forks() {
    }

    static Forks of(List<ConfirmationStore.SampleRow> rows) {
        Forks forks = new Forks();
        for (ConfirmationStore.SampleRow row : rows) {
            String key = key(row.caseId(), row.metricId(), row.commit());
            for (double mean : ForkSamples.forkMeans(row.samples())) {
                forks.means.computeIfAbsent(key, k -> new ArrayList<>()).add(mean);
            }
        }
        return forks;
    }

    /** The fork means of the suspect's case and metric at the commit, on any series of the host class. */
    double[] of(SuspectStore.SuspectRow suspect, String commit) {
        return means.getOrDefault(key(suspect.caseId(), suspect.metricId(), commit), List.of()).stream()
            .mapToDouble(Double::doubleValue)
            .toArray();
    }

    double mean(SuspectStore.SuspectRow suspect, String commit) {
        return java.util.Arrays.stream(of(suspect, commit)).average().orElse(Double.NaN);
    }

    /**
     * Verdicts of every suspect, the commit before against the commit after.
     *
     * @param round the round of this decision (of a confirmation, or of one bisection step), from 1
     */
    Map<SuspectStore.SuspectRow, Verdict> verdicts(List<SuspectStore.SuspectRow> suspects, String before,
            String after, PipelineProperties properties, int round, boolean last) {
        PipelineProperties.Confirmation budget = properties.confirmation();
        Map<SuspectStore.SuspectRow, Verdict> verdicts = new java.util.LinkedHashMap<>();
        double alpha = Verdict.alphaAt(budget.alpha(), round, budget.maxRounds(), last);
        for (SuspectStore.SuspectRow suspect : suspects) {
            double resolution = properties.resolution(suspect.metric());
            // Near zero (allocation that starts or stops) the unit speaks: a percentage of JMH's residue means nothing,
            // and a fix that stops allocating reads "from 64 B/op to none", as its regression read "from none to 64".
            boolean nearZero = Math.abs(suspect.before().value()) < resolution
                    || Math.abs(suspect.after().value()) < resolution;
            verdicts.put(suspect, resolution > 0 && nearZero
                    ? Verdict.inUnit(of(suspect, before), of(suspect, after),
                            suspect.after().value() - suspect.before().value(), resolution, suspect.unit(), alpha,
                            budget.budgetAlpha(), last)
                    : Verdict.of(of(suspect, before), of(suspect, after), suspected(suspect), alpha,
                            budget.budgetAlpha(), last));
        }
        return verdicts;
    }

    /**
     * The relative change the detector saw; from a level of zero (a case that began to allocate) there is none, so
     * the change against one unit of the metric stands for it: large, and in the right direction.
     */
    static double suspected(SuspectStore.SuspectRow suspect) {
        if (Double.isFinite(suspect.magnitude())) {
            return suspect.magnitude();
        }
        return suspect.after().value() / Math.max(Math.abs(suspect.before().value()), 1.0) - 1;
    }

    private static String key(long caseId, long metricId, String commit) {
        return caseId + "/" + metricId + "/" + commit;
    }
}
