package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * A peer whose rule looks at the newest point only (Codespeed, Flink, Conbench): it has no offline mode, so both
 * modes are the alerts raised while replaying. An alert names the newest point. Consecutive alerts in the same
 * direction are merged into the first one, which is kinder to these rules than their users' experience (Flink's
 * channel repeats the alert every night) but keeps the comparison about detection rather than deduplication.
 */
abstract class ScreenRule implements Method {

    /** +1 if the rule flags the newest value (at {@code i}) as worse, -1 as better, 0 if it says nothing. */
    abstract int judge(double[] scores, double[] errors, int i, Better better);

    @Override
    public List<Alert> offline(Labelled series) {
        return replay(series);
    }

    @Override
    public List<Alert> replay(Labelled series) {
        List<Point> points = series.series().points();
        int n = points.size();
        double[] scores = new double[n];
        double[] errors = new double[n];
        for (int i = 0; i < n; i++) {
            scores[i] = points.get(i).score();
            errors[i] = Double.isFinite(points.get(i).error()) ? points.get(i).error() : 0;
        }
        List<Alert> alerts = new ArrayList<>();
        int previous = 0;
        for (int i = 0; i < n; i++) {
            int verdict = judge(scores, errors, i, series.series().better());
            if (verdict != 0 && verdict != previous) {
                int index = points.get(i).index();
                alerts.add(new Alert(index, index));
            }
            previous = verdict;
        }
        return alerts;
    }

    /** +1 when a relative change of the value is a regression for this direction, -1 when an improvement. */
    static int worse(double relativeChange, Better better) {
        boolean up = relativeChange > 0;
        return up == (better == Better.LOWER) ? 1 : -1;
    }
}
