package dev.perfwatch.suites.serialization.records;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** Writes and reads one object graph with java.io object streams: the whole work of one benchmark operation. */
public final class ObjectStreams {

    private ObjectStreams() {
    }

    /** Serializes {@code value} into {@code out}, replacing its content; returns the size in bytes. */
    public static int write(Object value, ReusableByteArrayOutputStream out) throws IOException {
        out.reset();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(value);
        }
        return out.size();
    }

    public static Object read(byte[] bytes, int length) throws IOException {
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(bytes, 0, length))) {
            return objects.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }
}
