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
        return place(branch, new RunStore.BranchCommit(commit, store.position(branch, commit.id()).orElse(null)));
    }

    /** Places a commit whose position on the branch was read with it ({@link RunStore#commit(long, Long, RunUpload.Commit)}). */
    BigDecimal place(long branch, RunStore.BranchCommit found) {
        if (found.position() != null) {
            return found.position();
        }
        RunStore.StoredCommit commit = found.commit();
        store.lockBranch(branch);
        // Read after the lock, in a statement of its own: a statement sees what committed before it started.
        RunStore.PlacementFacts facts = store.placementFacts(branch, commit.id(),
                commit.parents().isEmpty() ? null : commit.parents().get(0));
        if (facts.known() != null) {
            return facts.known();
        }
        BigDecimal position = choose(branch, commit, facts);
        store.place(branch, commit.id(), position);
        return position;
    }

    private BigDecimal choose(long branch, RunStore.StoredCommit commit, RunStore.PlacementFacts facts) {
        if (facts.parent() != null) {
            return facts.next() == null ? facts.parent().add(BigDecimal.ONE) : midpoint(facts.parent(), facts.next());
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
