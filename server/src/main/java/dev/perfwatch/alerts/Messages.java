package dev.perfwatch.alerts;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

import org.springframework.stereotype.Component;

import dev.perfwatch.notifications.GroupMessage;

/** Turns a stored group into the message every channel announces, with its numbers formatted once, here. */
@Component
class Messages {

    private final AlertQueries queries;

    Messages(AlertQueries queries) {
        this.queries = queries;
    }

    GroupMessage of(long group) {
        AlertViews.Group stored = queries.groups(null, group, 1).get(0);
        return of(stored, queries.repository(group).orElse(null));
    }

    static GroupMessage of(AlertViews.Group group, String repository) {
        List<GroupMessage.Line> lines = group.alerts().stream().limit(GroupMessage.MAX_LINES).map(Messages::line)
            .toList();
        GroupMessage.Commit commit = commit(group.commit());
        GroupMessage.Commit lastGood = commit(group.lastGood());
        return new GroupMessage(group.id(), group.project(), repository, group.kind(), title(group), group.summary(),
                commit, lastGood, group.exact(), lines, group.alerts().size() - lines.size(), group.updatedAt());
    }

    /** "Regression in flink at 1a2b3c4: Reuse the serializer's buffer", or "... in 5d6e7f8..1a2b3c4". */
    static String title(AlertViews.Group group) {
        String kind = group.kind().equals(Kind.REGRESSION.word()) ? "Regression" : "Improvement";
        GroupMessage.Commit bad = commit(group.commit());
        if (group.exact()) {
            String subject = group.commit().subject();
            return kind + " in " + group.project() + " at " + bad.shortSha() + (subject.isEmpty() ? "" : ": " + subject);
        }
        return kind + " in " + group.project() + " in " + commit(group.lastGood()).shortSha() + ".." + bad.shortSha();
    }

    static GroupMessage.Line line(AlertViews.Alert alert) {
        AlertViews.Metric metric = alert.series().metric();
        // A percentage of a level of ~0 (JMH's allocation residue) means nothing: near zero, the unit speaks.
        boolean nearZero = !metric.name().equals(GroupFacts.PRIMARY)
                && Math.abs(alert.before().value()) < SummaryText.NEAR_ZERO;
        String unit = SummaryText.unit(metric.name(), metric.unit());
        String change = nearZero && Math.abs(alert.after().value()) >= SummaryText.NEAR_ZERO
                ? "from none to " + SummaryText.number(alert.after().value()) + " " + unit
                : alert.magnitude() == null || nearZero
                ? SummaryText.signed(alert.after().value() - alert.before().value()) + " " + unit
                : String.format(Locale.ROOT, "%+.1f%%", alert.magnitude() * 100);
        return new GroupMessage.Line(alert.id(), alert.series().id(), alert.kind(), alert.series().label(),
                metric.name(), alert.series().environment().hostClass(), level(alert.before()),
                level(alert.after()), metric.unit(), change, confidence(alert.confidence()), alert.timeline());
    }

    /** "1250 [1240–1260]": the level and its interval, four significant digits each. */
    static String level(AlertViews.Level level) {
        return number(level.value()) + " [" + number(level.lower()) + "–" + number(level.upper()) + "]";
    }

    static String number(double value) {
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /**
     * Rounded down, so that 0.99996 does not read as a certain 100%. 0 is the detector's "unknown": a change on a
     * short history, named by its rule rather than a test (re-runs decide it where a runner can); "0.0%" read as
     * certain noise.
     */
    static String confidence(double confidence) {
        return confidence <= 0 ? "unknown (short history)" : confidence >= 1 ? "100%"
                : String.format(Locale.ROOT, "%.1f%%", Math.floor(confidence * 1000) / 10);
    }

    private static GroupMessage.Commit commit(AlertViews.Commit commit) {
        return new GroupMessage.Commit(commit.sha(), commit.author() == null ? "" : commit.author(), commit.subject());
    }
}
