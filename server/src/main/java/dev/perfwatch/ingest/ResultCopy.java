package dev.perfwatch.ingest;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
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
            Pieces pieces = new Pieces(copy);
            DataOutputStream out = new DataOutputStream(pieces);
            out.write(SIGNATURE);
            out.writeInt(0);
            out.writeInt(0);
            byte[] positionBytes = ByteConverter.numeric(position);
            for (Row row : rows) {
                row(out, run, commit, positionBytes, row);
                pieces.sendWhenFull();
            }
            out.writeShort(-1);
            pieces.send();
            return copy.endCopy();
        }
        catch (SQLException ex) {
            throw new IllegalStateException("could not store the results of run " + run, ex);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        finally {
            cancel(copy);
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    /** The encoded rows not sent yet; sent to the COPY once they pass a megabyte. */
    private static final class Pieces extends ByteArrayOutputStream {

        private static final int PIECE = 1 << 20;

        private final CopyIn copy;

        Pieces(CopyIn copy) {
            super(PIECE + (PIECE >> 2));
            this.copy = copy;
        }

        void sendWhenFull() throws SQLException {
            if (count >= PIECE) {
                send();
            }
        }

        void send() throws SQLException {
            if (count > 0) {
                copy.writeToCopy(buf, 0, count);
                reset();
            }
        }
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
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + rows.size() * 600);
        try {
            encode(run, commit, position, rows, new DataOutputStream(bytes));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return bytes.toByteArray();
    }

    private static void encode(UUID run, long commit, BigDecimal position, List<Row> rows, DataOutputStream out)
            throws IOException {
        out.write(SIGNATURE);
        out.writeInt(0);
        out.writeInt(0);
        byte[] positionBytes = ByteConverter.numeric(position);
        for (Row row : rows) {
            row(out, run, commit, positionBytes, row);
        }
        out.writeShort(-1);
    }

    private static void row(DataOutputStream out, UUID run, long commit, byte[] positionBytes, Row row)
            throws IOException {
        out.writeShort(10);
        out.writeInt(16);
        out.writeLong(run.getMostSignificantBits());
        out.writeLong(run.getLeastSignificantBits());
        out.writeInt(8);
        out.writeLong(row.series());
        out.writeInt(8);
        out.writeLong(commit);
        out.writeInt(positionBytes.length);
        out.write(positionBytes);
        out.writeInt(8);
        out.writeDouble(row.score());
        nullableDouble(out, row.error());
        nullableDouble(out, row.ciLower());
        nullableDouble(out, row.ciUpper());
        samples(out, row.samples());
        if (row.histogram() == null) {
            out.writeInt(-1);
        }
        else {
            byte[] json = row.histogram().getBytes(StandardCharsets.UTF_8);
            out.writeInt(json.length + 1);
            out.writeByte(1); // jsonb's binary format: version 1, then the text
            out.write(json);
        }
    }

    private static void nullableDouble(DataOutputStream out, Double value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
        }
        else {
            out.writeInt(8);
            out.writeDouble(value);
        }
    }

    /** A 2-D float8 array; shorter forks are padded with nulls (the array must be rectangular). */
    private static void samples(DataOutputStream out, List<List<Double>> forks) throws IOException {
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
