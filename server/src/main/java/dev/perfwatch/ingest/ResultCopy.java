package dev.perfwatch.ingest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.ByteConverter;

import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;

/**
 * Writes a run's results with one binary {@code COPY}: PostgreSQL receives the doubles and the samples as the
 * bytes it stores, so it parses nothing, and one message carries the whole run. It joins the caller's transaction
 * (the connection comes from {@link DataSourceUtils}), so a run is still stored whole or not at all.
 */
@Component
class ResultCopy {

    private static final String COPY = """
            copy result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples, histogram)
            from stdin (format binary)""";

    private static final byte[] SIGNATURE = { 'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0 };

    private static final int FLOAT8 = 701;

    /** Encoded rows are sent to the COPY once they pass this many bytes. */
    private static final int PIECE = 1 << 20;

    private final DataSource dataSource;

    ResultCopy(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** One row of {@code result}; {@code samples} forks × iterations, nulls and non-finite values stored as null. */
    record Row(long series, double score, Double error, Double ciLower, Double ciUpper, List<List<Double>> samples,
            String histogram) {
    }

    /**
     * Sends the rows to the COPY in pieces of about a megabyte as they are encoded, rather than building the whole
     * message first: a maximal upload's message is tens of megabytes, and was held twice while it grew. (The
     * driver's {@code PGCopyOutputStream} did the same but cost every run about 6 ms more, measured on small runs;
     * a piece per megabyte sends a small run in one write, as before.)
     */
    long copy(UUID run, long commit, BigDecimal position, List<Row> rows) {
        Connection connection = DataSourceUtils.getConnection(dataSource);
        CopyIn copy = null;
        try {
            copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY);
            Encoder out = new Encoder(capacity(rows));
            out.header();
            Encoder.Constants constants = Encoder.constants(run, commit, position);
            for (Row row : rows) {
                out.row(constants, row);
                if (out.count >= PIECE) {
                    out.sendTo(copy);
                }
            }
            out.writeShort(-1);
            out.sendTo(copy);
            return copy.endCopy();
        }
        catch (SQLException ex) {
            throw new IllegalStateException("could not store the results of run " + run, ex);
        }
        finally {
            cancel(copy);
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    /**
     * The first buffer: a piece and a quarter for a large run (it then never grows), about what a small run needs
     * otherwise. A buffer of 1.25 MB for every run, zeroed and dropped, was most of what a 10-result run of an
     * import allocated.
     */
    static int capacity(List<Row> rows) {
        long estimate = 64;
        for (Row row : rows) {
            estimate += 128;
            for (List<Double> fork : row.samples()) {
                estimate += 12L * fork.size();
            }
            if (row.histogram() != null) {
                estimate += 4L * row.histogram().length();
            }
            if (estimate >= PIECE) {
                break;
            }
        }
        return (int) Math.min(estimate, PIECE + (PIECE >> 2));
    }

    /** A COPY left open by a failure would hold the connection in copy mode. */
    private static void cancel(CopyIn copy) {
        if (copy != null && copy.isActive()) {
            try {
                copy.cancelCopy();
            }
            catch (SQLException ex) {
                // the transaction rolls back anyway; the first failure is the one worth reporting
            }
        }
    }

    static byte[] encode(UUID run, long commit, BigDecimal position, List<Row> rows) {
        Encoder out = new Encoder(64 + rows.size() * 600);
        out.header();
        Encoder.Constants constants = Encoder.constants(run, commit, position);
        for (Row row : rows) {
            out.row(constants, row);
        }
        out.writeShort(-1);
        return java.util.Arrays.copyOf(out.buffer, out.count);
    }

    /**
     * COPY's binary format written straight into a byte array, big-endian. (A {@code DataOutputStream} over a
     * {@code ByteArrayOutputStream} made a synchronized call per byte of every int, and each sample has one; the
     * encoding was about 15% of the request threads' profile of a 500-result run.)
     */
    private static final class Encoder {

        private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class,
                ByteOrder.BIG_ENDIAN);

        private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

        private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.BIG_ENDIAN);

        private byte[] buffer;

        private int count;

        Encoder(int capacity) {
            this.buffer = new byte[capacity];
        }

        /** The fields every row of a run repeats, encoded once: the run's id, and its commit and position. */
        record Constants(byte[] run, byte[] commitAndPosition) {
        }

        static Constants constants(UUID run, long commit, BigDecimal position) {
            Encoder head = new Encoder(32);
            head.writeShort(10);
            head.writeInt(16);
            head.writeLong(run.getMostSignificantBits());
            head.writeLong(run.getLeastSignificantBits());
            Encoder tail = new Encoder(64);
            byte[] positionBytes = ByteConverter.numeric(position);
            tail.writeInt(8);
            tail.writeLong(commit);
            tail.writeInt(positionBytes.length);
            tail.write(positionBytes);
            return new Constants(java.util.Arrays.copyOf(head.buffer, head.count),
                    java.util.Arrays.copyOf(tail.buffer, tail.count));
        }

        void header() {
            write(SIGNATURE);
            writeInt(0);
            writeInt(0);
        }

        void row(Constants constants, Row row) {
            write(constants.run());
            writeInt(8);
            writeLong(row.series());
            write(constants.commitAndPosition());
            writeInt(8);
            writeDouble(row.score());
            nullableDouble(this, row.error());
            nullableDouble(this, row.ciLower());
            nullableDouble(this, row.ciUpper());
            samples(this, row.samples());
            if (row.histogram() == null) {
                writeInt(-1);
            }
            else {
                byte[] json = row.histogram().getBytes(StandardCharsets.UTF_8);
                writeInt(json.length + 1);
                ensure(1);
                buffer[count++] = 1; // jsonb's binary format: version 1, then the text
                write(json);
            }
        }

        void sendTo(CopyIn copy) throws SQLException {
            if (count > 0) {
                copy.writeToCopy(buffer, 0, count);
                count = 0;
            }
        }

        private void ensure(int bytes) {
            if (count + bytes > buffer.length) {
                buffer = java.util.Arrays.copyOf(buffer, Math.max(buffer.length * 2, count + bytes));
            }
        }

        void write(byte[] bytes) {
            ensure(bytes.length);
            System.arraycopy(bytes, 0, buffer, count, bytes.length);
            count += bytes.length;
        }

        void writeShort(int value) {
            ensure(2);
            SHORT.set(buffer, count, (short) value);
            count += 2;
        }

        void writeInt(int value) {
            ensure(4);
            INT.set(buffer, count, value);
            count += 4;
        }

        void writeLong(long value) {
            ensure(8);
            LONG.set(buffer, count, value);
            count += 8;
        }

        /** As {@code DataOutputStream.writeDouble}: a NaN score is stored as the one canonical NaN. */
        void writeDouble(double value) {
            writeLong(Double.doubleToLongBits(value));
        }
    }

    private static void nullableDouble(Encoder out, Double value) {
        if (value == null) {
            out.writeInt(-1);
        }
        else {
            out.writeInt(8);
            out.writeDouble(value);
        }
    }

    /** A 2-D float8 array; shorter forks are padded with nulls (the array must be rectangular). */
    private static void samples(Encoder out, List<List<Double>> forks) {
        int width = 0;
        for (List<Double> fork : forks) {
            width = Math.max(width, fork.size());
        }
        if (width == 0) {
            out.writeInt(12); // the empty array: no dimensions
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(FLOAT8);
            return;
        }
        int nulls = 0;
        for (List<Double> fork : forks) {
            nulls += width - fork.size();
            for (Double value : fork) {
                if (value == null || !Double.isFinite(value)) {
                    nulls++;
                }
            }
        }
        int cells = forks.size() * width;
        out.writeInt(12 + 16 + (cells - nulls) * 12 + nulls * 4);
        out.writeInt(2);
        out.writeInt(nulls > 0 ? 1 : 0);
        out.writeInt(FLOAT8);
        out.writeInt(forks.size());
        out.writeInt(1);
        out.writeInt(width);
        out.writeInt(1);
        for (List<Double> fork : forks) {
            for (int i = 0; i < width; i++) {
                Double value = i < fork.size() ? fork.get(i) : null;
                if (value == null || !Double.isFinite(value)) {
                    out.writeInt(-1);
                }
                else {
                    out.writeInt(8);
                    out.writeDouble(value);
                }
            }
        }
    }
}
