package dev.perfwatch.suites.serialization.frameworks;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** Kryo with every class registered up front, so the stream carries small ids instead of class names. */
final class KryoCodec<T> implements Codec<T> {

    private final Class<T> type;
    private final Kryo kryo = new Kryo();
    private final Output output = new Output(256, -1);
    private final Input input = new Input();

    KryoCodec(Class<T> type) {
        this.type = type;
        kryo.setRegistrationRequired(true);
        kryo.register(Tuple.class);
        kryo.register(Pojo.class);
        kryo.register(Operation.class);
        kryo.register(Operation[].class);
        kryo.register(String[].class);
        kryo.register(Row.class);
        kryo.register(Object[].class);
        kryo.register(HeavyString.class);
    }

    @Override
    public int write(T value) {
        output.reset();
        kryo.writeObject(output, value);
        return output.position();
    }

    @Override
    public T read() {
        input.setBuffer(output.getBuffer(), 0, output.position());
        return kryo.readObject(input, type);
    }
}
