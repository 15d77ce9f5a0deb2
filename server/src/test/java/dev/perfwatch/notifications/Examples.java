package dev.perfwatch.notifications;

import java.time.Instant;
import java.util.List;

/** Fixed messages for the golden files of the channels' layouts. */
final class Examples {

    private Examples() {
    }

    /** The FLINK-15171 story: a faster string serializer that allocates per call, slower on the 4-core hosts only. */
    static GroupMessage regression() {
        return new GroupMessage(42, "flink", "https://github.com/apache/flink.git", "regression",
                "Regression in flink at 4f2a1b9: [FLINK-14346] Faster StringValue serialization",
                "3 cases regressed 8.2–11% on 4-core only; gc.alloc.rate.norm +96 B/op",
                new GroupMessage.Commit("4f2a1b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a", "Ada <ada@example.org>",
                        "[FLINK-14346] Faster StringValue serialization"),
                new GroupMessage.Commit("1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d", "Bob <bob@example.org>",
                        "Bump Kryo to 5.6 <ignored>"),
                true,
                List.of(line(1, 11, "StringSerializationBenchmark.serialize (length=16, type=ascii)", "primary",
                        "1250 [1240–1260]", "1112 [1104–1120]", "ops/ms", "-11.0%"),
                        line(2, 12, "StringSerializationBenchmark.serialize (length=128, type=ascii)", "primary",
                                "402.5 [400.1–404.9]", "365.1 [362.8–367.4]", "ops/ms", "-9.3%"),
                        line(3, 13, "StringSerializationBenchmark.serialize (length=1024, type=non-ascii)",
                                "primary", "60.12 [59.8–60.44]", "55.19 [54.9–55.48]", "ops/ms", "-8.2%"),
                        line(4, 14, "StringSerializationBenchmark.serialize (length=16, type=ascii)",
                                "gc.alloc.rate.norm", "96 [96–96]", "192 [192–192]", "B/op", "+100.0%")),
                2, Instant.parse("2026-03-04T05:06:07Z"));
    }

    /** A nightly that covered several commits: the culprit is a range until bisection narrows it. */
    static GroupMessage range() {
        return new GroupMessage(43, "protobuf", null, "improvement", "Improvement in protobuf in 1c2d3e4..4f2a1b9",
                "1 case improved 12% on 8-core (not measured on 4-core yet)",
                new GroupMessage.Commit("4f2a1b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a", "Ada <ada@example.org>",
                        "Use a larger buffer | for CodedOutputStream"),
                new GroupMessage.Commit("1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d", "Bob <bob@example.org>",
                        "Release 4.29"),
                false,
                List.of(new GroupMessage.Line(5, 21, "improvement", "CodedStreamBenchmark.write (size=large)",
                        "primary", "8-core", "0.5 [0.49–0.51]", "0.44 [0.43–0.45]", "ms/op", "-12.0%", "97.5%",
                        "https://perfwatch.example.org/#/timeline?series=21")),
                0, Instant.parse("2026-03-05T00:00:00Z"));
    }

    private static GroupMessage.Line line(long alert, long series, String benchmark, String metric, String before,
            String after, String unit, String change) {
        return new GroupMessage.Line(alert, series, "regression", benchmark, metric, "4-core", before, after, unit,
                change, "99.9%", "https://perfwatch.example.org/#/timeline?series=" + series);
    }
}
