package dev.perfwatch.suites.serialization.frameworks;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The row shape, like Flink's Row: positional fields typed only at run time. What each field holds is described by
 * {@link #SCHEMA}, which schema-aware serializers use and the generic ones have to rediscover per value.
 */
public final class Row implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The field kinds every row in the suite has, in order. */
    public static final FieldKind[] SCHEMA = {
        FieldKind.INT, FieldKind.LONG, FieldKind.DOUBLE, FieldKind.STRING, FieldKind.BOOLEAN, FieldKind.STRING
    };

    /** What a row field holds. */
    public enum FieldKind { INT, LONG, DOUBLE, STRING, BOOLEAN }

    private Object[] fields;

    public Row() {
    }

    public Row(Object... fields) {
        this.fields = fields;
    }

    public Object[] getFields() {
        return fields;
    }

    public void setFields(Object[] fields) {
        this.fields = fields;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Row that && Arrays.equals(fields, that.fields);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fields);
    }

    @Override
    public String toString() {
        return "Row" + Arrays.toString(fields);
    }
}
