package dev.perfwatch.suites.serialization.buffers;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * An in-memory OutputStream that can be emptied and written again without reallocating, and without the
 * synchronization of java.io.ByteArrayOutputStream, so a suite measures the serializer writing to it.
 */
public final class ReusableByteArrayOutputStream extends OutputStream {

    private byte[] buffer;
    private int count;

    public ReusableByteArrayOutputStream(int initialCapacity) {
        this.buffer = new byte[initialCapacity];
    }

    @Override
    public void write(int b) {
        ensureCapacity(1);
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        ensureCapacity(length);
        System.arraycopy(bytes, offset, buffer, count, length);
        count += length;
    }

    public void reset() {
        count = 0;
    }

    public int size() {
        return count;
    }

    /** The backing array; only the first {@link #size()} bytes are written. */
    public byte[] array() {
        return buffer;
    }

    private void ensureCapacity(int extra) {
        if (count + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, count + extra));
        }
    }
}
