package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Optional;

import dev.perfwatch.detection.ChangePoint;

/**
 * Series that flip between two levels (JIT or code-layout modes, a pool of not-quite-identical hosts): a switch to a
 * level the series has already switched to and left again, among its recent commits, is a mode change, not a new
 * regression. It is stored with direction {@code mode-change}, shown, never confirmed or alerted. The first switch
 * and the way back are ordinary changes (alerted, then resolved), so a real regression and its fix are never hidden.
 */
final class Modes {

    /** How far back (in commits) a visit to a level counts as recent. */
    static final int RECENT = 60;

    private Modes() {
    }

    /**
     * Why the change is a mode change, or empty: an earlier change of the series, within {@link #RECENT} commits,
     * went from about this change's level before to about its level after, and a later one came back.
     */
    static Optional<String> of(ChangePoint change, List<SuspectStore.SuspectRow> earlier, RunAnalysis.Commits commits) {
        double from = change.before().value();
        double to = change.after().value();
        double half = Math.abs(to - from) / 2;
        if (!(half > 0)) {
            return Optional.empty();
        }
        boolean there = false;
        boolean back = false;
        for (SuspectStore.SuspectRow row : earlier) {
            int index = commits.indexOf(row.firstBad());
            if (index < 0 || index >= change.index() || change.index() - index > RECENT
                    || row.status().equals("dismissed")) {
                continue;
            }
            boolean same = Math.abs(row.before().value() - from) <= half && Math.abs(row.after().value() - to) <= half;
            boolean opposite = Math.abs(row.before().value() - to) <= half
                    && Math.abs(row.after().value() - from) <= half;
            there |= same;
            back |= opposite && there;
        }
        if (!there || !back) {
            return Optional.empty();
        }
        return Optional.of(String.format(java.util.Locale.ROOT,
                "mode change: the series switched between %.4g and %.4g before within %d commits; not a new %s",
                from, to, RECENT, change.direction().word()));
    }
}
