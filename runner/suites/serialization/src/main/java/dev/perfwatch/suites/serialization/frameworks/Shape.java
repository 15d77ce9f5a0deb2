package dev.perfwatch.suites.serialization.frameworks;

import dev.perfwatch.suites.serialization.strings.Alphabet;

/** The four record shapes of flink-benchmarks' serialization family, each with the one value the suite serializes. */
public enum Shape {

    TUPLE(Tuple.class) {
        @Override
        public Object sample() {
            return new Tuple(1_234_567_890L, 42, 2.5, "tuple-benchmark");
        }
    },

    POJO(Pojo.class) {
        @Override
        public Object sample() {
            Pojo pojo = new Pojo();
            pojo.setId(1);
            pojo.setName("pojo-benchmark-1");
            pojo.setOperationNames(new String[] {"map", "filter", "keyBy", "window", "reduce"});
            Operation[] operations = new Operation[5];
            for (int i = 0; i < operations.length; i++) {
                operations[i] = new Operation(i, "operation-" + i);
            }
            pojo.setOperations(operations);
            pojo.setOtherId1(11);
            pojo.setOtherId2(22);
            pojo.setOtherId3(33);
            return pojo;
        }
    },

    ROW(Row.class) {
        @Override
        public Object sample() {
            // The long is beyond the int range so self-describing formats (JSON) read it back as a Long.
            return new Row(42, 1_234_567_890_123L, 3.25, "row-benchmark", true, "Zürich–Łódź");
        }
    },

    HEAVY_STRING(HeavyString.class) {
        @Override
        public Object sample() {
            return new HeavyString(
                    Alphabet.ASCII.randomString(1000, 1), Alphabet.NON_ASCII.randomString(1000, 2),
                    Alphabet.ASCII.randomString(500, 3), Alphabet.NON_ASCII.randomString(500, 4));
        }
    };

    private final Class<?> type;

    Shape(Class<?> type) {
        this.type = type;
    }

    /** The Java class of {@link #sample()}. */
    public Class<?> type() {
        return type;
    }

    /** A new copy of the value this shape's cases serialize; equal on every call. */
    public abstract Object sample();
}
