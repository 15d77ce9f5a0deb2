package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** java.io serialization: a new object stream per value, as a value written on its own needs. */
final class JavaSerializationCodec<T> implements Codec<T> {

    private final Class<T> type;
    private final ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(512);

    JavaSerializationCodec(Class<T> type) {
        this.type = type;
    }

    @Override
    public int write(T value) throws IOException {
        out.reset();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(value);
        }
        return out.size();
    }

    @Override
    public T read() throws IOException {
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(out.array(), 0, out.size()))) {
            return type.cast(objects.readObject());
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }
}
