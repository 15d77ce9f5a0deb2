package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.proto.HeavyStringMessage;
import dev.perfwatch.suites.serialization.proto.PojoMessage;
import dev.perfwatch.suites.serialization.proto.RowMessage;
import dev.perfwatch.suites.serialization.proto.TupleMessage;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;

/**
 * The serializer frameworks compared, each working on the representation its users hold: Java objects for most,
 * generated messages for Protocol Buffers, GenericRecord for an Avro row (Flink's serializerAvroGeneric).
 */
public enum Framework {

    HAND_WRITTEN {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            return switch (shape) {
                case TUPLE -> bind(new HandWrittenCodecs.TupleCodec(), (Tuple) shape.sample());
                case POJO -> bind(new HandWrittenCodecs.PojoCodec(), (Pojo) shape.sample());
                case ROW -> bind(new HandWrittenCodecs.RowCodec(), (Row) shape.sample());
                case HEAVY_STRING -> bind(new HandWrittenCodecs.HeavyStringCodec(), (HeavyString) shape.sample());
            };
        }
    },

    JAVA_SERIALIZATION {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            return bindTyped(shape, JavaSerializationCodec::new);
        }
    },

    KRYO {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            return bindTyped(shape, KryoCodec::new);
        }
    },

    AVRO {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            if (shape == Shape.ROW) {
                GenericRecord record = AvroRows.toRecord((Row) shape.sample());
                return bind(AvroCodec.generic(AvroRows.SCHEMA), record);
            }
            return bindTyped(shape, AvroCodec::reflect);
        }
    },

    JACKSON {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            return bindTyped(shape, JacksonCodec::new);
        }
    },

    PROTOBUF {
        @Override
        public RoundTrip<?> roundTrip(Shape shape) {
            return switch (shape) {
                case TUPLE -> bind(new ProtobufCodec<>(TupleMessage.parser()),
                        ProtoShapes.toMessage((Tuple) shape.sample()));
                case POJO -> bind(new ProtobufCodec<>(PojoMessage.parser()),
                        ProtoShapes.toMessage((Pojo) shape.sample()));
                case ROW -> bind(new ProtobufCodec<>(RowMessage.parser()),
                        ProtoShapes.toMessage((Row) shape.sample()));
                case HEAVY_STRING -> bind(new ProtobufCodec<>(HeavyStringMessage.parser()),
                        ProtoShapes.toMessage((HeavyString) shape.sample()));
            };
        }
    };

    /** A new codec for {@code shape}, bound to its sample value; codecs are not thread-safe. */
    public abstract RoundTrip<?> roundTrip(Shape shape);

    private static <T> RoundTrip<T> bind(Codec<T> codec, T value) {
        return new RoundTrip<>(codec, value);
    }

    @SuppressWarnings("unchecked")
    private static <T> RoundTrip<T> bindTyped(Shape shape, Function<Class<T>, Codec<T>> factory) {
        Class<T> type = (Class<T>) shape.type();
        return new RoundTrip<>(factory.apply(type), type.cast(shape.sample()));
    }
}
