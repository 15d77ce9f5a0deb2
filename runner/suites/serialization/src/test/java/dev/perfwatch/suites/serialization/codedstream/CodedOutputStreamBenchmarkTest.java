package dev.perfwatch.suites.serialization.codedstream;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import dev.perfwatch.suites.serialization.allocation.Allocations;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CodedOutputStreamBenchmarkTest {

    private final CodedOutputStreamBenchmark benchmark = new CodedOutputStreamBenchmark();

    @Test
    void buildWhenSizedGivesTheDocumentedMessageSizes() {
        assertThat(MessageSize.SMALL.build().getSerializedSize()).isBetween(200, 260);
        assertThat(MessageSize.LARGE.build().getSerializedSize()).isBetween(75 * 1024, 85 * 1024);
    }

    @Test
    void largeMessageWhenBodyEncodedNeedsMoreThan2KbButFits4Kb() {
        int worstCase = 3 * MessageSize.BODY_CHARS;
        int needed = CodedOutputStream.computeUInt32SizeNoTag(worstCase) + worstCase;

        assertThat(needed).isGreaterThan(2048).isLessThanOrEqualTo(4096);
    }

    @ParameterizedTest
    @EnumSource(MessageSize.class)
    void everySinkWhenWrittenOnceHoldsTheMessageBytes(MessageSize size) throws Exception {
        CodedOutputStreamBenchmark.Payload payload = payload(size);
        byte[] expected = payload.value.toByteArray();

        CodedOutputStreamBenchmark.ArraySink array = new CodedOutputStreamBenchmark.ArraySink();
        int arrayLength = benchmark.byteArray(payload, array);
        assertThat(Arrays.copyOf(array.array, arrayLength)).isEqualTo(expected);

        for (int bufferSize : new int[] {2048, 4096, 8192}) {
            CodedOutputStreamBenchmark.StreamSink stream = streamSink(bufferSize);
            benchmark.outputStream(payload, stream);
            int streamLength = benchmark.outputStream(payload, stream);
            assertThat(Arrays.copyOf(stream.stream.array(), streamLength)).isEqualTo(expected);
        }

        CodedOutputStreamBenchmark.PlainStream plain = new CodedOutputStreamBenchmark.PlainStream();
        int plainLength = benchmark.writeTo(payload, plain);
        assertThat(Arrays.copyOf(plain.stream.array(), plainLength)).isEqualTo(expected);
    }

    @Test
    void outputStreamWhenBufferSmallerThanWorstCaseStringAllocatesPerString() throws Exception {
        CodedOutputStreamBenchmark.Payload payload = payload(MessageSize.LARGE);
        CodedOutputStreamBenchmark.StreamSink small = streamSink(2048);
        CodedOutputStreamBenchmark.StreamSink medium = streamSink(4096);

        long smallAllocated = Allocations.allocatedBy(() -> benchmark.outputStream(payload, small));
        long mediumAllocated = Allocations.allocatedBy(() -> benchmark.outputStream(payload, medium));

        // 64 bodies, each through a temporary array of 3 bytes a char.
        assertThat(smallAllocated - mediumAllocated).isGreaterThanOrEqualTo(64L * 3 * MessageSize.BODY_CHARS);
    }

    private static CodedOutputStreamBenchmark.Payload payload(MessageSize size) {
        CodedOutputStreamBenchmark.Payload payload = new CodedOutputStreamBenchmark.Payload();
        payload.message = size;
        payload.setUp();
        return payload;
    }

    private static CodedOutputStreamBenchmark.StreamSink streamSink(int bufferSize) {
        CodedOutputStreamBenchmark.StreamSink sink = new CodedOutputStreamBenchmark.StreamSink();
        sink.bufferSize = bufferSize;
        sink.setUp();
        return sink;
    }

}
