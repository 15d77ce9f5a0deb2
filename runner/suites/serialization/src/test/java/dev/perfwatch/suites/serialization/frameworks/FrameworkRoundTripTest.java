package dev.perfwatch.suites.serialization.frameworks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfwatch.suites.serialization.proto.HeavyStringMessage;
import dev.perfwatch.suites.serialization.proto.PojoMessage;
import dev.perfwatch.suites.serialization.proto.RowMessage;
import dev.perfwatch.suites.serialization.proto.TupleMessage;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class FrameworkRoundTripTest {

    static Stream<Arguments> frameworksAndShapes() {
        return Stream.of(Framework.values())
                .flatMap(framework -> Stream.of(Shape.values()).map(shape -> Arguments.of(framework, shape)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("frameworksAndShapes")
    void runWhenRepeatedReturnsAnEqualNewObjectEachTime(Framework framework, Shape shape) throws Exception {
        RoundTrip<?> roundTrip = framework.roundTrip(shape);

        Object first = roundTrip.run();
        Object second = roundTrip.run();

        assertThat(first).isEqualTo(roundTrip.value()).isNotSameAs(roundTrip.value());
        assertThat(second).isEqualTo(roundTrip.value()).isNotSameAs(first);
        assertThat(roundTrip.serializedSize()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void protobufWhenMessageRoundTripsMapsBackToTheSameJavaValue(Shape shape) throws Exception {
        Object sample = shape.sample();
        Object parsed = Framework.PROTOBUF.roundTrip(shape).run();

        Object mappedBack = switch (shape) {
            case TUPLE -> ProtoShapes.fromMessage((TupleMessage) parsed);
            case POJO -> ProtoShapes.fromMessage((PojoMessage) parsed);
            case ROW -> ProtoShapes.fromMessage((RowMessage) parsed);
            case HEAVY_STRING -> ProtoShapes.fromMessage((HeavyStringMessage) parsed);
        };

        assertThat(mappedBack).isEqualTo(sample);
    }

    @Test
    void avroWhenRowRoundTripsMapsBackToTheSameRowWithJavaStrings() throws Exception {
        Row sample = (Row) Shape.ROW.sample();
        Object parsed = Framework.AVRO.roundTrip(Shape.ROW).run();

        Row mappedBack = AvroRows.toRow((org.apache.avro.generic.GenericRecord) parsed);

        assertThat(mappedBack).isEqualTo(sample);
        assertThat(mappedBack.getFields()[3]).isInstanceOf(String.class);
    }

    @Test
    void jacksonWhenRowRoundTripsKeepsEachFieldsJavaType() throws Exception {
        Row parsed = (Row) Framework.JACKSON.roundTrip(Shape.ROW).run();

        assertThat(parsed.getFields()).extracting(Object::getClass).containsExactly(
                Integer.class, Long.class, Double.class, String.class, Boolean.class, String.class);
    }

    @Test
    void handWrittenWhenRowHasNullFieldsKeepsThem() throws Exception {
        HandWrittenCodecs.RowCodec codec = new HandWrittenCodecs.RowCodec();
        Row row = new Row(7, null, 1.5, null, false, "x");

        codec.write(row);

        assertThat(codec.read()).isEqualTo(row);
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void benchmarkWhenRunOnceReturnsTheSampleFromEveryFramework(Shape shape) throws Exception {
        SerializationFrameworksBenchmark benchmark = new SerializationFrameworksBenchmark();
        benchmark.shape = shape;
        benchmark.setUp();
        Object sample = shape.sample();

        assertThat(benchmark.handWritten()).isEqualTo(sample);
        assertThat(benchmark.javaSerialization()).isEqualTo(sample);
        assertThat(benchmark.kryo()).isEqualTo(sample);
        assertThat(benchmark.jackson()).isEqualTo(sample);
        assertThat(benchmark.avro()).isNotNull();
        assertThat(benchmark.protobuf()).isNotNull();
    }
}
