package dev.perfwatch.suites.serialization.strings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfwatch.suites.serialization.allocation.Allocations;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StringCodecTest {

    static Stream<Arguments> strings() {
        return Stream.of(Alphabet.values()).flatMap(alphabet -> Stream.of(0, 1, 16, 127, 128, 1024, 20_000)
                .map(length -> Arguments.of(alphabet, length)));
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("strings")
    void readWhenWrittenByEitherCodecReturnsTheSameString(Alphabet alphabet, int length) {
        String value = alphabet.randomString(length, length);
        StringCodec reusing = new ReusingStringCodec();
        StringCodec allocating = new AllocatingStringCodec();

        assertThat(roundTrip(value, reusing, reusing)).isEqualTo(value);
        assertThat(roundTrip(value, allocating, allocating)).isEqualTo(value);
        assertThat(roundTrip(value, allocating, reusing)).isEqualTo(value);
        assertThat(roundTrip(value, reusing, allocating)).isEqualTo(value);
    }

    @Test
    void readWhenNullWrittenReturnsNull() {
        assertThat(roundTrip(null, new ReusingStringCodec(), new AllocatingStringCodec())).isNull();
        assertThat(roundTrip(null, new AllocatingStringCodec(), new ReusingStringCodec())).isNull();
    }

    @Test
    void readWhenStringsFollowEachOtherStopsAtEachEnd() {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(8);
        StringCodec codec = new ReusingStringCodec();
        codec.write("héllo", out);
        codec.write("", out);
        codec.write("数据", out);
        ByteArrayDataInputView in = new ByteArrayDataInputView().reset(out.buffer(), out.length());

        assertThat(codec.read(in)).isEqualTo("héllo");
        assertThat(codec.read(in)).isEmpty();
        assertThat(codec.read(in)).isEqualTo("数据");
        assertThat(in.remaining()).isZero();
    }

    @Test
    void writeWhenAsciiUsesOneBytePerCharAndNonAsciiMore() {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(8);
        new ReusingStringCodec().write(Alphabet.ASCII.randomString(100, 1), out);
        assertThat(out.length()).isEqualTo(1 + 100);

        out.clear();
        new ReusingStringCodec().write(Alphabet.NON_ASCII.randomString(100, 1), out);
        assertThat(out.length()).isBetween(1 + 200, 1 + 300);
    }

    @Test
    void benchmarkWhenRunOnceWritesAndReadsTheSameString() {
        for (Alphabet alphabet : Alphabet.values()) {
            StringSerializationBenchmark benchmark = new StringSerializationBenchmark();
            benchmark.stringLength = 128;
            benchmark.alphabet = alphabet;
            benchmark.setUp();
            String expected = alphabet.randomString(128, 42);

            assertThat(benchmark.readReusingBuffer()).isEqualTo(expected);
            assertThat(benchmark.readAllocatingBuffer()).isEqualTo(expected);
            assertThat(benchmark.writeAllocatingBuffer()).isEqualTo(benchmark.writeReusingBuffer());
        }
    }

    @Test
    void writeWhenAllocatingCodecAllocatesABufferPerCallAndReusingNone() throws Exception {
        String value = Alphabet.ASCII.randomString(1024, 7);
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(8192);
        StringCodec reusing = new ReusingStringCodec();
        StringCodec allocating = new AllocatingStringCodec();

        long reused = Allocations.allocatedBy(() -> {
            out.clear();
            reusing.write(value, out);
        });
        long allocated = Allocations.allocatedBy(() -> {
            out.clear();
            allocating.write(value, out);
        });

        // The allocating codec's buffer holds the worst case, 3 bytes a char.
        assertThat(allocated - reused).isGreaterThanOrEqualTo(3L * 1024);
    }

    private static String roundTrip(String value, StringCodec writer, StringCodec reader) {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(4);
        writer.write(value, out);
        ByteArrayDataInputView in = new ByteArrayDataInputView().reset(out.buffer(), out.length());
        String read = reader.read(in);
        assertThat(in.remaining()).isZero();
        return read;
    }
}
