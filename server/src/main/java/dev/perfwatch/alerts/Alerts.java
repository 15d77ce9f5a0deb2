package dev.perfwatch.alerts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.notifications.GroupMessage;
import dev.perfwatch.notifications.Notifications;
import dev.perfwatch.system.NotFoundException;

/**
 * The entry point the detection pipeline calls: raise confirmed changes as alerts, grouped per culprit and
 * announced once, and resolve them when a later change restores the level. See docs/alerts.md.
 */
@Service
public class Alerts {

    private static final Logger log = LoggerFactory.getLogger(Alerts.class);

    private static final Comparator<GroupKey> KEY_ORDER = Comparator.comparingLong(GroupKey::project)
        .thenComparingLong(GroupKey::firstBad)
        .thenComparingLong(GroupKey::lastGood);

    private final AlertStore store;

    private final AlertClosings closings;

    private final AlertQueries queries;

    private final SummaryQueries summaries;

    private final Messages messages;

    private final Notifications notifications;

    private final TransactionTemplate transaction;

    Alerts(AlertStore store, AlertClosings closings, AlertQueries queries, SummaryQueries summaries, Messages messages,
            Notifications notifications, TransactionTemplate transaction) {
        this.store = store;
        this.closings = closings;
        this.queries = queries;
        this.summaries = summaries;
        this.messages = messages;
        this.notifications = notifications;
        this.transaction = transaction;
    }

    /**
     * Stores the candidates as alerts, in one transaction. A candidate whose series was alerted at the same first bad
     * commit before stores nothing, so calling again with the same candidates is harmless. Alerts of one project and
     * culprit range form one group; a group that gained alerts gets its summary rewritten, and the first time it
     * holds a regression it is announced on the project's channels (and always on the Atom feed).
     *
     * @throws IllegalArgumentException when a series or commit does not exist or the commits are of another project
     */
    public Raised raise(List<AlertCandidate> candidates) {
        if (candidates.isEmpty()) {
            return new Raised(List.of(), List.of(), 0);
        }
        return transaction.execute(status -> raiseInTransaction(candidates));
    }

    /**
     * Resolves the series' open regression alerts (new, investigating, acknowledged) whose change came before
     * {@code commit} as fixed, audited as done by "perfwatch": the pipeline calls it when an improvement at that commit
     * brought the level back. Returns the ids of the alerts it resolved; none when the commit is not on the series'
     * branch.
     */
    public List<Long> levelRestored(long series, long commit) {
        return closeBefore(series, commit, Kind.REGRESSION, "level restored");
    }

    /**
     * Closes the series' open improvement alerts whose change came before {@code commit}: a regression at that commit
     * gave the improvement back. The regression is alerted on its own; the improvement's alert says where it went.
     */
    public List<Long> improvementGivenBack(long series, long commit) {
        return closeBefore(series, commit, Kind.IMPROVEMENT, "improvement given back");
    }

    /** Closes the series' open alerts of the kind before the commit as fixed, audited "{why} at {sha}". */
    private List<Long> closeBefore(long series, long commit, Kind kind, String why) {
        List<Long> closed = transaction.execute(status -> store.restore(series, commit, kind, why));
        if (!closed.isEmpty()) {
            log.info("Closed {} alerts {} of series {}: {} at the commit of id {}", kind.word(), closed, series, why,
                    commit);
        }
        return closed;
    }

    /**
     * Closes the series' open alert at {@code firstBad} as fixed because the level it reported did not hold (the runs
     * that followed went back): the history says {@code reason}, the group's summary says the change was transient.
     */
    public Optional<Long> didNotHold(long series, long firstBad, String reason) {
        Optional<Long> closed = transaction.execute(status -> closings.lapse(series, firstBad, reason));
        closed.ifPresent(id -> log.info("Closed alert {} of series {}: {}", id, series, reason));
        return closed;
    }

    /**
     * Closes the series' open alert at {@code firstBad} as invalid because re-detection over the whole stored history
     * (after a late run) no longer finds its change there: the history and the group's summary say {@code reason}.
     */
    public Optional<Long> withdraw(long series, long firstBad, String reason) {
        Optional<Long> closed = transaction.execute(status -> closings.withdraw(series, firstBad, reason));
        closed.ifPresent(id -> log.info("Withdrew alert {} of series {}: {}", id, series, reason));
        return closed;
    }

    /** Per benchmark of the project, how many of its alerts were judged invalid (noise), most first. */
    public List<FalseAlarms> falseAlarms(String project) {
        long id = queries.projectId(project).orElseThrow(() -> new NotFoundException("no project " + project));
        return queries.falseAlarms(id);
    }

    private Raised raiseInTransaction(List<AlertCandidate> candidates) {
        Map<Long, AlertStore.SeriesRow> series = store.series(candidates.stream().map(AlertCandidate::series)
            .distinct().toList());
        Map<Long, Long> commits = store.commitProjects(candidates.stream()
            .flatMap(c -> Stream.of(c.firstBadCommit(), c.lastGoodCommit()))
            .distinct()
            .toList());
        // Groups are taken in key order, so that two raises touching the same groups cannot deadlock.
        Map<GroupKey, List<AlertCandidate>> byGroup = new TreeMap<>(KEY_ORDER);
        for (AlertCandidate candidate : candidates) {
            AlertStore.SeriesRow row = Optional.ofNullable(series.get(candidate.series()))
                .orElseThrow(() -> new IllegalArgumentException("no series " + candidate.series()));
            for (long commit : new long[] { candidate.firstBadCommit(), candidate.lastGoodCommit() }) {
                if (!Long.valueOf(row.project()).equals(commits.get(commit))) {
                    throw new IllegalArgumentException("commit " + commit + " is not a commit of the project of series "
                            + candidate.series());
                }
            }
            byGroup.computeIfAbsent(new GroupKey(row.project(), candidate.firstBadCommit(),
                    candidate.lastGoodCommit()), key -> new ArrayList<>()).add(candidate);
        }
        List<Long> groups = new ArrayList<>();
        List<Long> created = new ArrayList<>();
        int already = 0;
        for (Map.Entry<GroupKey, List<AlertCandidate>> entry : byGroup.entrySet()) {
            GroupKey key = entry.getKey();
            long group = store.lockGroup(key.project(), key.firstBad(), key.lastGood());
            groups.add(group);
            List<Long> added = new ArrayList<>();
            for (AlertCandidate candidate : entry.getValue()) {
                AlertCandidate.Level before = candidate.before();
                Kind kind = Kind.of(before.value(), candidate.after().value(),
                        series.get(candidate.series()).direction());
                Optional<Long> alert = store.insertAlert(group, candidate, kind);
                alert.ifPresent(id -> store.history(id, AlertStore.PERFWATCH, null, Status.NEW, null,
                        "raised with confidence " + Messages.confidence(candidate.confidence())));
                alert.ifPresent(added::add);
                already += alert.isPresent() ? 0 : 1;
            }
            if (!added.isEmpty()) {
                GroupFacts facts = summaries.facts(group);
                store.summary(group, SummaryText.render(facts));
                List<String> announcedBefore = notifications.announcedOn(group);
                GroupMessage message = messages.of(group);
                List<String> channels = notifications.announce(message);
                List<String> followedUp = news(facts, added)
                    .map(news -> notifications.followUp(message.followUp(Collections.max(added), news), announcedBefore))
                    .orElse(List.of());
                log.info("Raised alerts {} in group {}{}{}", added, group,
                        channels.isEmpty() ? "" : ", announced on " + channels,
                        followedUp.isEmpty() ? "" : ", followed up on " + followedUp);
            }
            created.addAll(added);
        }
        return new Raised(groups, created, already);
    }

    /**
     * What a raise into an announced group adds that its channels were not told of: primary-score regressions of
     * cases with no primary-score regression in the group before ("1 more case regressed"). A throughput regression
     * a short history let through nights after the group was announced for its allocation change was never pushed:
     * the announcement is a snapshot. The same cases on a slower host class's nightly are not news (the summary and
     * the feed show them).
     */
    static Optional<String> news(GroupFacts facts, List<Long> added) {
        java.util.Set<Long> known = new java.util.HashSet<>();
        java.util.Set<Long> fresh = new java.util.TreeSet<>();
        for (GroupFacts.AlertFact alert : facts.alerts()) {
            if (!alert.primary() || alert.kind() != Kind.REGRESSION) {
                continue;
            }
            (added.contains(alert.alert()) ? fresh : known).add(alert.caseId());
        }
        fresh.removeAll(known);
        if (fresh.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(fresh.size() + (fresh.size() == 1 ? " more case regressed" : " more cases regressed"));
    }

    private record GroupKey(long project, long firstBad, long lastGood) {
    }
}
