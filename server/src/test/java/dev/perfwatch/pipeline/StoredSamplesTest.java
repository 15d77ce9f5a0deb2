package dev.perfwatch.pipeline;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's own samples are read as the stored {@code float8[]} (ForkSamples.of) where they were rendered as JSON and
 * parsed (ForkSamples.parse): both must give the same numbers to the last bit, on real PostgreSQL and its driver,
 * for every shape a result's samples take.
 */
@ServerTest
class StoredSamplesTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void theStoredArrayReadsAsItsJsonParsed() {
        List<String> arrays = List.of("{{1.5,2.25},{NULL,3}}", "{{0.1,0.2,0.30000000000000004},{1e-300,-0,-2.5e300}}",
                "{{NULL,NULL},{7,8}}", "{{NULL},{NULL}}", "{}", "{1,2,3}",
                "{{123456.789012345678,9.999999999999999e22,4.9e-324},{-1,-0.000001,1000000},{3,NULL,5}}",
                "{{NaN,1},{Infinity,-Infinity}}");
        for (String array : arrays) {
            for (int rep = 0; rep < 6; rep++) { // past the driver's prepare threshold, where it reads binary
                List<double[][]> both = jdbc.sql("select cast(:a as float8[]) as a, samples_json(cast(:a as float8[])) as j")
                    .param("a", array)
                    .query((rs, n) -> {
                        java.sql.Array stored = rs.getArray("a");
                        return List.of(ForkSamples.of(stored == null ? null : stored.getArray()),
                                ForkSamples.parse(rs.getString("j")));
                    })
                    .single();
                assertThat(both.get(0)).as(array).isDeepEqualTo(both.get(1));
                for (int f = 0; f < both.get(0).length; f++) {
                    for (int i = 0; i < both.get(0)[f].length; i++) {
                        assertThat(Double.doubleToRawLongBits(both.get(0)[f][i])).as(array)
                            .isEqualTo(Double.doubleToRawLongBits(both.get(1)[f][i]));
                    }
                }
            }
        }
    }
}
