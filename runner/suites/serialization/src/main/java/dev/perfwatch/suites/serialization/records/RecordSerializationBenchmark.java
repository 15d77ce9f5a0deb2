package dev.perfwatch.suites.serialization.records;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
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
 * Turning a serializable class into a record changes how Java serialization rebuilds it, and nothing in the source
 * of the class says so.
 *
 * A class is deserialized by allocating it without running a constructor and setting its fields reflectively. A
 * record cannot be: ObjectInputStream must call its canonical constructor with the values read from the stream,
 * through a method handle adapted to the field layout the stream describes. JDK-8247532 found record
 * deserialization much slower than for the equivalent class, because that method handle was built
 * again for every record read; the fix (JDK 16) caches it on the stream class descriptor.
 *
 * So compare each record case with its class twin in the same run. With one object per stream the stream set-up
 * dominates both; with a hundred per stream the per-object cost shows, and a record/class gap that grows with
 * recordsPerStream is a per-record cost like JDK-8247532's. Allocation per operation tells the same story: a
 * rebuilt method handle is garbage on every read.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RecordSerializationBenchmark {

    @Param({"1", "100"})
    public int recordsPerStream;

    private final ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(4096);
    private PointRecord[] records;
    private PointClass[] classes;
    private byte[] serializedRecords;
    private byte[] serializedClasses;

    @Setup
    public void setUp() throws IOException {
        records = new PointRecord[recordsPerStream];
        classes = new PointClass[recordsPerStream];
        for (int i = 0; i < recordsPerStream; i++) {
            records[i] = new PointRecord(i, -i, "point-" + i);
            classes[i] = new PointClass(i, -i, "point-" + i);
        }
        int recordsLength = ObjectStreams.write(records, out);
        serializedRecords = Arrays.copyOf(out.array(), recordsLength);
        int classesLength = ObjectStreams.write(classes, out);
        serializedClasses = Arrays.copyOf(out.array(), classesLength);
    }

    @Benchmark
    public int writeRecords() throws IOException {
        return ObjectStreams.write(records, out);
    }

    @Benchmark
    public int writeClasses() throws IOException {
        return ObjectStreams.write(classes, out);
    }

    @Benchmark
    public Object readRecords() throws IOException {
        return ObjectStreams.read(serializedRecords, serializedRecords.length);
    }

    @Benchmark
    public Object readClasses() throws IOException {
        return ObjectStreams.read(serializedClasses, serializedClasses.length);
    }
}
