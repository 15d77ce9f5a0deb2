package dev.perfwatch.detection.evaluation;

import java.util.List;

/** A detector under evaluation: ours or a re-implementation of a peer's rule. */
interface Method {

    String name();

    /** Change points found with the whole history at hand. */
    List<Alert> offline(Labelled series);

    /** Change points as they would have been reported, feeding the points one at a time. */
    List<Alert> replay(Labelled series);
}
