package dev.perfwatch.codespeed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CodespeedNamesTest {

    @ParameterizedTest
    @CsvSource({ "Flink,Flink", "Dual Core,Dual-Core", "My new project,My-new-project", "4-core,4-core",
            "' spaced ',spaced", "Hetzner (x86_64),Hetzner--x86_64-", "_private,private" })
    void slugWhenNameIsCodespeedsMakesAValidName(String name, String slug) {
        assertThat(CodespeedNames.slug(name, "project")).isEqualTo(slug);
    }

    /** A new host class ends with a letter or digit (HostClassNames): the environment's slug loses its tail. */
    @ParameterizedTest
    @CsvSource({ "Hetzner (x86_64),Hetzner--x86_64", "Dual Core,Dual-Core", "4-core,4-core", "c5.xlarge!,c5.xlarge" })
    void hostClassWhenTheSlugWouldEndInADashDropsIt(String name, String hostClass) {
        assertThat(CodespeedNames.hostClass(name)).isEqualTo(hostClass);
    }

    @Test
    void slugWhenNoLetterOrDigitRefusesNamingTheKey() {
        assertThatThrownBy(() -> CodespeedNames.slug("***", "environment"))
            .hasMessageStartingWith("Value for key \"environment\"");
    }

    @Test
    void shaWhenCommitIdIsHexKeepsItInLowerCase() {
        assertThat(CodespeedNames.sha("p", "ABCDEF1234")).isEqualTo("abcdef1234");
    }

    @Test
    void shaWhenCommitIdIsNotHexDerivesAStableShaPerProject() {
        String flink = CodespeedNames.sha("Flink", "b8e7fc387dd-ffcdbb4-1647231150");

        assertThat(flink).matches("[0-9a-f]{40}").isEqualTo(CodespeedNames.sha("Flink", "b8e7fc387dd-ffcdbb4-1647231150"));
        assertThat(CodespeedNames.sha("Other", "b8e7fc387dd-ffcdbb4-1647231150")).isNotEqualTo(flink);
        assertThat(CodespeedNames.sha("Flink", "23")).matches("[0-9a-f]{40}");
    }
}
