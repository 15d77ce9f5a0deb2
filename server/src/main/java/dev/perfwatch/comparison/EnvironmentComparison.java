package dev.perfwatch.comparison;

import java.util.List;
import java.util.Map;

/**
 * Environments against each other at one commit, case by case: the answer of
 * {@code GET /api/v1/environment-comparisons} (docs/api.md, "Environment comparisons"). The first environment is the
 * baseline every other one is a ratio of, as Codespeed's comparison normalises to one executable.
 */
public record EnvironmentComparison(String project, Comparison.Commit commit, List<Environment> environments,
        List<Row> rows) {

    /** @param label tells this environment from the others in the answer: "4-core · JDK 17.0.2" */
    public record Environment(long id, String hostClass, String jdkVersion, String vmName, List<String> jvmArgs,
            String label) {
    }

    /** One case of the primary metric; cells follow the order of environments (null where it has no result). */
    public record Row(String benchmark, Map<String, String> params, String caseKey, String metric, String unit,
            String direction, List<Cell> cells) {
    }

    /**
     * @param score the mean of the fork means, error half its 99% interval (null below two forks)
     * @param ratio this environment's score over the baseline's; interval its 99% interval, both null for the
     *     baseline itself or when the baseline has no result
     * @param verdict faster, slower, same or unclear against the baseline, from the interval and the metric's
     *     direction; null for the baseline
     * @param allocation gc.alloc.rate.norm in B/op, null when not recorded
     * @param jmhScore JMH's score when one run measured the commit, null when several did
     * @param jmhError JMH's score error of that run: half the 99.9% confidence interval, as on the changes page;
     *     null when several runs measured the commit or JMH could not compute it
     */
    public record Cell(long environment, double score, Double error, int forks, Double ratio, List<Double> interval,
            Verdict verdict, Double allocation, Double jmhScore, Double jmhError) {
    }
}
