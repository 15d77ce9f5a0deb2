package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Detector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The detector's evaluation, one command: {@code ./mvnw -pl server -am -Pevaluation verify -DskipTests}. Runs our
 * detector and the peers' rules on the synthetic corpus, on real histories with injected steps and on TCPD, and
 * prints the tables of {@code docs/detection.md} (also written to {@code server/target/detection-evaluation.md}).
 */
public final class Evaluation {

    static final long SEED = 20240607L;

    private Evaluation() {
    }

    /** What one method said about one series, offline and while replaying. */
    record Outcome(Labelled series, List<Alert> offline, List<Alert> replay) {
    }

    record Run(Method method, List<Outcome> outcomes) {
    }

    public static void main(String[] args) throws IOException {
        Path data = CorpusDirectory.directory()
            .orElseThrow(() -> new IllegalStateException(
                    "no corpus directory: pass -Dperfwatch.data=DIR (holding tcpd/ and jmh-histories/)"));
        // -Devaluation.methods=<regex> and -Devaluation.corpora=synthetic,tcpd narrow a run while tuning
        String only = System.getProperty("evaluation.methods", ".*");
        List<Method> methods = methods().stream().filter(m -> m.name().matches(only)).toList();
        String corpora = System.getProperty("evaluation.corpora", "modes,synthetic,real,tcpd");
        StringBuilder out = new StringBuilder();
        long started = System.nanoTime();

        if (corpora.contains("modes")) {
            List<Labelled> modes = StickyModes.corpus(SEED);
            List<Method> withReruns = new ArrayList<>(methods);
            if (methods.stream().anyMatch(m -> m.name().equals("perfwatch"))) {
                withReruns.add(1, new PerfwatchMethod("perfwatch, with re-runs", new Detector(), false, true));
            }
            modesTables(out, modes, run(withReruns, modes));
        }
        if (corpora.contains("synthetic")) {
            List<Labelled> synthetic = Synthetic.corpus(SEED);
            syntheticTables(out, synthetic, run(methods, synthetic));
        }
        if (corpora.contains("real")) {
            List<Labelled> histories = RealNoise.histories(data);
            realNoiseTable(out, histories, RealNoise.injected(histories, SEED), methods);
        }
        if (corpora.contains("tcpd")) {
            tcpdTable(out, Tcpd.load(data), methods);
        }

        out.append(String.format(Locale.ROOT, "%nEvaluation took %.0f s.%n", (System.nanoTime() - started) / 1e9));
        System.out.print(out);
        Path report = Path.of("target", "detection-evaluation.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, out.toString());
    }

    static List<Method> methods() {
        Detector detector = new Detector();
        return List.of(
            new PerfwatchMethod("perfwatch", detector, false),
            new PerfwatchMethod("perfwatch, scores only", detector, true),
            new CodespeedRule(),
            new FlinkRule(),
            new ConbenchZScore(),
            new EDivisive());
    }

    static List<Run> run(List<Method> methods, List<Labelled> corpus) {
        List<Run> runs = new ArrayList<>();
        for (Method method : methods) {
            List<Outcome> outcomes = corpus.parallelStream()
                .map(series -> new Outcome(series, method.offline(series), method.replay(series)))
                .toList();
            runs.add(new Run(method, outcomes));
        }
        return runs;
    }

    // ---- synthetic ---------------------------------------------------------------------------------------

    private static void syntheticTables(StringBuilder out, List<Labelled> corpus, List<Run> runs) {
        long changeFreePoints = corpus.stream().filter(Labelled::changeFree).mapToLong(Labelled::size).sum();
        long changeFreeSeries = corpus.stream().filter(Labelled::changeFree).count();
        for (double step : new double[] {0.10, -1}) {
            Predicate<Labelled> cell = step < 0 ? s -> !s.changeFree() : s -> s.step() == step;
            long series = corpus.stream().filter(cell).count();
            long changes = corpus.stream().filter(cell).mapToLong(s -> s.changes().size()).sum();
            out.append(String.format(Locale.ROOT, "%n### Synthetic corpus, %s: %d series, %d changes; "
                    + "false alerts on %d change-free series, %d points%n%n",
                step < 0 ? "all steps (2–20%)" : "10% steps", series, changes, changeFreeSeries, changeFreePoints));
            out.append("| method | F1 m=0 | F1 m=5 | precision m=0 | recall m=0 | false alerts / 1,000 points "
                + "| median delay (runs) | F1 m=0 as first named | offline F1 m=0 | offline F1 m=5 |\n");
            out.append("|---|---|---|---|---|---|---|---|---|---|\n");
            for (Run run : runs) {
                Score replay0 = score(run.outcomes, cell, 0, true);
                Score replay5 = score(run.outcomes, cell, 5, true);
                Score offline0 = score(run.outcomes, cell, 0, false);
                Score offline5 = score(run.outcomes, cell, 5, false);
                Score first0 = new Score();
                for (Outcome outcome : run.outcomes) {
                    if (cell.test(outcome.series) && !outcome.series.changeFree()) {
                        List<Integer> named = outcome.replay.stream().map(Alert::firstIndex).toList();
                        first0.add(outcome.series.changes(), named, 0);
                    }
                }
                out.append(String.format(Locale.ROOT,
                    "| %s | %.3f | %.3f | %.3f | %.3f | %.2f | %s | %.3f | %.3f | %.3f |%n",
                    run.method.name(), replay0.f1(), replay5.f1(), replay0.precision(), replay0.recall(),
                    falseAlerts(run.outcomes, changeFreePoints), delay(run.outcomes, cell), first0.f1(),
                    offline0.f1(), offline5.f1()));
            }
        }
        out.append("\n### Synthetic corpus: replay F1 at margin 0 by step size\n\n");
        out.append("| method |");
        for (double step : Synthetic.STEPS) {
            out.append(String.format(Locale.ROOT, " %.0f%% |", step * 100));
        }
        out.append("\n|---|---|---|---|---|\n");
        for (Run run : runs) {
            out.append("| ").append(run.method.name()).append(" |");
            for (double step : Synthetic.STEPS) {
                out.append(String.format(Locale.ROOT, " %.3f |",
                    score(run.outcomes, s -> s.step() == step, 0, true).f1()));
            }
            out.append('\n');
        }
        Run ours = runs.get(0);
        if (!ours.method.name().equals("perfwatch")) {
            return;
        }
        out.append("\n### Synthetic corpus, perfwatch by noise model and noise level: replay F1 m=0 on 10% steps "
            + "/ false alerts per 1,000 change-free points\n\n| model |");
        for (double sigma : Synthetic.NOISE) {
            out.append(String.format(Locale.ROOT, " σ = %.1f%% |", sigma * 100));
        }
        out.append("\n|---|---|---|---|---|\n");
        for (String model : Synthetic.MODELS) {
            out.append("| ").append(model).append(" |");
            for (double sigma : Synthetic.NOISE) {
                String tag = "/" + sigma + "/";
                Predicate<Labelled> cell = s -> s.noise().equals(model) && s.series().name().contains(tag);
                long points = ours.outcomes.stream().map(Outcome::series).filter(cell).filter(Labelled::changeFree)
                    .mapToLong(Labelled::size).sum();
                double alerts = ours.outcomes.stream().filter(o -> cell.test(o.series) && o.series.changeFree())
                    .mapToLong(o -> o.replay.size()).sum();
                out.append(String.format(Locale.ROOT, " %.2f / %.1f |",
                    score(ours.outcomes, cell.and(s -> s.step() == 0.10), 0, true).f1(), 1000 * alerts / points));
            }
            out.append('\n');
        }
    }

    // ---- sticky modes and short histories ----------------------------------------------------------------

    private static void modesTables(StringBuilder out, List<Labelled> corpus, List<Run> runs) {
        Predicate<Labelled> modes = s -> s.noise().equals("sticky-modes");
        long changeFreePoints = corpus.stream().filter(modes).filter(Labelled::changeFree).mapToLong(Labelled::size)
            .sum();
        out.append(String.format(Locale.ROOT, "%n### Sticky modes (StickyModes.java, seed %d): %d series with "
                + "%d changes; false change points on %d change-free series, %d runs%n%n", SEED,
            corpus.stream().filter(modes).filter(s -> !s.changeFree()).count(),
            corpus.stream().filter(modes).mapToLong(s -> s.changes().size()).sum(),
            corpus.stream().filter(modes).filter(Labelled::changeFree).count(), changeFreePoints));
        out.append("| method | F1 m=0 as first named | F1 m=0 | F1 m=5 | precision m=0 | recall m=0 "
            + "| false change points / 1,000 change-free runs | median delay (runs) | F1 m=0 5% | 10% | 20% |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Run run : runs) {
            List<Outcome> outcomes = run.outcomes.stream().filter(o -> modes.test(o.series)).toList();
            out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %s |",
                run.method.name(), firstNamed(outcomes, s -> true, 0).f1(), score(outcomes, s -> true, 0, true).f1(),
                score(outcomes, s -> true, 5, true).f1(), firstNamed(outcomes, s -> true, 0).precision(),
                firstNamed(outcomes, s -> true, 0).recall(), falseAlerts(outcomes, changeFreePoints),
                delay(outcomes, s -> true)));
            for (double step : StickyModes.STEPS) {
                out.append(String.format(Locale.ROOT, " %.3f |", firstNamed(outcomes, s -> s.step() == step, 0).f1()));
            }
            out.append('\n');
        }
        Predicate<Labelled> short_ = s -> s.noise().equals("short");
        out.append(String.format(Locale.ROOT, "%n### Short histories (new projects, %d commits, one step of 10%% or "
                + "20%% at the 4th to 9th commit): %d series%n%n", StickyModes.SHORT_LENGTH,
            corpus.stream().filter(short_).count()));
        out.append("| method | F1 m=0 as first named | precision m=0 | recall m=0 | median delay (runs) |\n"
            + "|---|---|---|---|---|\n");
        for (Run run : runs) {
            List<Outcome> outcomes = run.outcomes.stream().filter(o -> short_.test(o.series)).toList();
            Score first = firstNamed(outcomes, s -> true, 0);
            out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %s |%n", run.method.name(), first.f1(),
                first.precision(), first.recall(), delay(outcomes, s -> true)));
        }
    }

    /** F1 on the commits the change points were first named at: what the pipeline stores and shows. */
    static Score firstNamed(List<Outcome> outcomes, Predicate<Labelled> cell, int margin) {
        Score score = new Score();
        for (Outcome outcome : outcomes) {
            if (cell.test(outcome.series) && !outcome.series.changeFree()) {
                score.add(outcome.series.changes(), outcome.replay.stream().map(Alert::firstIndex).toList(), margin);
            }
        }
        return score;
    }

    static Score score(List<Outcome> outcomes, Predicate<Labelled> cell, int margin, boolean replay) {
        Score score = new Score();
        for (Outcome outcome : outcomes) {
            if (cell.test(outcome.series) && !outcome.series.changeFree()) {
                List<Alert> alerts = replay ? outcome.replay : outcome.offline;
                score.add(outcome.series.changes(), alerts.stream().map(Alert::index).toList(), margin);
            }
        }
        return score;
    }

    static double falseAlerts(List<Outcome> outcomes, long changeFreePoints) {
        long alerts = outcomes.stream().filter(o -> o.series.changeFree()).mapToLong(o -> o.replay.size()).sum();
        return 1000.0 * alerts / changeFreePoints;
    }

    /** Median, over changes matched within 5 commits while replaying, of runs between the change and its alert. */
    static String delay(List<Outcome> outcomes, Predicate<Labelled> cell) {
        List<Integer> delays = new ArrayList<>();
        for (Outcome outcome : outcomes) {
            if (!cell.test(outcome.series) || outcome.series.changeFree()) {
                continue;
            }
            List<Integer> found = outcome.replay.stream().map(Alert::index).toList();
            for (int[] pair : Score.matches(outcome.series.changes(), found, 5)) {
                for (Alert alert : outcome.replay) {
                    if (alert.index() == pair[1]) {
                        delays.add(alert.reportedAt() - pair[0]);
                        break;
                    }
                }
            }
        }
        double median = Score.median(delays);
        return Double.isNaN(median) ? "–" : String.format(Locale.ROOT, "%.1f", median);
    }

    // ---- real noise --------------------------------------------------------------------------------------

    private static void realNoiseTable(StringBuilder out, List<Labelled> histories, List<Labelled> injected,
                                       List<Method> methods) {
        long points = histories.stream().mapToLong(Labelled::size).sum();
        out.append(String.format(Locale.ROOT, "%n### Real histories (jmh-histories, %d series with ≥ %d points, "
                + "%d points) with one injected step of 5, 10 or 20%% each (%d series)%n%n",
            histories.size(), RealNoise.MIN_LENGTH, points, injected.size()));
        out.append("| method | F1 m=0 | F1 m=5 | precision m=0 | recall m=0 | F1 m=0, 10% steps | median delay (runs) "
            + "| alerts / 1,000 points of the unmodified histories |\n|---|---|---|---|---|---|---|---|\n");
        for (Method method : methods) {
            if (method.name().contains("scores only")) {
                continue; // the histories carry scores only
            }
            List<Outcome> original = run(List.of(method), histories).get(0).outcomes();
            List<Outcome> modified = run(List.of(method), injected).get(0).outcomes();
            Score all0 = new Score();
            Score all5 = new Score();
            Score ten0 = new Score();
            List<Outcome> kept = new ArrayList<>();
            for (int i = 0; i < modified.size(); i++) {
                Outcome outcome = modified.get(i);
                Outcome before = original.get(i / RealNoise.STEPS.length);
                // only what the step added counts: alerts the method also raises on the unmodified history
                // (within 2 commits) are the history's own changes, or its own false alarms, not the step
                List<Alert> replay = outcome.replay.stream()
                    .filter(a -> before.replay.stream().noneMatch(b -> Math.abs(b.index() - a.index()) <= 2))
                    .toList();
                List<Integer> found = replay.stream().map(Alert::index).toList();
                all0.add(outcome.series.changes(), found, 0);
                all5.add(outcome.series.changes(), found, 5);
                if (outcome.series.step() == 0.10) {
                    ten0.add(outcome.series.changes(), found, 0);
                }
                kept.add(new Outcome(outcome.series, outcome.offline, replay));
            }
            long alerts = original.stream().mapToLong(o -> o.replay.size()).sum();
            out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %s | %.1f |%n",
                method.name(), all0.f1(), all5.f1(), all0.precision(), all0.recall(), ten0.f1(),
                delay(kept, s -> true), 1000.0 * alerts / points));
        }
    }

    // ---- TCPD --------------------------------------------------------------------------------------------

    private static void tcpdTable(StringBuilder out, List<Tcpd.Dataset> datasets, List<Method> methods) {
        long defaultSet = datasets.stream().filter(d -> !d.qualityControl()).count();
        out.append(String.format(Locale.ROOT, "%n### TCPD, default parameters, offline, TCPDBench's F1 (margin 5) "
                + "and cover: mean over the %d univariate series of the default table that are shipped here, "
                + "and over all %d univariate series (with the quality-control ones)%n%n", defaultSet,
            datasets.size()));
        out.append("| method | F1 | cover | F1, all | cover, all |\n|---|---|---|---|---|\n");
        List<Method> withZero = new ArrayList<>(methods);
        withZero.add(new Nothing());
        for (Method method : withZero) {
            if (method.name().contains("scores only")) {
                continue;
            }
            double f1 = 0;
            double cover = 0;
            double f1All = 0;
            double coverAll = 0;
            for (Tcpd.Dataset dataset : datasets) {
                List<Integer> found = Tcpd.clean(
                    method.offline(dataset.series()).stream().map(Alert::index).toList(), dataset.observations());
                double f = Tcpd.f1(dataset.annotations(), found, 5);
                double c = Tcpd.cover(dataset.annotations(), found, dataset.observations());
                f1All += f;
                coverAll += c;
                if (!dataset.qualityControl()) {
                    f1 += f;
                    cover += c;
                }
            }
            out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f |%n", method.name(),
                f1 / defaultSet, cover / defaultSet, f1All / datasets.size(), coverAll / datasets.size()));
        }
    }

    /** TCPDBench's "zero" method: reports no change point. */
    private static final class Nothing implements Method {

        @Override
        public String name() {
            return "report nothing (TCPDBench's zero)";
        }

        @Override
        public List<Alert> offline(Labelled series) {
            return List.of();
        }

        @Override
        public List<Alert> replay(Labelled series) {
            return List.of();
        }
    }
}
