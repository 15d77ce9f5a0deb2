package dev.perfwatch.suites.serialization.strings;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;
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
 * A serializer writes millions of short strings, so whatever it does per string is multiplied by millions.
 *
 * FLINK-14346 made Flink's StringValue.writeString/readString faster by encoding each string into a temporary
 * byte[] and writing it with one bulk copy, and by decoding through a temporary char[]. Measured alone, on an
 * 8-core laptop, it was a win. On the 4-core benchmark host the serialization jobs lost ~10% throughput: the
 * temporary buffers added ~30% garbage, and the young collections they cause compete for the same few cores.
 * FLINK-15171 kept the bulk copy and reused the buffers instead.
 *
 * The trap is that the time score of a microbenchmark can hide this. Allocating in a TLAB is cheap inside the
 * measured loop; the bill is the GC work that follows, paid on whatever cores are spare, and a big machine has
 * spare cores. So read these cases with -prof gc: gc.alloc.rate.norm (bytes per operation) separates
 * the allocating codec from the reusing one on every host, however many cores it has. Both variants still
 * allocate the String they return; the difference is exactly the buffers thrown away.
 *
 * Lengths 1..1024 matter because the per-call cost is fixed while the copy grows: short strings are where the
 * allocation dominates, long ones where the bulk copy pays off.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StringSerializationBenchmark {

    @Param({"1", "16", "128", "1024"})
    public int stringLength;

    @Param({"ASCII", "NON_ASCII"})
    public Alphabet alphabet;

    private final StringCodec reusing = new ReusingStringCodec();
    private final StringCodec allocating = new AllocatingStringCodec();
    private final ByteArrayDataOutputView out = new ByteArrayDataOutputView(64);
    private final ByteArrayDataInputView in = new ByteArrayDataInputView();
    private String value;
    private byte[] serialized;
    private int serializedLength;

    @Setup
    public void setUp() {
        value = alphabet.randomString(stringLength, 42);
        ByteArrayDataOutputView encoded = new ByteArrayDataOutputView(64);
        reusing.write(value, encoded);
        serialized = encoded.buffer();
        serializedLength = encoded.length();
        // Grow the output view and the reusing codec's scratch buffers now, so no case pays for growth.
        reusing.write(value, out);
        reusing.read(in.reset(serialized, serializedLength));
        out.clear();
    }

    @Benchmark
    public int writeReusingBuffer() {
        out.clear();
        reusing.write(value, out);
        return out.length();
    }

    @Benchmark
    public int writeAllocatingBuffer() {
        out.clear();
        allocating.write(value, out);
        return out.length();
    }

    @Benchmark
    public String readReusingBuffer() {
        return reusing.read(in.reset(serialized, serializedLength));
    }

    @Benchmark
    public String readAllocatingBuffer() {
        return allocating.read(in.reset(serialized, serializedLength));
    }
}
