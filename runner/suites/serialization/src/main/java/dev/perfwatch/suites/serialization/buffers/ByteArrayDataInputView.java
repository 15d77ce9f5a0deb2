package dev.perfwatch.suites.serialization.buffers;

/** Reads back what {@link ByteArrayDataOutputView} wrote, from a byte[] it can be pointed at again and again. */
public final class ByteArrayDataInputView {

    private byte[] buffer = new byte[0];
    private int position;
    private int end;

    /** Reads {@code length} bytes of {@code bytes} from the start, without copying them. */
    public ByteArrayDataInputView reset(byte[] bytes, int length) {
        this.buffer = bytes;
        this.position = 0;
        this.end = length;
        return this;
    }

    public int readUnsignedByte() {
        checkAvailable(1);
        return buffer[position++] & 0xFF;
    }

    public void readFully(byte[] target, int offset, int length) {
        checkAvailable(length);
        System.arraycopy(buffer, position, target, offset, length);
        position += length;
    }

    public boolean readBoolean() {
        return readUnsignedByte() != 0;
    }

    public int readInt() {
        checkAvailable(4);
        int value = (buffer[position] & 0xFF) << 24
                | (buffer[position + 1] & 0xFF) << 16
                | (buffer[position + 2] & 0xFF) << 8
                | buffer[position + 3] & 0xFF;
        position += 4;
        return value;
    }

    public long readLong() {
        long high = readInt();
        return high << 32 | readInt() & 0xFFFF_FFFFL;
    }

    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    public int remaining() {
        return end - position;
    }

    private void checkAvailable(int length) {
        if (end - position < length) {
            throw new IndexOutOfBoundsException(
                    "Reading " + length + " bytes at " + position + " past the end at " + end);
        }
    }
}
