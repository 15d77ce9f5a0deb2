package dev.perfwatch.suites.serialization.frameworks;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/*
 * The choice of serializer decides a streaming job's throughput more than most code in it, and the ranking of
 * serializers depends on the shape of the record. This mirrors flink-benchmarks' SerializationFrameworkMiniBenchmarks:
 * the same tuple, POJO, row and heavy-string records through a hand-written field-by-field serializer, Java
 * serialization, Kryo, Avro, Jackson and Protocol Buffers. Each operation writes one record and reads it back.
 *
 * What to watch for:
 *  - General-purpose frameworks pay for what the hand-written serializer knows statically: class names or ids in
 *    the stream (Java serialization, Kryo), reflection or per-field lookups (Avro reflect, Jackson), a type tag per
 *    value when fields are typed only at run time (the row). The gap is widest on small records, where that fixed
 *    cost is most of the work, and narrowest on the heavy string, where every framework is mostly encoding text.
 *  - Java serialization writes a stream header and class descriptors for every value serialized on its own, and
 *    builds new object streams each time: kilobytes of garbage per operation even for the tuple, where the
 *    hand-written serializer allocates only the objects it returns. Read gc.alloc.rate.norm next to the score.
 *  - Each framework works on the representation its users hold (generated messages for Protocol Buffers, a
 *    GenericRecord for the Avro row), and writes into buffers kept between operations, so allocation per operation
 *    is what the framework itself allocates. A regression here that shows only in allocation per operation is the
 *    FLINK-14346 kind: cheap on an idle 8-core machine, expensive on a busy 4-core one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SerializationFrameworksBenchmark {

    @Param({"TUPLE", "POJO", "ROW", "HEAVY_STRING"})
    public Shape shape;

    private RoundTrip<?> handWritten;
    private RoundTrip<?> javaSerialization;
    private RoundTrip<?> kryo;
    private RoundTrip<?> avro;
    private RoundTrip<?> jackson;
    private RoundTrip<?> protobuf;

    @Setup
    public void setUp() {
        handWritten = Framework.HAND_WRITTEN.roundTrip(shape);
        javaSerialization = Framework.JAVA_SERIALIZATION.roundTrip(shape);
        kryo = Framework.KRYO.roundTrip(shape);
        avro = Framework.AVRO.roundTrip(shape);
        jackson = Framework.JACKSON.roundTrip(shape);
        protobuf = Framework.PROTOBUF.roundTrip(shape);
    }

    @Benchmark
    public Object handWritten() throws IOException {
        return handWritten.run();
    }

    @Benchmark
    public Object javaSerialization() throws IOException {
        return javaSerialization.run();
    }

    @Benchmark
    public Object kryo() throws IOException {
        return kryo.run();
    }

    @Benchmark
    public Object avro() throws IOException {
        return avro.run();
    }

    @Benchmark
    public Object jackson() throws IOException {
        return jackson.run();
    }

    @Benchmark
    public Object protobuf() throws IOException {
        return protobuf.run();
    }
}
