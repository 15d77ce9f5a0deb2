package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.util.Optional;

import org.springframework.stereotype.Component;

/**
 * Gives a commit its place on a branch: right after its first parent when that is known, right before a known
 * child, otherwise by commit time, otherwise last. Places never move, so a commit learned later (a bisection step
 * between two nightlies) takes the midpoint between its neighbours.
 */
@Component
class CommitPlacement {

    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    private final RunStore store;

    CommitPlacement(RunStore store) {
        this.store = store;
    }

    BigDecimal place(long branch, RunStore.StoredCommit commit) {
        Optional<BigDecimal> known = store.position(branch, commit.id());
        if (known.isPresent()) {
            return known.get();
        }
        store.lockBranch(branch);
        known = store.position(branch, commit.id());
        if (known.isPresent()) {
            return known.get();
        }
        BigDecimal position = choose(branch, commit);
        store.place(branch, commit.id(), position);
        return position;
    }

    private BigDecimal choose(long branch, RunStore.StoredCommit commit) {
        if (!commit.parents().isEmpty()) {
            Optional<BigDecimal> parent = store.positionOfSha(branch, commit.parents().get(0));
            if (parent.isPresent()) {
                return after(branch, parent.get());
            }
        }
        Optional<BigDecimal> child = store.positionOfChild(branch, commit.sha());
        if (child.isPresent()) {
            return before(branch, child.get());
        }
        if (commit.time() != null) {
            Optional<BigDecimal> earlier = store.lastPositionAtOrBefore(branch, commit.time());
            if (earlier.isPresent()) {
                return after(branch, earlier.get());
            }
            Optional<BigDecimal> first = store.firstPosition(branch);
            if (first.isPresent()) {
                return before(branch, first.get());
            }
        }
        return store.lastPosition(branch).map(last -> last.add(BigDecimal.ONE)).orElse(BigDecimal.ONE);
    }

    private BigDecimal after(long branch, BigDecimal position) {
        return store.nextPosition(branch, position)
            .map(next -> midpoint(position, next))
            .orElse(position.add(BigDecimal.ONE));
    }

    private BigDecimal before(long branch, BigDecimal position) {
        return store.previousPosition(branch, position)
            .map(previous -> midpoint(previous, position))
            .orElse(position.subtract(BigDecimal.ONE));
    }

    private static BigDecimal midpoint(BigDecimal a, BigDecimal b) {
        return a.add(b).divide(TWO).stripTrailingZeros();
    }
}
