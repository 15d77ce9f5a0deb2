package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumReader;
import org.apache.avro.reflect.ReflectDatumWriter;

/** Avro binary encoding, reusing its encoder and decoder between values as Avro's factories allow. */
final class AvroCodec<T> implements Codec<T> {

    private final DatumWriter<T> writer;
    private final DatumReader<T> reader;
    private final ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(256);
    private BinaryEncoder encoder;
    private BinaryDecoder decoder;

    private AvroCodec(DatumWriter<T> writer, DatumReader<T> reader) {
        this.writer = writer;
        this.reader = reader;
    }

    /** Avro's reflect API on a Java class, as Flink's serializerAvroReflect does. */
    static <T> AvroCodec<T> reflect(Class<T> type) {
        Schema schema = ReflectData.get().getSchema(type);
        return new AvroCodec<>(new ReflectDatumWriter<>(schema), new ReflectDatumReader<>(schema));
    }

    /** Avro's generic API on records of {@code schema}, as Flink's serializerAvroGeneric does. */
    static AvroCodec<GenericRecord> generic(Schema schema) {
        return new AvroCodec<>(new GenericDatumWriter<>(schema), new GenericDatumReader<>(schema));
    }

    @Override
    public int write(T value) throws IOException {
        out.reset();
        encoder = EncoderFactory.get().binaryEncoder(out, encoder);
        writer.write(value, encoder);
        encoder.flush();
        return out.size();
    }

    @Override
    public T read() throws IOException {
        decoder = DecoderFactory.get().binaryDecoder(out.array(), 0, out.size(), decoder);
        return reader.read(null, decoder);
    }
}
