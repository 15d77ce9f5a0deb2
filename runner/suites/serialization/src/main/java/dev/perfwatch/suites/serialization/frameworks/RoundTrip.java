package dev.perfwatch.suites.serialization.frameworks;

import java.io.IOException;

/** A codec bound to the value it serializes: one benchmark operation is one {@link #run()}. */
public final class RoundTrip<T> {

    private final Codec<T> codec;
    private final T value;

    RoundTrip(Codec<T> codec, T value) {
        this.codec = codec;
        this.value = value;
    }

    /** Serializes the value and deserializes it back into a new object. */
    public T run() throws IOException {
        codec.write(value);
        return codec.read();
    }

    /** The value serialized, in the framework's own representation (a generated message for Protocol Buffers). */
    public T value() {
        return value;
    }

    /** The serialized size of the value in bytes. */
    public int serializedSize() throws IOException {
        return codec.write(value);
    }
}
