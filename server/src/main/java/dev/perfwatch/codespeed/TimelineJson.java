package dev.perfwatch.codespeed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import tools.jackson.databind.util.RawValue;

/**
 * The body of {@code /timeline/json/} as Codespeed writes it, field for field: Python's {@code "None"} strings, the
 * lessisbetter sentence, an empty string for a missing std_dev, and points as positional arrays in the shape of
 * the Codespeed version the client was written for ({@link TimelineShape}).
 */
final class TimelineJson {

    static final String NO_ERROR = "None";

    private TimelineJson() {
    }

    @JsonPropertyOrder({ "error", "timelines" })
    record Response(String error, List<Timeline> timelines) {
    }

    /**
     * One benchmark's timelines: {@code branches} maps a branch name to the executables' points, keyed by the
     * executable as the request named it (0.11) or by its id (0.13).
     *
     * @param baseline {@code "None"}, or two [date, value] points spanning the longest series
     */
    @JsonPropertyOrder({ "benchmark", "benchmark_id", "benchmark_description", "data_type", "units", "lessisbetter",
            "branches", "baseline" })
    record Timeline(String benchmark, @JsonProperty("benchmark_id") long benchmarkId,
            @JsonProperty("benchmark_description") String benchmarkDescription,
            @JsonProperty("data_type") @JsonInclude(JsonInclude.Include.NON_NULL) String dataType, String units,
            String lessisbetter, Map<String, Map<String, List<List<Object>>>> branches, Object baseline) {
    }

    static String lessisbetter(boolean lessisbetter) {
        return lessisbetter ? " (less is better)" : " (more is better)";
    }

    /**
     * A point as the shape's Codespeed version writes it: 0.11 {@code [date, value, std_dev, commitid, branch]}
     * (median benchmarks {@code [date, value, max, q3, q1, min, commitid, branch]}), 0.13 with the revision's tag
     * before the branch.
     */
    static List<Object> point(TimelineShape shape, TimelineQueries.Point point, String branch, boolean median) {
        String commitid = point.commitid().length() > 10 ? point.commitid().substring(0, 10) : point.commitid();
        List<Object> tuple = new ArrayList<>(9);
        tuple.add(CodespeedDates.slashed(point.date()));
        tuple.add(number(point.value()));
        if (median) {
            tuple.add(orEmpty(point.extra().max()));
            tuple.add(orEmpty(point.extra().q3()));
            tuple.add(orEmpty(point.extra().q1()));
            tuple.add(orEmpty(point.extra().min()));
        }
        else {
            tuple.add(orEmpty(point.stdDev()));
        }
        tuple.add(commitid);
        if (shape == TimelineShape.V0_13) {
            tuple.add(point.tag());
        }
        tuple.add(branch);
        return tuple;
    }

    /** Codespeed writes "" where a statistic was not given. */
    private static Object orEmpty(Double value) {
        return value == null ? "" : number(value);
    }

    /**
     * A number as Python's {@code json.dumps} writes it: NaN and infinities as the bare words {@code NaN},
     * {@code Infinity} and {@code -Infinity} (not JSON, but what Codespeed serves and its Python clients read).
     */
    private static Object number(double value) {
        if (Double.isNaN(value)) {
            return new RawValue("NaN");
        }
        if (Double.isInfinite(value)) {
            return new RawValue(value > 0 ? "Infinity" : "-Infinity");
        }
        return value;
    }
}
