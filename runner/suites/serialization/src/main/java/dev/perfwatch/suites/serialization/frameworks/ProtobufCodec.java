package dev.perfwatch.suites.serialization.frameworks;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.io.IOException;

/**
 * Protocol Buffers on its generated messages, writing into a reused array sized from the memoized serialized size
 * (what toByteArray does, minus the new array per call).
 */
final class ProtobufCodec<M extends MessageLite> implements Codec<M> {

    private final Parser<M> parser;
    private byte[] buffer = new byte[256];
    private int length;

    ProtobufCodec(Parser<M> parser) {
        this.parser = parser;
    }

    @Override
    public int write(M value) throws IOException {
        int size = value.getSerializedSize();
        if (buffer.length < size) {
            buffer = new byte[Math.max(size, buffer.length * 2)];
        }
        CodedOutputStream out = CodedOutputStream.newInstance(buffer, 0, size);
        value.writeTo(out);
        out.checkNoSpaceLeft();
        length = size;
        return size;
    }

    @Override
    public M read() throws IOException {
        return parser.parseFrom(buffer, 0, length);
    }
}
