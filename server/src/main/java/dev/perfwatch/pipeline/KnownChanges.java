package dev.perfwatch.pipeline;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Direction;
import dev.perfwatch.detection.Level;
import dev.perfwatch.detection.Tracker;

/** Stored suspects as the tracker knows them (RunAnalysis): where each stands, and which way a mode change went. */
final class KnownChanges {

    private KnownChanges() {
    }

    /** A stored suspect as the tracker knows it; a mode change's direction is the way its level went. */
    static Tracker.Known of(SuspectStore.SuspectRow suspect, int index, String better) {
        Direction direction;
        if (suspect.direction().equals("mode-change")) {
            boolean up = suspect.after().value() > suspect.before().value();
            direction = up == (Better.parse(better) == Better.LOWER) ? Direction.REGRESSION : Direction.IMPROVEMENT;
        }
        else {
            direction = Direction.valueOf(suspect.direction().toUpperCase(java.util.Locale.ROOT));
        }
        ChangePoint change = new ChangePoint(index, direction, suspect.magnitude(), suspect.confidence(),
                level(suspect.before()), level(suspect.after()));
        return new Tracker.Known(change, standing(suspect));
    }

    private static Tracker.Standing standing(SuspectStore.SuspectRow suspect) {
        return switch (suspect.status()) {
            case "dismissed" -> suspect.direction().equals("mode-change") ? Tracker.Standing.MODE
                    : Tracker.Standing.DISMISSED;
            case "transient", "withdrawn" -> Tracker.Standing.VOID;
            case "alerted", "unconfirmed" -> suspect.alertOpen() ? Tracker.Standing.ALERTED : Tracker.Standing.KEPT;
            case "historical" -> Tracker.Standing.HISTORICAL;
            default -> Tracker.Standing.KEPT;
        };
    }

    private static Level level(SuspectStore.Level level) {
        return new Level(level.value(), level.lower(), level.upper(), level.points());
    }
}
