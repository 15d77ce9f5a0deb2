package dev.perfwatch.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LeaseLineTest {

    private static ObjectNode job(String kind) {
        return new ObjectMapper().createObjectNode().put("kind", kind).put("profile", "quick").put("jvm", "17")
            .put("branch", "pull/42");
    }

    @Test
    void ofWhenTheJobIsAConfirmationSaysItIsARerun() {
        assertThat(LeaseLine.of(job("confirmation"))).isEqualTo("leased: a confirmation re-run of a suspected change "
                + "(re-measured before anyone is alerted), profile quick, JVM 17");
    }

    @Test
    void ofWhenTheJobIsNightlyOrARequestSaysWhatItIs() {
        assertThat(LeaseLine.of(job("nightly"))).isEqualTo("leased, profile quick, JVM 17");
        assertThat(LeaseLine.of(job("request"))).isEqualTo("leased: a benchmark request's fork (pull/42), profile quick, "
                + "JVM 17");
        assertThat(LeaseLine.of(job("bisection"))).startsWith("leased: a bisection run");
    }
}
