package dev.perfwatch.pipeline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

import dev.perfwatch.ingest.IngestService;

/**
 * Finds the culprit of a confirmed change when the nightly covered several commits: lists the first-parent commits
 * between good and bad with git, and halves the range with the confirmation's own comparison until one commit is
 * left. Runs in the caller's transaction. See docs/pipeline.md.
 */
@Component
class Bisection {

    private static final Logger log = LoggerFactory.getLogger(Bisection.class);

    private final ConfirmationStore confirmationStore;

    private final ConfirmationJobs rounds;

    private final ChangeAlerts outcomes;

    private final GitHistory git;

    private final IngestService ingest;

    private final PipelineProperties properties;

    Bisection(ConfirmationStore confirmationStore, ConfirmationJobs rounds, ChangeAlerts outcomes, GitHistory git,
            IngestService ingest, PipelineProperties properties) {
        this.confirmationStore = confirmationStore;
        this.rounds = rounds;
        this.outcomes = outcomes;
        this.git = git;
        this.ingest = ingest;
        this.properties = properties;
    }

    /**
     * Starts bisecting when the bad commit's first parent is not the good one and git lists two or more commits in
     * between; returns false when there is nothing to bisect (or git cannot tell), and the range is alerted.
     */
    boolean start(ConfirmationStore.ConfirmationRow confirmation) {
        if (confirmation.goodSha().equals(confirmation.badParent())) {
            return false;
        }
        List<String> commits;
        try {
            commits = git.between(rounds.repository(confirmation), confirmation.goodSha(), confirmation.badSha());
        }
        catch (RuntimeException ex) {
            log.warn("Confirmation {}: cannot list the commits between {} and {}, alerting on the range: {}",
                    confirmation.id(), confirmation.goodSha(), confirmation.badSha(), ex.getMessage());
            return false;
        }
        if (commits.size() < 2) {
            return false;
        }
        confirmationStore.bisect(confirmation.id(), commits, 0, commits.size(), "changed; bisecting " + commits.size() + " commits");
        rounds.queueRound(confirmationStore.find(confirmation.id()), confirmation.round() + 1, 1, confirmation.goodSha(),
                commits.get(commits.size() / 2 - 1));
        return true;
    }

    /**
     * One step: the commit in the middle of (lo, hi] against commits[lo]. Changed: the culprit is at or before the
     * middle; the same: after it. Unclear at the end of the budget: the middle goes with the end whose level it is
     * nearer, and a middle that could not be measured (its build fails) goes with the good end. Returns whether the
     * bisection ended (and the alerts were raised).
     */
    boolean step(ConfirmationStore.ConfirmationRow confirmation, List<SuspectStore.SuspectRow> suspects, Forks forks,
            List<UUID> runs, boolean last) {
        int lo = confirmation.lo();
        int hi = confirmation.hi();
        int mid = (lo + hi) / 2;
        Map<SuspectStore.SuspectRow, Verdict> verdicts = forks.verdicts(suspects, confirmation.at(lo),
                confirmation.at(mid), properties, confirmation.stepRound(), last);
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.CHANGED)) {
            hi = mid;
        }
        else if (verdicts.values().stream().allMatch(v -> v.outcome() == Verdict.Outcome.SAME) && !last) {
            lo = mid;
        }
        else if (!last) {
            rounds.queueRound(confirmation, confirmation.round() + 1, confirmation.stepRound() + 1,
                    confirmation.at(lo), confirmation.at(mid));
            return false;
        }
        else if (nearerToAfter(forks, suspects.get(0), confirmation.at(lo), confirmation.at(mid),
                confirmation.at(hi))) {
            hi = mid;
        }
        else {
            lo = mid;
        }
        String text = "culprit in " + abbreviate(confirmation.at(lo)) + ".." + abbreviate(confirmation.at(hi));
        confirmationStore.bisect(confirmation.id(), confirmation.commits(), lo, hi, text);
        if (hi - lo > 1) {
            rounds.queueRound(confirmation, confirmation.round() + 1, 1, confirmation.at(lo),
                    confirmation.at((lo + hi) / 2));
            return false;
        }
        // The range's commits get their places on the tracked branch, so the culprit is in branch order (for the
        // alert's summary, and for a later recovery to resolve it).
        ingest.placeCommits(confirmation.project(), confirmation.branch(), confirmation.goodSha(),
                confirmation.commits());
        long firstBad = confirmationStore.commitId(confirmation.project(), confirmation.at(hi)).orElse(confirmation.bad());
        long lastGood = confirmationStore.commitId(confirmation.project(), confirmation.at(lo)).orElse(confirmation.good());
        // The confidence is that of the confirmation of the whole range; the steps only placed the change.
        Map<SuspectStore.SuspectRow, Double> confidences = new LinkedHashMap<>();
        suspects.forEach(s -> confidences.put(s, s.confidence()));
        outcomes.finish(confirmation, suspects.size(), confidences, firstBad, lastGood, runs, "bisected: " + text);
        return true;
    }

    private static boolean nearerToAfter(Forks forks, SuspectStore.SuspectRow suspect, String before, String middle,
            String after) {
        double mid = forks.mean(suspect, middle);
        return Math.abs(mid - forks.mean(suspect, after)) < Math.abs(mid - forks.mean(suspect, before));
    }

    private static String abbreviate(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
