package dev.perfwatch.suites.serialization.frameworks;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The Avro record schema of {@link Row#SCHEMA} and the mapping both ways, so an Avro row carries the same data. */
public final class AvroRows {

    /** Strings are read back as java.lang.String rather than Avro's Utf8, as most Avro users configure. */
    public static final Schema SCHEMA = SchemaBuilder.record("Row")
            .namespace("dev.perfwatch.suites.serialization")
            .fields()
            .requiredInt("f0")
            .requiredLong("f1")
            .requiredDouble("f2")
            .name("f3").type().stringBuilder().prop(GenericData.STRING_PROP, "String").endString().noDefault()
            .requiredBoolean("f4")
            .name("f5").type().stringBuilder().prop(GenericData.STRING_PROP, "String").endString().noDefault()
            .endRecord();

    private AvroRows() {
    }

    public static GenericRecord toRecord(Row row) {
        GenericRecord record = new GenericData.Record(SCHEMA);
        Object[] fields = row.getFields();
        for (int i = 0; i < fields.length; i++) {
            record.put(i, fields[i]);
        }
        return record;
    }

    public static Row toRow(GenericRecord record) {
        Object[] fields = new Object[SCHEMA.getFields().size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = record.get(i);
        }
        return new Row(fields);
    }
}
