package dev.perfwatch.series;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Points in branch order from the points statement's newest-first rows: reversed, and the results of one commit
 * (same position) by run id as PostgreSQL orders uuids (bytes unsigned), which is what {@code order by position,
 * run_id} gave. Sorting 10,000 rows again in PostgreSQL was about a third of the statement (docs/performance.md).
 */
final class BranchOrder {

    /** PostgreSQL's uuid order: the 16 bytes compared unsigned. */
    static final Comparator<UUID> RUN = (a, b) -> {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    };

    private BranchOrder() {
    }

    static <T> List<T> of(List<T> newestFirst, ToLongFunction<T> commit, Function<T, UUID> run) {
        List<T> points = new ArrayList<>(newestFirst);
        Collections.reverse(points);
        int from = 0;
        while (from < points.size()) {
            int to = from + 1;
            long at = commit.applyAsLong(points.get(from));
            while (to < points.size() && commit.applyAsLong(points.get(to)) == at) {
                to++;
            }
            if (to - from > 1) {
                points.subList(from, to).sort(Comparator.comparing(run, Comparator.nullsLast(RUN)));
            }
            from = to;
        }
        return points;
    }
}
