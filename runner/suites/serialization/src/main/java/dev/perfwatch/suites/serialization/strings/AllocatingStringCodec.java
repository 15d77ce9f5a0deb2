package dev.perfwatch.suites.serialization.strings;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;

/**
 * The FLINK-14346 shape: encode into a fresh byte[] and decode through a fresh char[] on every call. One bulk copy
 * instead of a call per byte is faster in isolation; every call also leaves a buffer for the garbage collector.
 */
public final class AllocatingStringCodec implements StringCodec {

    @Override
    public void write(String value, ByteArrayDataOutputView out) {
        if (value == null) {
            out.write(0);
            return;
        }
        byte[] buffer = new byte[StringValueFormat.maxEncodedLength(value)];
        out.write(buffer, 0, StringValueFormat.encode(value, buffer));
    }

    @Override
    public String read(ByteArrayDataInputView in) {
        int lengthPlusOne = StringValueFormat.readLengthPlusOne(in);
        if (lengthPlusOne == 0) {
            return null;
        }
        int length = lengthPlusOne - 1;
        char[] chars = new char[length];
        StringValueFormat.decodeChars(in, chars, length);
        return new String(chars, 0, length);
    }
}
