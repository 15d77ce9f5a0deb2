package dev.perfwatch.runner;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JmhOptionsTest {

    @Test
    void mergeWhenJobRepeatsAProfileOptionKeepsTheJobsValueOnce() {
        List<String> merged = JmhOptions.merge(Words.split("-f 1 -wi 1 -w 500ms -i 2 -r 500ms"),
                Words.split("-i 5 -r 2s"));

        assertThat(merged).containsExactly("-f", "1", "-wi", "1", "-w", "500ms", "-i", "5", "-r", "2s");
    }

    @Test
    void mergeWhenOptionsRepeatableAddsThemUp() {
        List<String> merged = JmhOptions.merge(Words.split("-prof stack -p size=1"),
                Words.split("-prof perfasm -p mode=fast Strings.*"));

        assertThat(merged).containsExactly("-prof", "stack", "-prof", "perfasm", "-p", "size=1", "-p", "mode=fast",
                "Strings.*");
    }

    @Test
    void splitWhenQuotedKeepsTheQuotedWordWhole() {
        assertThat(Words.split("-jvmArgs \"-Xmx2g -XX:+UseG1GC\" -f 1"))
            .containsExactly("-jvmArgs", "-Xmx2g -XX:+UseG1GC", "-f", "1");
        assertThat(JmhOptions.merge(Words.split("-jvmArgs '-Xmx2g -Xms2g'"), List.of()))
            .containsExactly("-jvmArgs", "-Xmx2g -Xms2g");
    }
}
