package dev.perfwatch.suites.serialization.frameworks;

import java.io.IOException;

/**
 * One framework serializing one type into buffers the codec keeps, so a round trip allocates what the framework
 * allocates and not what a throwaway output stream would.
 */
public interface Codec<T> {

    /** Serializes {@code value}, replacing what the previous call wrote; returns the serialized size in bytes. */
    int write(T value) throws IOException;

    /** Deserializes what the last {@link #write} wrote, into a new object. */
    T read() throws IOException;
}
