package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/** Jackson 3 JSON through a reader and writer resolved once per type, the way a long-lived mapper is used. */
final class JacksonCodec<T> implements Codec<T> {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final ObjectWriter writer;
    private final ObjectReader reader;
    private final ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(256);

    JacksonCodec(Class<T> type) {
        this.writer = MAPPER.writerFor(type);
        this.reader = MAPPER.readerFor(type);
    }

    @Override
    public int write(T value) {
        out.reset();
        writer.writeValue(out, value);
        return out.size();
    }

    @Override
    public T read() {
        return reader.readValue(out.array(), 0, out.size());
    }
}
