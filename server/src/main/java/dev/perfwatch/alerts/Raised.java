package dev.perfwatch.alerts;

import java.util.List;

/**
 * What {@link Alerts#raise} did.
 *
 * @param groups the groups the candidates belong to, new or existing
 * @param alerts the alerts stored by this call
 * @param alreadyRaised candidates that were raised before (same series and first bad commit) and stored nothing
 */
public record Raised(List<Long> groups, List<Long> alerts, int alreadyRaised) {

    public Raised {
        groups = List.copyOf(groups);
        alerts = List.copyOf(alerts);
    }
}
