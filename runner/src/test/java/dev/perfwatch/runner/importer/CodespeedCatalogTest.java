package dev.perfwatch.runner.importer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CodespeedCatalogTest {

    @Test
    void parseWhenCodespeedTimelinePageReadsIdsNamesAndProjects() {
        CodespeedCatalog catalog = CodespeedCatalog.parse(Resources.text("codespeed-timeline.html"));

        assertThat(catalog.environments()).containsExactly(new CodespeedCatalog.Environment(2, "Hetzner"),
                new CodespeedCatalog.Environment(5, "Old & slow"));
        assertThat(catalog.executables()).containsExactly(
                new CodespeedCatalog.Executable(1, "Flink", "Flink", "Flink on Java 8"),
                new CodespeedCatalog.Executable(3, "Flink Java11", "Flink", ""));
        assertThat(catalog.benchmarks()).containsExactly(
                new CodespeedCatalog.Benchmark(12, "serializerHeavyString", ""),
                new CodespeedCatalog.Benchmark(7, "stringWrite.128", "String write <128 chars>"));
    }

    @Test
    void parseWhenPageHasNoProjectHeadingsLeavesTheProjectOpen() {
        CodespeedCatalog catalog = CodespeedCatalog.parse("""
                <input id="env1" type="radio" name="environments" value="1" /><label for="env1">bigdog</label>
                <li title=""><input id="executable4" type='checkbox' name='executable' value='4' />
                <label for="executable4">pypy-c</label></li>""");

        assertThat(catalog.environments()).containsExactly(new CodespeedCatalog.Environment(1, "bigdog"));
        assertThat(catalog.executables()).containsExactly(new CodespeedCatalog.Executable(4, "pypy-c", null, ""));
        assertThat(catalog.benchmarks()).isEmpty();
    }
}
