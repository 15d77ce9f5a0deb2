package dev.perfwatch.suites.serialization.buffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteArrayDataViewsTest {

    @Test
    void readWhenPrimitivesWrittenPastInitialCapacityReturnsThemInOrder() {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(2);
        out.writeInt(-123_456);
        out.writeLong(Long.MIN_VALUE + 7);
        out.writeDouble(-0.125);
        out.writeBoolean(true);
        out.write(0xFF);
        out.write(new byte[] {1, 2, 3, 4}, 1, 2);

        ByteArrayDataInputView in = new ByteArrayDataInputView().reset(out.buffer(), out.length());

        assertThat(in.readInt()).isEqualTo(-123_456);
        assertThat(in.readLong()).isEqualTo(Long.MIN_VALUE + 7);
        assertThat(in.readDouble()).isEqualTo(-0.125);
        assertThat(in.readBoolean()).isTrue();
        assertThat(in.readUnsignedByte()).isEqualTo(0xFF);
        byte[] tail = new byte[2];
        in.readFully(tail, 0, 2);
        assertThat(tail).containsExactly(2, 3);
        assertThat(in.remaining()).isZero();
    }

    @Test
    void readWhenPastTheWrittenLengthThrows() {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(16);
        out.writeInt(1);
        ByteArrayDataInputView in = new ByteArrayDataInputView().reset(out.buffer(), 3);

        assertThatThrownBy(in::readInt).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void clearWhenWrittenAgainKeepsTheGrownArray() {
        ByteArrayDataOutputView out = new ByteArrayDataOutputView(1);
        out.writeLong(1);
        byte[] grown = out.buffer();
        out.clear();
        out.writeLong(2);

        assertThat(out.buffer()).isSameAs(grown);
        assertThat(out.length()).isEqualTo(8);
    }

    @Test
    void resetWhenStreamReusedReplacesItsContent() {
        ReusableByteArrayOutputStream stream = new ReusableByteArrayOutputStream(1);
        stream.write(new byte[] {9, 9, 9}, 0, 3);
        stream.reset();
        stream.write(7);

        assertThat(stream.size()).isEqualTo(1);
        assertThat(stream.array()[0]).isEqualTo((byte) 7);
    }
}
