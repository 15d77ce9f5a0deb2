package dev.perfwatch.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfwatch.system.InvalidInputException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Scores given as values read exactly as the JMH file they stand for: the same benchmarks, or the same refusal (field
 * and words). The file is built here as Codespeed's posts built it before they gave the ingest their scores.
 */
class JmhScoreTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JmhScore score(String benchmark) {
        return new JmhScore(benchmark, "thrpt", "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6", 1234.5, 12.5,
                "ops/ms", "higher");
    }

    private static JmhScore with(JmhScore s, String field, Object value) {
        return new JmhScore(field.equals("benchmark") ? (String) value : s.benchmark(),
                field.equals("mode") ? (String) value : s.mode(),
                field.equals("jdkVersion") ? (String) value : s.jdkVersion(),
                field.equals("vmName") ? (String) value : s.vmName(),
                field.equals("vmVersion") ? (String) value : s.vmVersion(),
                field.equals("score") ? (Double) value : s.score(),
                field.equals("error") ? (Double) value : s.error(),
                field.equals("unit") ? (String) value : s.unit(),
                field.equals("direction") ? (String) value : s.direction());
    }

    /** The tree CodespeedWrites built for the ingest to read (its {@code jmh} and {@code number}, as they were). */
    private static ArrayNode tree(List<JmhScore> scores) {
        ArrayNode file = JSON.createArrayNode();
        for (JmhScore s : scores) {
            ObjectNode element = file.addObject();
            element.put("benchmark", s.benchmark());
            element.put("mode", s.mode());
            element.put("threads", 1);
            element.put("jdkVersion", s.jdkVersion());
            element.put("vmName", s.vmName());
            element.put("vmVersion", s.vmVersion());
            ObjectNode primary = element.putObject("primaryMetric");
            if (Double.isNaN(s.score())) {
                primary.put("score", "NaN");
            }
            else if (Double.isInfinite(s.score())) {
                primary.put("score", s.score() > 0 ? "+INF" : "-INF");
            }
            else {
                primary.put("score", s.score());
            }
            if (s.error() != null) {
                primary.put("scoreError", s.error());
            }
            primary.put("scoreUnit", s.unit());
            primary.put("scoreDirection", s.direction());
        }
        return file;
    }

    static Stream<Arguments> files() {
        JmhScore ok = score("org.example.Bench.run");
        String nul = "bad\u0000name";
        String long3 = "\u20ac".repeat(400); // 1,200 bytes in UTF-8
        return Stream.of(
                Arguments.of("one score", List.of(ok)),
                Arguments.of("several, less is better", List.of(ok, with(with(score("b.two"), "mode", "avgt"),
                        "direction", "lower"), with(score("b.three"), "unit", "ns/op"))),
                Arguments.of("NaN score", List.of(with(ok, "score", Double.NaN))),
                Arguments.of("infinite scores", List.of(with(ok, "score", Double.POSITIVE_INFINITY),
                        with(score("b.two"), "score", Double.NEGATIVE_INFINITY))),
                Arguments.of("-0 and a subnormal", List.of(with(ok, "score", -0.0),
                        with(score("b.two"), "score", Double.MIN_VALUE))),
                Arguments.of("no error", List.of(with(ok, "error", null))),
                Arguments.of("no JVM", List.of(with(with(with(ok, "jdkVersion", null), "vmName", null), "vmVersion",
                        null))),
                Arguments.of("no direction: from the unit", List.of(with(ok, "direction", null),
                        with(with(score("b.two"), "direction", null), "unit", "us/op"))),
                Arguments.of("direction against the unit", List.of(with(ok, "direction", "lower"))),
                Arguments.of("direction unknown", List.of(with(ok, "direction", "sideways"))),
                Arguments.of("no unit", List.of(with(ok, "unit", null))),
                Arguments.of("empty unit", List.of(with(ok, "unit", ""))),
                Arguments.of("blank unit", List.of(with(ok, "unit", "  "))),
                Arguments.of("blank benchmark", List.of(with(ok, "benchmark", " "))),
                Arguments.of("NUL in the benchmark", List.of(with(ok, "benchmark", nul))),
                Arguments.of("NUL in the unit", List.of(with(ok, "unit", "ops/" + nul))),
                Arguments.of("NUL in the VM", List.of(with(ok, "vmName", nul))),
                Arguments.of("benchmark too long", List.of(with(ok, "benchmark", long3))),
                Arguments.of("VM version too long", List.of(with(ok, "vmVersion", long3))),
                Arguments.of("unknown mode", List.of(with(ok, "mode", "fast"))),
                Arguments.of("a blank benchmark first, a NUL later: the text walk comes first",
                        List.of(with(ok, "benchmark", " "), with(score("b.two"), "benchmark", nul))),
                Arguments.of("two bad elements: the first refused", List.of(ok, with(score("b.two"), "unit", null),
                        with(score("b.three"), "direction", "up"))),
                Arguments.of("no scores", List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void readAsTheFileTheyStandFor(String name, List<JmhScore> scores) {
        Object fromTree = outcome(() -> JmhResultReader.read(tree(scores), "jmh"));
        Object fromScores = outcome(() -> JmhResultReader.read(scores, "jmh"));
        assertThat(fromScores).isEqualTo(fromTree);
    }

    @Test
    void theCasesCheckedAreRefusedOrRead() {
        // The comparison above is worth something only if both outcomes occur among its cases.
        List<Object> outcomes = new ArrayList<>();
        files().forEach(arguments -> {
            @SuppressWarnings("unchecked")
            List<JmhScore> scores = (List<JmhScore>) arguments.get()[1];
            outcomes.add(outcome(() -> JmhResultReader.read(scores, "jmh")));
        });
        assertThat(outcomes).hasAtLeastOneElementOfType(List.class).hasAtLeastOneElementOfType(Refusal.class);
        assertThat(outcome(() -> JmhResultReader.read(List.of(with(score("a"), "unit", null)), "jmh")))
            .isEqualTo(new Refusal("jmh[0].primaryMetric.scoreUnit", "jmh[0].primaryMetric.scoreUnit is required"));
        assertThatThrownBy(() -> JmhResultReader.read(List.of(with(score("a"), "benchmark", "a\u0000")), "jmh"))
            .isInstanceOf(InvalidInputException.class)
            .hasMessageContaining("NUL");
    }

    private record Refusal(String field, String message) {
    }

    private static Object outcome(java.util.function.Supplier<List<JmhBenchmark>> read) {
        try {
            return read.get();
        }
        catch (InvalidInputException ex) {
            return new Refusal(ex.field(), ex.getMessage());
        }
    }
}
