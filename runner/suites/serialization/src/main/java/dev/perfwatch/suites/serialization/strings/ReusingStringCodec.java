package dev.perfwatch.suites.serialization.strings;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;

/**
 * The FLINK-15171 shape: the same bulk encoding, through scratch buffers the codec keeps and grows only when a
 * longer string arrives. Not thread-safe, like a Flink serializer instance.
 */
public final class ReusingStringCodec implements StringCodec {

    private byte[] bytes = new byte[64];
    private char[] chars = new char[64];

    @Override
    public void write(String value, ByteArrayDataOutputView out) {
        if (value == null) {
            out.write(0);
            return;
        }
        int maxLength = StringValueFormat.maxEncodedLength(value);
        if (bytes.length < maxLength) {
            bytes = new byte[Math.max(maxLength, bytes.length * 2)];
        }
        out.write(bytes, 0, StringValueFormat.encode(value, bytes));
    }

    @Override
    public String read(ByteArrayDataInputView in) {
        int lengthPlusOne = StringValueFormat.readLengthPlusOne(in);
        if (lengthPlusOne == 0) {
            return null;
        }
        int length = lengthPlusOne - 1;
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
        }
        StringValueFormat.decodeChars(in, chars, length);
        return new String(chars, 0, length);
    }
}
