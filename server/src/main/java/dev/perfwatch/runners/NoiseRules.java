package dev.perfwatch.runners;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * When a host moved (docs/runner.md, "Host checks"): three independent signs, any one of which makes a run noisy,
 * each with the words that say why. Pure arithmetic, so that the thresholds are tested on tables of numbers.
 */
final class NoiseRules {

    private final RunnersProperties.Noise noise;

    NoiseRules(RunnersProperties.Noise noise) {
        this.noise = noise;
    }

    /**
     * Why the run between these two checks is noisy, empty when it is not.
     *
     * @param baseline the median reference time of the runner's recent checks, empty while it has too few
     */
    List<String> reasons(ReferenceCheck before, ReferenceCheck after, OptionalDouble baseline) {
        List<String> reasons = new ArrayList<>();
        load(before, "before").ifPresent(reasons::add);
        load(after, "after").ifPresent(reasons::add);
        if (baseline.isPresent()) {
            drift(before, baseline.getAsDouble(), "before").ifPresent(reasons::add);
            drift(after, baseline.getAsDouble(), "after").ifPresent(reasons::add);
        }
        if (before != null && after != null && before.measured() && after.measured()) {
            double change = (double) after.medianNanos() / before.medianNanos() - 1;
            if (Math.abs(change) > noise.beforeAfterChange()) {
                reasons.add(String.format(Locale.ROOT,
                        "the reference workload took %s after the job than before (%s vs %s), more than %s",
                        percent(change, "longer", "less time"), millis(after.medianNanos()),
                        millis(before.medianNanos()), percent(noise.beforeAfterChange())));
            }
        }
        return reasons;
    }

    /** A check within the thresholds: what recovery from quarantine counts. Without a baseline, load alone. */
    boolean inLine(ReferenceCheck check, OptionalDouble baseline) {
        return check.measured() && load(check, "").isEmpty()
                && (baseline.isEmpty() || drift(check, baseline.getAsDouble(), "").isEmpty());
    }

    private java.util.Optional<String> load(ReferenceCheck check, String when) {
        if (check == null || Double.isNaN(check.loadPerCore()) || check.loadPerCore() <= noise.loadPerCore()) {
            return java.util.Optional.empty();
        }
        if (check.busyCpus() != null) {
            return java.util.Optional.of(String.format(Locale.ROOT, "other processes took %.1f of %d cores %s the job",
                    check.busyCpus(), check.cores(), when));
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "load average %.1f on %d cores %s the job",
                check.loadAverage(), check.cores(), when));
    }

    private java.util.Optional<String> drift(ReferenceCheck check, double baseline, String when) {
        if (check == null || !check.measured() || baseline <= 0) {
            return java.util.Optional.empty();
        }
        double change = check.medianNanos() / baseline - 1;
        if (Math.abs(change) <= noise.baselineChange()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT,
                "the reference workload took %s %s the job than this runner's baseline (%s vs %s), more than %s",
                percent(change, "longer", "less time"), when, millis(check.medianNanos()), millis((long) baseline),
                percent(noise.baselineChange())));
    }

    private static String percent(double change, String more, String less) {
        return String.format(Locale.ROOT, "%.0f%% %s", Math.abs(change) * 100, change > 0 ? more : less);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
