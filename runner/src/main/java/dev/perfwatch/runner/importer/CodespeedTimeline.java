package dev.perfwatch.runner.importer;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * One answer of Codespeed's {@code /timeline/json/}, in any of the shapes Codespeed versions wrote: points of four
 * (before branches: {@code executables} instead of {@code branches}), five ({@code [date, value, std_dev, commitid,
 * branch]}, up to 0.11), six (with the tag, 0.12 on) or nine values (median benchmarks: max, q3, q1, min instead of
 * std_dev). Python writes NaN as a bare {@code NaN}, which is read here too.
 */
record CodespeedTimeline(String benchmark, long benchmarkId, String description, String units, boolean lessisbetter,
        String dataType, List<Series> series) {

    /** The points of one executable on one branch, newest first as Codespeed sends them. */
    record Series(String branch, String executable, List<Point> points) {
    }

    /**
     * @param date as Codespeed wrote it, made readable by Django: "2011/04/13 17:04:22 +0000" becomes
     *     "2011-04-13 17:04:22 +0000"
     * @param value NaN when Codespeed wrote NaN
     */
    record Point(String date, Double value, Double stdDev, Double max, Double q3, Double q1, Double min,
            String commitid, String tag) {
    }

    private static final JsonMapper json = JsonMapper.builder()
        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
        .build();

    private static final Pattern SLASHED = Pattern.compile("(\\d{4})/(\\d{1,2})/(\\d{1,2})(.*)");

    /** The timelines of the answer; none when Codespeed answered an error such as "No data found ...". */
    static List<CodespeedTimeline> parse(String body) {
        JsonNode root;
        try {
            root = json.readTree(body);
        }
        catch (JsonProcessingException ex) {
            throw new ImportException("the timeline is not JSON: " + ex.getOriginalMessage());
        }
        List<CodespeedTimeline> timelines = new ArrayList<>();
        for (JsonNode timeline : root.path("timelines")) {
            String dataType = timeline.path("data_type").asText("U");
            List<Series> series = new ArrayList<>();
            JsonNode branches = timeline.get("branches");
            if (branches != null && branches.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> b = branches.fields(); b.hasNext();) {
                    Map.Entry<String, JsonNode> branch = b.next();
                    for (Iterator<Map.Entry<String, JsonNode>> e = branch.getValue().fields(); e.hasNext();) {
                        Map.Entry<String, JsonNode> executable = e.next();
                        series.add(new Series(branch.getKey(), executable.getKey(),
                                points(executable.getValue(), dataType)));
                    }
                }
            }
            else {
                for (Iterator<Map.Entry<String, JsonNode>> e = timeline.path("executables").fields(); e.hasNext();) {
                    Map.Entry<String, JsonNode> executable = e.next();
                    series.add(new Series("default", executable.getKey(), points(executable.getValue(), dataType)));
                }
            }
            timelines.add(new CodespeedTimeline(timeline.path("benchmark").asText(),
                    timeline.path("benchmark_id").asLong(), timeline.path("benchmark_description").asText(""),
                    timeline.path("units").asText("seconds"),
                    timeline.path("lessisbetter").asText(" (less is better)").contains("less is better"), dataType,
                    series));
        }
        return timelines;
    }

    private static List<Point> points(JsonNode points, String dataType) {
        List<Point> parsed = new ArrayList<>(points.size());
        for (JsonNode point : points) {
            String date = date(point.path(0).asText());
            Double value = number(point.get(1));
            if (dataType.equals("M") && point.size() >= 9) {
                parsed.add(new Point(date, value, null, number(point.get(2)), number(point.get(3)),
                        number(point.get(4)), number(point.get(5)), point.get(6).asText(), point.get(7).asText("")));
            }
            else if (point.size() >= 6) {
                parsed.add(new Point(date, value, number(point.get(2)), null, null, null, null, point.get(3).asText(),
                        point.get(4).asText("")));
            }
            else if (point.size() >= 4) {
                parsed.add(new Point(date, value, number(point.get(2)), null, null, null, null, point.get(3).asText(),
                        ""));
            }
            else {
                throw new ImportException("a timeline point has " + point.size() + " values: " + point);
            }
        }
        return parsed;
    }

    /**
     * A number, or null for Codespeed's "" (not given). NaN and the infinities are kept: Codespeed on PostgreSQL
     * serves JMH's NaN error as a bare {@code NaN}, and its clients tell it from "" (Flink's report divides by it).
     */
    private static Double number(JsonNode node) {
        if (node == null || !node.isNumber() || node.isNull()) {
            if (node != null && node.isTextual() && !node.asText().isBlank()) {
                try {
                    return Double.valueOf(node.asText());
                }
                catch (NumberFormatException ex) {
                    return null;
                }
            }
            return null;
        }
        return node.asDouble();
    }

    private static String date(String text) {
        Matcher slashed = SLASHED.matcher(text.strip());
        return slashed.matches() ? slashed.group(1) + "-" + slashed.group(2) + "-" + slashed.group(3) + slashed.group(4)
                : text.strip();
    }
}
