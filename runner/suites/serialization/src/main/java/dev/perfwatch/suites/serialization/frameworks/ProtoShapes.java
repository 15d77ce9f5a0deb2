package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.proto.FieldValue;
import dev.perfwatch.suites.serialization.proto.HeavyStringMessage;
import dev.perfwatch.suites.serialization.proto.OperationMessage;
import dev.perfwatch.suites.serialization.proto.PojoMessage;
import dev.perfwatch.suites.serialization.proto.RowMessage;
import dev.perfwatch.suites.serialization.proto.TupleMessage;
import java.util.Arrays;

/**
 * Maps the Java shapes to their generated messages and back, so the Protocol Buffers cases serialize the same data
 * as the others (the tests check the mapping loses nothing).
 */
public final class ProtoShapes {

    private ProtoShapes() {
    }

    public static TupleMessage toMessage(Tuple tuple) {
        return TupleMessage.newBuilder().setF0(tuple.f0).setF1(tuple.f1).setF2(tuple.f2).setF3(tuple.f3).build();
    }

    public static Tuple fromMessage(TupleMessage message) {
        return new Tuple(message.getF0(), message.getF1(), message.getF2(), message.getF3());
    }

    public static PojoMessage toMessage(Pojo pojo) {
        PojoMessage.Builder builder = PojoMessage.newBuilder()
                .setId(pojo.getId())
                .setName(pojo.getName())
                .addAllOperationNames(Arrays.asList(pojo.getOperationNames()))
                .setOtherId1(pojo.getOtherId1())
                .setOtherId2(pojo.getOtherId2())
                .setOtherId3(pojo.getOtherId3());
        for (Operation operation : pojo.getOperations()) {
            builder.addOperations(OperationMessage.newBuilder().setId(operation.getId()).setName(operation.getName()));
        }
        return builder.build();
    }

    public static Pojo fromMessage(PojoMessage message) {
        Pojo pojo = new Pojo();
        pojo.setId(message.getId());
        pojo.setName(message.getName());
        pojo.setOperationNames(message.getOperationNamesList().toArray(new String[0]));
        pojo.setOperations(message.getOperationsList().stream()
                .map(operation -> new Operation(operation.getId(), operation.getName()))
                .toArray(Operation[]::new));
        pojo.setOtherId1(message.getOtherId1());
        pojo.setOtherId2(message.getOtherId2());
        pojo.setOtherId3(message.getOtherId3());
        return pojo;
    }

    public static RowMessage toMessage(Row row) {
        RowMessage.Builder builder = RowMessage.newBuilder();
        for (Object field : row.getFields()) {
            builder.addFields(toFieldValue(field));
        }
        return builder.build();
    }

    private static FieldValue toFieldValue(Object field) {
        FieldValue.Builder value = FieldValue.newBuilder();
        if (field instanceof Integer i) {
            value.setIntValue(i);
        } else if (field instanceof Long l) {
            value.setLongValue(l);
        } else if (field instanceof Double d) {
            value.setDoubleValue(d);
        } else if (field instanceof String s) {
            value.setStringValue(s);
        } else if (field instanceof Boolean b) {
            value.setBoolValue(b);
        } else if (field != null) {
            throw new IllegalArgumentException("No row field kind for " + field.getClass());
        }
        return value.build();
    }

    public static Row fromMessage(RowMessage message) {
        return new Row(message.getFieldsList().stream().map(field -> (Object) switch (field.getKindCase()) {
            case INT_VALUE -> field.getIntValue();
            case LONG_VALUE -> field.getLongValue();
            case DOUBLE_VALUE -> field.getDoubleValue();
            case STRING_VALUE -> field.getStringValue();
            case BOOL_VALUE -> field.getBoolValue();
            case KIND_NOT_SET -> null;
        }).toArray());
    }

    public static HeavyStringMessage toMessage(HeavyString heavy) {
        return HeavyStringMessage.newBuilder()
                .setF0(heavy.getF0()).setF1(heavy.getF1()).setF2(heavy.getF2()).setF3(heavy.getF3())
                .build();
    }

    public static HeavyString fromMessage(HeavyStringMessage message) {
        return new HeavyString(message.getF0(), message.getF1(), message.getF2(), message.getF3());
    }
}
