package dev.perfwatch.series;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A body held in chunks sends the bytes written and tags them as one array of them would be tagged. */
class HeldBodyTest {

    @Test
    void bodyWhenWrittenAcrossChunksSendsAndTagsTheSameBytes() throws IOException {
        byte[] bytes = new byte[2 * HeldBody.CHUNK + 12_345];
        new Random(16).nextBytes(bytes);
        HeldBody body = new HeldBody();
        body.write(bytes[0]);
        body.write(bytes, 1, HeldBody.CHUNK - 2);
        body.write(bytes, HeldBody.CHUNK - 1, 2);
        body.write(bytes, HeldBody.CHUNK + 1, bytes.length - HeldBody.CHUNK - 2);
        body.write(bytes[bytes.length - 1]);

        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        body.writeTo(sent);

        assertThat(body.size()).isEqualTo(bytes.length);
        assertThat(sent.toByteArray()).isEqualTo(bytes);
        assertThat(body.etag()).isEqualTo(arrayTag(bytes));

        ByteArrayOutputStream trimmed = new ByteArrayOutputStream();
        body.trim().writeTo(trimmed);
        assertThat(trimmed.toByteArray()).as("trimmed, as ReadCache keeps it").isEqualTo(bytes);
        assertThat(body.etag()).isEqualTo(arrayTag(bytes));
    }

    @Test
    void bodyWhenEmptyIsTaggedByItsLength() throws IOException {
        HeldBody body = new HeldBody();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        body.writeTo(sent);

        assertThat(sent.size()).isZero();
        assertThat(body.etag()).isEqualTo(arrayTag(new byte[0]));
    }

    /** The tag as the controller made it from one array before (a7f77d7). */
    private static String arrayTag(byte[] bytes) {
        CRC32C c = new CRC32C();
        c.update(bytes, 0, bytes.length);
        CRC32 d = new CRC32();
        d.update(bytes, 0, bytes.length);
        return "\"" + Long.toHexString(c.getValue() << 32 | d.getValue()) + "-" + Integer.toHexString(bytes.length)
                + "\"";
    }
}
