package dev.perfwatch.runners;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Whether a runner's host is far noisier than its host class's, and the quarantine that follows when configured
 * (docs/runner.md, "Runner health"): a quarantined runner gets no job from the lease until its reference checks
 * are back in line for {@code recovery-checks} checks in a row. Runs before a recovery do not count against it.
 */
@Component
class RunnerHealth {

    private static final Logger log = LoggerFactory.getLogger(RunnerHealth.class);

    private final JdbcClient jdbc;

    private final RunnersProperties.Quarantine quarantine;

    RunnerHealth(JdbcClient jdbc, RunnersProperties properties) {
        this.jdbc = jdbc;
        this.quarantine = properties.quarantine();
    }

    /**
     * A runner's health as the Runners page shows it. state: healthy, noisy (flagged, quarantine off), quarantined,
     * or unknown (fewer runs than it takes to judge).
     */
    public record Health(String state, int recentRuns, int noisyRuns, Double classNoisyShare, String reason,
            Instant quarantinedAt, Long referenceNanos, Instant lastCheckAt) {
    }

    Health of(UUID runner) {
        Shares shares = shares(runner);
        Quarantined quarantined = quarantined(runner);
        boolean flagged = flagged(shares);
        String state = quarantined.at() != null ? "quarantined" : flagged ? "noisy"
                : shares.runs() < quarantine.minRuns() ? "unknown" : "healthy";
        Reference reference = reference(runner);
        return new Health(state, shares.runs(), shares.noisy(), shares.classRuns() == 0 ? null : shares.classShare(),
                quarantined.at() != null ? quarantined.reason() : flagged ? describe(shares) : null, quarantined.at(),
                reference.medianNanos(), reference.lastAt());
    }

    /** After a run was judged: quarantines the runner when it is flagged and quarantine is on. */
    void judge(UUID runner) {
        Shares shares = shares(runner);
        if (!quarantine.enabled() || !flagged(shares) || quarantined(runner).at() != null) {
            return;
        }
        String reason = describe(shares);
        jdbc.sql("update runner set quarantined_at = now(), quarantine_reason = :reason where id = :id")
            .param("id", runner)
            .param("reason", reason)
            .update();
        log.warn("runner {} quarantined: {}", runner, reason);
    }

    /** After an idle check: ends the quarantine once the newest recovery-checks checks since it began are in line. */
    Optional<String> recover(UUID runner) {
        Quarantined quarantined = quarantined(runner);
        if (quarantined.at() == null) {
            return Optional.empty();
        }
        int inLine = jdbc.sql("""
                select count(*) filter (where in_line) from (
                    select in_line from reference_check
                    where runner_id = :runner and checked_at >= :since
                    order by checked_at desc, id desc
                    limit :checks) newest
                having count(*) = :checks
                """)
            .param("runner", runner)
            .param("since", java.sql.Timestamp.from(quarantined.at()))
            .param("checks", quarantine.recoveryChecks())
            .query(Integer.class)
            .optional()
            .orElse(0);
        if (inLine < quarantine.recoveryChecks()) {
            return Optional.of(quarantined.reason());
        }
        jdbc.sql("""
                update runner set quarantined_at = null, quarantine_reason = null, health_since = now()
                where id = :id
                """)
            .param("id", runner)
            .update();
        log.info("runner {} recovered: {} reference checks in a row in line", runner, inLine);
        return Optional.empty();
    }

    /** How many more in-line checks a quarantined runner needs at most. */
    int recoveryChecks() {
        return quarantine.recoveryChecks();
    }

    private boolean flagged(Shares shares) {
        return shares.runs() >= quarantine.minRuns() && shares.share() > quarantine.noisyShare()
                && shares.share() >= quarantine.factor() * shares.classShare();
    }

    private static String describe(Shares shares) {
        return String.format(Locale.ROOT, "%d of its last %d runs were on a noisy host%s", shares.noisy(),
                shares.runs(), shares.classRuns() == 0 ? " (no other runner of its host class to compare with)"
                        : String.format(Locale.ROOT, ", %.0f%% of its host class's other runners' runs",
                                shares.classShare() * 100));
    }

    record Shares(int runs, int noisy, int classRuns, int classNoisy) {

        double share() {
            return runs == 0 ? 0 : (double) noisy / runs;
        }

        double classShare() {
            return classRuns == 0 ? 0 : (double) classNoisy / classRuns;
        }
    }

    /** The runner's newest runs since its last recovery, and those of the other runners of its host class. */
    private Shares shares(UUID runner) {
        return jdbc.sql("""
                with me as (select id, host_class, health_since from runner where id = :runner),
                mine as (select n.noisy from run_noise n join me on n.runner_id = me.id
                         where n.created_at >= coalesce(me.health_since, '-infinity')
                         order by n.created_at desc limit :recent),
                theirs as (select t.noisy from me
                           join runner other on other.host_class = me.host_class and other.id <> me.id
                           cross join lateral (select noisy from run_noise where runner_id = other.id
                                               order by created_at desc limit :recent) t)
                select (select count(*) from mine) as runs, (select count(*) from mine where noisy) as noisy,
                       (select count(*) from theirs) as class_runs,
                       (select count(*) from theirs where noisy) as class_noisy
                """)
            .param("recent", quarantine.recentRuns())
            .param("runner", runner)
            .query((rs, row) -> new Shares(rs.getInt("runs"), rs.getInt("noisy"), rs.getInt("class_runs"),
                    rs.getInt("class_noisy")))
            .single();
    }

    record Quarantined(Instant at, String reason) {
    }

    private Quarantined quarantined(UUID runner) {
        return jdbc.sql("select quarantined_at, quarantine_reason from runner where id = :id")
            .param("id", runner)
            .query((rs, row) -> new Quarantined(
                    rs.getTimestamp("quarantined_at") == null ? null : rs.getTimestamp("quarantined_at").toInstant(),
                    rs.getString("quarantine_reason")))
            .optional()
            .orElse(new Quarantined(null, null));
    }

    record Reference(Long medianNanos, Instant lastAt) {
    }

    /** The runner's baseline now: the median of its newest 20 checks, and when it last checked. */
    private Reference reference(UUID runner) {
        return jdbc.sql("""
                select percentile_cont(0.5) within group (order by median_nanos) as median, max(checked_at) as last_at
                from (select median_nanos, checked_at from reference_check
                      where runner_id = :runner
                      order by checked_at desc, id desc
                      limit 20) newest
                """)
            .param("runner", runner)
            .query((rs, row) -> new Reference(
                    rs.getObject("median") == null ? null : Math.round(rs.getDouble("median")),
                    rs.getTimestamp("last_at") == null ? null : rs.getTimestamp("last_at").toInstant()))
            .single();
    }
}
