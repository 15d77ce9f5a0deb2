package dev.perfwatch.alerts;

import java.util.List;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * People's verdicts on alerts. Every change is audited with the token's name; any state may follow any other, since
 * a verdict can be wrong, and a repeated one is still recorded with its comment.
 */
@Service
class Triage {

    private final AlertStore store;

    private final AlertQueries queries;

    private final TransactionTemplate transaction;

    Triage(AlertStore store, AlertQueries queries, TransactionTemplate transaction) {
        this.store = store;
        this.queries = queries;
        this.transaction = transaction;
    }

    AlertViews.AlertDetail alert(long id, TriageRequest request, String actor) {
        Status to = status(request);
        transaction.executeWithoutResult(tx -> {
            AlertStore.Locked alert = store.lockAlert(id).orElseThrow(() -> new NotFoundException("no alert " + id));
            Long duplicateOf = null;
            if (to == Status.DUPLICATE) {
                duplicateOf = request.duplicateOf();
                if (duplicateOf == id) {
                    throw new InvalidInputException("duplicateOf", "an alert cannot be a duplicate of itself");
                }
                if (!store.alertExists(duplicateOf)) {
                    throw new InvalidInputException("duplicateOf", "duplicateOf names no alert: " + duplicateOf);
                }
            }
            change(alert, to, duplicateOf, request.comment(), actor);
        });
        return detail(id);
    }

    /** The same verdict for every alert of the group; a duplicate group points each alert at its counterpart. */
    AlertViews.Group group(long id, TriageRequest request, String actor) {
        Status to = status(request);
        transaction.executeWithoutResult(tx -> {
            if (!store.groupExists(id)) {
                throw new NotFoundException("no alert group " + id);
            }
            if (to == Status.DUPLICATE) {
                if (request.duplicateOf() == id) {
                    throw new InvalidInputException("duplicateOf", "a group cannot be a duplicate of itself");
                }
                if (!store.groupExists(request.duplicateOf())) {
                    throw new InvalidInputException("duplicateOf",
                            "duplicateOf names no alert group: " + request.duplicateOf());
                }
            }
            List<AlertStore.Locked> alerts = store.lockAlertsOfGroup(id);
            for (AlertStore.Locked alert : alerts) {
                Long duplicateOf = to != Status.DUPLICATE ? null
                        : store.counterpart(request.duplicateOf(), alert.series())
                            .orElseThrow(() -> new InvalidInputException("duplicateOf",
                                    "alert group " + request.duplicateOf() + " has no alerts"));
                change(alert, to, duplicateOf, request.comment(), actor);
            }
        });
        return queries.groups(null, id, 1).get(0);
    }

    AlertViews.AlertDetail detail(long id) {
        AlertViews.Alert alert = queries.alert(id).orElseThrow(() -> new NotFoundException("no alert " + id));
        return new AlertViews.AlertDetail(alert, queries.history(id));
    }

    private void change(AlertStore.Locked alert, Status to, Long duplicateOf, String comment, String actor) {
        store.status(alert.id(), to, duplicateOf);
        store.history(alert.id(), actor, alert.status(), to, duplicateOf, comment);
    }

    /** Checks the body before anything is locked: the status, and duplicateOf exactly when it is duplicate. */
    private static Status status(TriageRequest request) {
        if (request.status() == null || request.status().isBlank()) {
            throw new InvalidInputException("status", "status is required: one of " + Status.WORDS);
        }
        Status status = Status.parse(request.status())
            .orElseThrow(() -> new InvalidInputException("status",
                    "status must be one of " + Status.WORDS + ", was '" + request.status() + "'"));
        if (status == Status.DUPLICATE && request.duplicateOf() == null) {
            throw new InvalidInputException("duplicateOf", "a duplicate names the one it repeats in duplicateOf");
        }
        if (status != Status.DUPLICATE && request.duplicateOf() != null) {
            throw new InvalidInputException("duplicateOf", "duplicateOf is only for status duplicate");
        }
        return status;
    }
}
