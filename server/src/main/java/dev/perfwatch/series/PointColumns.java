package dev.perfwatch.series;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;


/**
 * The points of a read as columns ({@code form=columns}, docs/api.md): one array per field, each commit once with
 * the points naming it by index, instants as epoch milliseconds. It exists for the timeline: the default form spends
 * most of a 10,000-point read's JVM CPU making and writing an Instant, a UUID and a field name per value, and repeats
 * each commit's strings per point (docs/performance.md, "Reads, session of 2026-11-24 04:50"). The rows are kept as
 * primitives straight from the result set; no record per point. Non-finite numbers are written as null, as in the
 * default form; {@code PointColumnsTest} holds the two forms to the same data. {@link PointColumnsJson} writes them.
 */
final class PointColumns {

    /** An absent instant among the epoch milliseconds. */
    static final long NO_TIME = Long.MIN_VALUE;

    int size;

    long[] commit;

    double[] score;

    double[] error;

    double[] ciLower;

    double[] ciUpper;

    UUID[] run;

    /** Epoch nanoseconds. */
    long[] recordedAt;

    boolean[] noisy;

    String[] noiseReason;

    /**
     * Per point, the pack it was read from (SeriesPacks) when that holds the JSON text of its score and error, else
     * null (written from the doubles): a cold read then copies those bytes instead of finding the shortest digits of
     * 20,000 doubles again (docs/performance.md, "The cold 10,000-point read again, branch read5").
     */
    byte[][] text;

    /** Where in {@link #text} the point's two texts start ({@link PointColumnsJson#numberText}'s layout). */
    int[] textAt;

    PointColumns(int capacity) {
        int initial = Math.max(16, Math.min(capacity, 16_384));
        commit = new long[initial];
        score = new double[initial];
        error = new double[initial];
        ciLower = new double[initial];
        ciUpper = new double[initial];
        run = new UUID[initial];
        recordedAt = new long[initial];
        noisy = new boolean[initial];
        noiseReason = new String[initial];
        text = new byte[initial][];
        textAt = new int[initial];
    }

    int size() {
        return size;
    }

    long[] commits() {
        return Arrays.copyOf(commit, size);
    }

    /** The runs, in the columns' order (tests). */
    UUID[] runs() {
        return Arrays.copyOf(run, size);
    }

    /** A point of only a commit and a run (tests of the order). */
    void addForTest(long commitId, UUID runId) {
        if (size == commit.length) {
            grow();
        }
        commit[size] = commitId;
        run[size] = runId;
        recordedAt[size] = NO_TIME;
        size++;
    }

    /**
     * One row of {@link SeriesQueries#POINTS}: commit_id, score, error, ci_lower, ci_upper, run_id, recorded_at,
     * noisy, noise_reason. SQL null becomes NaN (written as null, as non-finite numbers are).
     */
    void add(ResultSet rs) throws SQLException {
        if (size == commit.length) {
            grow();
        }
        int i = size++;
        commit[i] = rs.getLong(1);
        score[i] = rs.getDouble(2);
        error[i] = nullableDouble(rs, 3);
        ciLower[i] = nullableDouble(rs, 4);
        ciUpper[i] = nullableDouble(rs, 5);
        run[i] = rs.getObject(6, UUID.class);
        Timestamp recorded = rs.getTimestamp(7);
        // kept to the nanosecond for since's comparison (PostgreSQL keeps microseconds), written in milliseconds
        recordedAt[i] = recorded == null ? NO_TIME
                : Math.floorDiv(recorded.getTime(), 1000) * 1_000_000_000L + recorded.getNanos();
        noisy[i] = rs.getBoolean(8);
        noiseReason[i] = rs.getString(9);
        text[i] = null;
    }

    /** One point of a pack (SeriesPacks), its values as {@link #add(ResultSet)} would have decoded them. */
    void addPoint(long commitId, double scoreValue, double errorValue, double lower, double upper, UUID runId,
            long recordedNanos, boolean isNoisy, String reason) {
        if (size == commit.length) {
            grow();
        }
        int i = size++;
        commit[i] = commitId;
        score[i] = scoreValue;
        error[i] = errorValue;
        ciLower[i] = lower;
        ciUpper[i] = upper;
        run[i] = runId;
        recordedAt[i] = recordedNanos;
        noisy[i] = isNoisy;
        noiseReason[i] = reason;
        text[i] = null;
    }

    /** Appends point {@code i} of other columns. */
    void copy(PointColumns other, int i) {
        addPoint(other.commit[i], other.score[i], other.error[i], other.ciLower[i], other.ciUpper[i], other.run[i],
                other.recordedAt[i], other.noisy[i], other.noiseReason[i]);
        text[size - 1] = other.text[i];
        textAt[size - 1] = other.textAt[i];
    }

    /**
     * From the statement's newest-first rows to branch order: reversed, a commit's results by run id (as {@link
     * BranchOrder} orders the list form's).
     */
    void toBranchOrder() {
        for (int i = 0, j = size - 1; i < j; i++, j--) {
            swap(i, j);
        }
        int from = 0;
        while (from < size) {
            int to = from + 1;
            while (to < size && commit[to] == commit[from]) {
                to++;
            }
            // a commit measured more than once: a few results, insertion sort
            for (int i = from + 1; i < to; i++) {
                for (int j = i; j > from && BranchOrder.RUN.compare(run[j - 1], run[j]) > 0; j--) {
                    swap(j - 1, j);
                }
            }
            from = to;
        }
    }

    /**
     * Keeps only the points drawn at or after {@code since}: at their commit's time, or when their run was recorded
     * for a commit without one (as the default form filters).
     */
    void since(Instant since, Map<Long, SeriesViews.Commit> commits) {
        if (since == null) {
            return;
        }
        long from = since.getEpochSecond() * 1_000_000_000L + since.getNano();
        int kept = 0;
        for (int i = 0; i < size; i++) {
            Instant time = commits.get(commit[i]).time();
            boolean drawn = time != null ? !time.isBefore(since) : recordedAt[i] != NO_TIME && recordedAt[i] >= from;
            if (drawn) {
                move(i, kept++);
            }
        }
        size = kept;
    }

    private void swap(int a, int b) {
        long c = commit[a];
        commit[a] = commit[b];
        commit[b] = c;
        double d = score[a];
        score[a] = score[b];
        score[b] = d;
        d = error[a];
        error[a] = error[b];
        error[b] = d;
        d = ciLower[a];
        ciLower[a] = ciLower[b];
        ciLower[b] = d;
        d = ciUpper[a];
        ciUpper[a] = ciUpper[b];
        ciUpper[b] = d;
        UUID u = run[a];
        run[a] = run[b];
        run[b] = u;
        long t = recordedAt[a];
        recordedAt[a] = recordedAt[b];
        recordedAt[b] = t;
        boolean n = noisy[a];
        noisy[a] = noisy[b];
        noisy[b] = n;
        String r = noiseReason[a];
        noiseReason[a] = noiseReason[b];
        noiseReason[b] = r;
        byte[] x = text[a];
        text[a] = text[b];
        text[b] = x;
        int at = textAt[a];
        textAt[a] = textAt[b];
        textAt[b] = at;
    }

    private void move(int from, int to) {
        commit[to] = commit[from];
        score[to] = score[from];
        error[to] = error[from];
        ciLower[to] = ciLower[from];
        ciUpper[to] = ciUpper[from];
        run[to] = run[from];
        recordedAt[to] = recordedAt[from];
        noisy[to] = noisy[from];
        noiseReason[to] = noiseReason[from];
        text[to] = text[from];
        textAt[to] = textAt[from];
    }

    private void grow() {
        int capacity = commit.length * 2;
        commit = Arrays.copyOf(commit, capacity);
        score = Arrays.copyOf(score, capacity);
        error = Arrays.copyOf(error, capacity);
        ciLower = Arrays.copyOf(ciLower, capacity);
        ciUpper = Arrays.copyOf(ciUpper, capacity);
        run = Arrays.copyOf(run, capacity);
        recordedAt = Arrays.copyOf(recordedAt, capacity);
        noisy = Arrays.copyOf(noisy, capacity);
        noiseReason = Arrays.copyOf(noiseReason, capacity);
        text = Arrays.copyOf(text, capacity);
        textAt = Arrays.copyOf(textAt, capacity);
    }

    private static double nullableDouble(ResultSet rs, int column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? Double.NaN : value;
    }
}
