package dev.perfwatch.suites.serialization.strings;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;

/** The encoding both {@link StringCodec}s share, so a difference between them is only their buffer handling. */
final class StringValueFormat {

    private static final int HIGH_BIT = 0x80;

    private StringValueFormat() {
    }

    /** The most bytes {@link #encode} can produce: a 5-byte length and at most 3 bytes per char. */
    static int maxEncodedLength(String value) {
        return 5 + 3 * value.length();
    }

    /** Encodes into {@code target}, which holds at least {@link #maxEncodedLength} bytes; returns the length used. */
    static int encode(String value, byte[] target) {
        int position = 0;
        int length = value.length() + 1;
        while (length >= HIGH_BIT) {
            target[position++] = (byte) (length | HIGH_BIT);
            length >>>= 7;
        }
        target[position++] = (byte) length;
        for (int i = 0; i < value.length(); i++) {
            int c = value.charAt(i);
            while (c >= HIGH_BIT) {
                target[position++] = (byte) (c | HIGH_BIT);
                c >>>= 7;
            }
            target[position++] = (byte) c;
        }
        return position;
    }

    /** Reads the length prefix: the number of chars plus one, or 0 for null. */
    static int readLengthPlusOne(ByteArrayDataInputView in) {
        return readVarint(in);
    }

    /** Decodes {@code length} chars into {@code target}, which holds at least that many. */
    static void decodeChars(ByteArrayDataInputView in, char[] target, int length) {
        for (int i = 0; i < length; i++) {
            target[i] = (char) readVarint(in);
        }
    }

    private static int readVarint(ByteArrayDataInputView in) {
        int value = in.readUnsignedByte();
        if (value < HIGH_BIT) {
            return value;
        }
        value &= HIGH_BIT - 1;
        int shift = 7;
        int next;
        while ((next = in.readUnsignedByte()) >= HIGH_BIT) {
            value |= (next & (HIGH_BIT - 1)) << shift;
            shift += 7;
        }
        return value | next << shift;
    }
}
