package dev.perfwatch.suites.serialization.buffers;

import java.util.Arrays;

/**
 * A growable byte[] with the calls a Flink-style DataOutputView offers, so the suites measure the serializer
 * and not a stream implementation.
 */
public final class ByteArrayDataOutputView {

    private byte[] buffer;
    private int position;

    public ByteArrayDataOutputView(int initialCapacity) {
        this.buffer = new byte[initialCapacity];
    }

    public void write(int b) {
        ensureCapacity(1);
        buffer[position++] = (byte) b;
    }

    public void write(byte[] bytes, int offset, int length) {
        ensureCapacity(length);
        System.arraycopy(bytes, offset, buffer, position, length);
        position += length;
    }

    public void writeBoolean(boolean value) {
        write(value ? 1 : 0);
    }

    public void writeInt(int value) {
        ensureCapacity(4);
        buffer[position] = (byte) (value >>> 24);
        buffer[position + 1] = (byte) (value >>> 16);
        buffer[position + 2] = (byte) (value >>> 8);
        buffer[position + 3] = (byte) value;
        position += 4;
    }

    public void writeLong(long value) {
        writeInt((int) (value >>> 32));
        writeInt((int) value);
    }

    public void writeDouble(double value) {
        writeLong(Double.doubleToRawLongBits(value));
    }

    /** Forgets what was written but keeps the grown array, as a serializer reusing its output does. */
    public void clear() {
        position = 0;
    }

    public int length() {
        return position;
    }

    /** The backing array; only the first {@link #length()} bytes are written. */
    public byte[] buffer() {
        return buffer;
    }

    private void ensureCapacity(int extra) {
        if (position + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + extra));
        }
    }
}
