package dev.perfwatch.suites.serialization.codedstream;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
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
 * CodedOutputStream's buffer size looks like a plain trade of memory for fewer writes to the sink. It is also a
 * switch between two ways of encoding strings.
 *
 * When CodedOutputStream writes to an OutputStream it encodes into its own buffer and flushes it to the stream.
 * A string whose worst-case UTF-8 size (3 bytes a char) does not fit the whole buffer cannot be encoded in place,
 * so protobuf-java allocates a temporary array of that worst-case size, encodes into it and copies it out - for
 * every such string of every message. With a 2 KB buffer that is any string over ~680 chars, with 4 KB over
 * ~1,360. The LARGE message has 64 bodies of 1,200 chars: at 2 KB each one adds 3.6 KB of garbage, ~230 KB a
 * message, on top of what every sink allocates; at 4 KB and 8 KB nothing is added. The time score may move
 * little on a quiet host; gc.alloc.rate.norm cannot miss it, and on a busy host the garbage becomes GC time.
 * SMALL (~230 bytes) fits every buffer and should not care.
 *
 * The byte[] sink has no buffer: CodedOutputStream encodes straight into the array, which is why it has no
 * bufferSize parameter and serves as the baseline. Its allocation is not zero either: on a server JVM,
 * protobuf-java 4.x encodes a string through String.getBytes, an exact-size copy of every string, so about one
 * byte a char is the floor every sink shares. The writeTo case is the convenience most code calls,
 * message.writeTo(OutputStream), which sizes a new buffer per call from the message (at most 4 KB).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodedOutputStreamBenchmark {

    /** The message written, built once per trial. */
    @State(Scope.Thread)
    public static class Payload {

        @Param({"SMALL", "LARGE"})
        public MessageSize message;

        MessageLite value;

        @Setup
        public void setUp() {
            value = message.build();
            value.getSerializedSize(); // memoized, as it is for any message written more than once
        }
    }

    /** An array big enough for either message, written from the start each time. */
    @State(Scope.Thread)
    public static class ArraySink {

        final byte[] array = new byte[128 * 1024];
    }

    /** An in-memory stream behind a CodedOutputStream of the given buffer size, both reused between messages. */
    @State(Scope.Thread)
    public static class StreamSink {

        @Param({"2048", "4096", "8192"})
        public int bufferSize;

        final ReusableByteArrayOutputStream stream = new ReusableByteArrayOutputStream(128 * 1024);
        CodedOutputStream coded;

        @Setup
        public void setUp() {
            coded = CodedOutputStream.newInstance(stream, bufferSize);
        }
    }

    /** The same in-memory stream, for the convenience method that brings its own CodedOutputStream. */
    @State(Scope.Thread)
    public static class PlainStream {

        final ReusableByteArrayOutputStream stream = new ReusableByteArrayOutputStream(128 * 1024);
    }

    @Benchmark
    public int byteArray(Payload payload, ArraySink sink) throws IOException {
        CodedOutputStream out = CodedOutputStream.newInstance(sink.array);
        payload.value.writeTo(out);
        return out.getTotalBytesWritten();
    }

    @Benchmark
    public int outputStream(Payload payload, StreamSink sink) throws IOException {
        sink.stream.reset();
        payload.value.writeTo(sink.coded);
        sink.coded.flush();
        return sink.stream.size();
    }

    @Benchmark
    public int writeTo(Payload payload, PlainStream sink) throws IOException {
        sink.stream.reset();
        payload.value.writeTo(sink.stream);
        return sink.stream.size();
    }
}
