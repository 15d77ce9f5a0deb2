package dev.perfwatch.suites.serialization.strings;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;

/**
 * Writes and reads strings in Flink's StringValue wire format: the length plus one (so 0 is null) and then every
 * char, each as a 7-bit varint. Two implementations differ only in where their scratch buffers come from.
 */
public interface StringCodec {

    void write(String value, ByteArrayDataOutputView out);

    String read(ByteArrayDataInputView in);
}
