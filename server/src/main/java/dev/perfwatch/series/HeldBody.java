package dev.perfwatch.series;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * A response body held whole before its first byte is sent, so that its ETag is known for the header; it goes
 * out with a Content-Length, not chunked (which by itself measured no faster: docs/performance.md, "Over
 * HTTP"). Held in chunks of 256 KB rather than one array: an array of half a G1 region or more (2 MB with this
 * machine's 4 MB regions, 512 KB with 1 MB ones) is allocated as a humongous object, and those 2.5 MB buffers
 * started most of the benchmark's collections (docs/performance.md, "Reads, session of 2026-11-24 07:30").
 */
final class HeldBody extends OutputStream {

    static final int CHUNK = 256 * 1024;

    private final List<byte[]> chunks = new ArrayList<>();

    private byte[] current = new byte[CHUNK];

    private int used;

    private int size;

    HeldBody() {
        chunks.add(current);
    }

    @Override
    public void write(int b) {
        if (used == CHUNK) {
            next();
        }
        current[used++] = (byte) b;
        size++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        while (length > 0) {
            if (used == CHUNK) {
                next();
            }
            int n = Math.min(length, CHUNK - used);
            System.arraycopy(bytes, offset, current, used, n);
            used += n;
            size += n;
            offset += n;
            length -= n;
        }
    }

    private void next() {
        current = new byte[CHUNK];
        chunks.add(current);
        used = 0;
    }

    int size() {
        return size;
    }

    /**
     * Drops the unused end of the last chunk (a small answer would otherwise hold 256 KB), before the body is kept
     * (ReadCache counts what it holds by {@link #size}); nothing may be written after.
     */
    HeldBody trim() {
        if (used < CHUNK) {
            current = java.util.Arrays.copyOf(current, used);
            chunks.set(chunks.size() - 1, current);
        }
        return this;
    }

    /**
     * A strong validator of these bytes: two different 32-bit CRCs and the length. Both CRCs are JIT intrinsics
     * (the read with its tag measured the JVM CPU of one without, docs/performance.md), where Spring's
     * ShallowEtagHeaderFilter would take an MD5; a validator only has to tell this series' versions apart, not
     * resist an adversary.
     */
    String etag() {
        CRC32C c = new CRC32C();
        CRC32 d = new CRC32();
        for (int i = 0; i < chunks.size(); i++) {
            int n = i == chunks.size() - 1 ? used : CHUNK;
            c.update(chunks.get(i), 0, n);
            d.update(chunks.get(i), 0, n);
        }
        return "\"" + Long.toHexString(c.getValue() << 32 | d.getValue()) + "-" + Integer.toHexString(size)
                + "\"";
    }

    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < chunks.size(); i++) {
            out.write(chunks.get(i), 0, i == chunks.size() - 1 ? used : CHUNK);
        }
    }
}
