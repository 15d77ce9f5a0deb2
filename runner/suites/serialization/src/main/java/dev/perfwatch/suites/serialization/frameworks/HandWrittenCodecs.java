package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.buffers.ByteArrayDataInputView;
import dev.perfwatch.suites.serialization.buffers.ByteArrayDataOutputView;
import dev.perfwatch.suites.serialization.strings.ReusingStringCodec;
import dev.perfwatch.suites.serialization.strings.StringCodec;

/**
 * Field-by-field serializers written by hand, as Flink's generated POJO and tuple serializers are: no type tags,
 * no reflection, the schema lives in the code. They set the floor the general-purpose frameworks are held to.
 */
final class HandWrittenCodecs {

    private HandWrittenCodecs() {
    }

    /** The shared plumbing: a reused output view, an input view over it and the reusing string codec. */
    abstract static class HandWrittenCodec<T> implements Codec<T> {

        final StringCodec strings = new ReusingStringCodec();
        private final ByteArrayDataOutputView out = new ByteArrayDataOutputView(256);
        private final ByteArrayDataInputView in = new ByteArrayDataInputView();

        @Override
        public final int write(T value) {
            out.clear();
            serialize(value, out);
            return out.length();
        }

        @Override
        public final T read() {
            return deserialize(in.reset(out.buffer(), out.length()));
        }

        abstract void serialize(T value, ByteArrayDataOutputView out);

        abstract T deserialize(ByteArrayDataInputView in);
    }

    static final class TupleCodec extends HandWrittenCodec<Tuple> {

        @Override
        void serialize(Tuple value, ByteArrayDataOutputView out) {
            out.writeLong(value.f0);
            out.writeInt(value.f1);
            out.writeDouble(value.f2);
            strings.write(value.f3, out);
        }

        @Override
        Tuple deserialize(ByteArrayDataInputView in) {
            return new Tuple(in.readLong(), in.readInt(), in.readDouble(), strings.read(in));
        }
    }

    static final class PojoCodec extends HandWrittenCodec<Pojo> {

        @Override
        void serialize(Pojo value, ByteArrayDataOutputView out) {
            out.writeInt(value.getId());
            strings.write(value.getName(), out);
            String[] names = value.getOperationNames();
            out.writeInt(names.length);
            for (String name : names) {
                strings.write(name, out);
            }
            Operation[] operations = value.getOperations();
            out.writeInt(operations.length);
            for (Operation operation : operations) {
                out.writeInt(operation.getId());
                strings.write(operation.getName(), out);
            }
            out.writeInt(value.getOtherId1());
            out.writeInt(value.getOtherId2());
            out.writeInt(value.getOtherId3());
        }

        @Override
        Pojo deserialize(ByteArrayDataInputView in) {
            Pojo pojo = new Pojo();
            pojo.setId(in.readInt());
            pojo.setName(strings.read(in));
            String[] names = new String[in.readInt()];
            for (int i = 0; i < names.length; i++) {
                names[i] = strings.read(in);
            }
            pojo.setOperationNames(names);
            Operation[] operations = new Operation[in.readInt()];
            for (int i = 0; i < operations.length; i++) {
                operations[i] = new Operation(in.readInt(), strings.read(in));
            }
            pojo.setOperations(operations);
            pojo.setOtherId1(in.readInt());
            pojo.setOtherId2(in.readInt());
            pojo.setOtherId3(in.readInt());
            return pojo;
        }
    }

    /** Like Flink's RowSerializer: a null mask, then each field by the kind the schema gives it. */
    static final class RowCodec extends HandWrittenCodec<Row> {

        @Override
        void serialize(Row value, ByteArrayDataOutputView out) {
            Object[] fields = value.getFields();
            int nullMask = 0;
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] == null) {
                    nullMask |= 1 << i;
                }
            }
            out.writeInt(nullMask);
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] != null) {
                    writeField(Row.SCHEMA[i], fields[i], out);
                }
            }
        }

        @Override
        Row deserialize(ByteArrayDataInputView in) {
            int nullMask = in.readInt();
            Object[] fields = new Object[Row.SCHEMA.length];
            for (int i = 0; i < fields.length; i++) {
                if ((nullMask & 1 << i) == 0) {
                    fields[i] = readField(Row.SCHEMA[i], in);
                }
            }
            return new Row(fields);
        }

        private void writeField(Row.FieldKind kind, Object field, ByteArrayDataOutputView out) {
            switch (kind) {
                case INT -> out.writeInt((Integer) field);
                case LONG -> out.writeLong((Long) field);
                case DOUBLE -> out.writeDouble((Double) field);
                case STRING -> strings.write((String) field, out);
                case BOOLEAN -> out.writeBoolean((Boolean) field);
            }
        }

        private Object readField(Row.FieldKind kind, ByteArrayDataInputView in) {
            return switch (kind) {
                case INT -> in.readInt();
                case LONG -> in.readLong();
                case DOUBLE -> in.readDouble();
                case STRING -> strings.read(in);
                case BOOLEAN -> in.readBoolean();
            };
        }
    }

    static final class HeavyStringCodec extends HandWrittenCodec<HeavyString> {

        @Override
        void serialize(HeavyString value, ByteArrayDataOutputView out) {
            strings.write(value.getF0(), out);
            strings.write(value.getF1(), out);
            strings.write(value.getF2(), out);
            strings.write(value.getF3(), out);
        }

        @Override
        HeavyString deserialize(ByteArrayDataInputView in) {
            return new HeavyString(strings.read(in), strings.read(in), strings.read(in), strings.read(in));
        }
    }
}
