package dev.perfwatch.suites.serialization.codedstream;

import com.google.protobuf.MessageLite;
import dev.perfwatch.suites.serialization.proto.Report;
import dev.perfwatch.suites.serialization.proto.Sample;
import dev.perfwatch.suites.serialization.proto.Section;
import dev.perfwatch.suites.serialization.strings.Alphabet;

/** The two messages of the coded-stream suite: one that fits any encoder buffer and one that does not. */
public enum MessageSize {

    /** One benchmark measurement, about 230 bytes: the typical RPC or event payload. */
    SMALL {
        @Override
        public MessageLite build() {
            return Sample.newBuilder()
                    .setBenchmark("dev.perfwatch.suites.serialization.strings.StringSerializationBenchmark.readReusing")
                    .setMode("avgt")
                    .putParams("stringLength", "128")
                    .putParams("alphabet", "NON_ASCII")
                    .setScore(1234.5678)
                    .setScoreError(12.345)
                    .setUnit("ns/op")
                    .addIterations(1230.1).addIterations(1235.2).addIterations(1233.3)
                    .addIterations(1236.4).addIterations(1238.5)
                    .setTimestampMillis(1_700_000_000_000L)
                    .build();
        }
    },

    /**
     * A report of about 80 KB in 64 sections of {@value #BODY_CHARS}-char text, so each body's worst-case UTF-8 size
     * (3 bytes a char) exceeds a 2 KB encoder buffer but fits a 4 KB one.
     */
    LARGE {
        @Override
        public MessageLite build() {
            Report.Builder report = Report.newBuilder().setTitle("Nightly serialization report");
            for (int i = 0; i < 64; i++) {
                report.addSections(Section.newBuilder()
                        .setNumber(i)
                        .setHeading("Section " + i)
                        .setBody(Alphabet.ASCII.randomString(BODY_CHARS, i)));
            }
            return report.build();
        }
    };

    static final int BODY_CHARS = 1200;

    /** A new message of this size; equal on every call. */
    public abstract MessageLite build();
}
