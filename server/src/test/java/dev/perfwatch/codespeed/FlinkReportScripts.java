package dev.perfwatch.codespeed;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfwatch.support.Api;

/**
 * Flink's {@code regression_report.py} and {@code regression_report_v2.py} (apache/flink-benchmarks, master of
 * 2026), step for step with their default arguments, reading the same pages and printing the same lines, so that a
 * test can compare what they print against perfwatch with what they printed against Codespeed 0.11.0. Python's
 * semantics that decide the output are kept: {@code str(float)}, {@code max} and {@code min} with NaN, a std_dev
 * that is a string crashing the division, {@code urllib.urlencode} of the scripts' dicts in Python 2's order.
 * Executables are taken in id order (the Python 2 dict order of the ids "1" and "2" in the recorded run).
 */
final class FlinkReportScripts {

    /** Python's json module reads NaN and Infinity. */
    static final JsonMapper PYTHON_JSON = JsonMapper.builder()
        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
        .build();

    private final Api api;

    private final String url;

    private final long environment;

    private final String environmentName;

    FlinkReportScripts(int port, long environment, String environmentName) {
        this.api = Api.at(port);
        this.url = api.uri("/").toString();
        this.environment = environment;
        this.environmentName = environmentName;
    }

    /** regression_report_v2.py with its defaults: 30 baseline samples, ratio 0.04, instability multiplier 2. */
    List<String> regressionReportV2() {
        List<String> printed = new ArrayList<>();
        Map<String, List<String>> benchmarks = loadBenchmarkNames();
        Map<String, String> names = loadExecutableNames();
        for (Map.Entry<String, List<String>> exe : benchmarks.entrySet()) {
            for (String benchmark : exe.getValue()) {
                Timeline timeline = timeline(exe.getKey(), benchmark, 30 + 3);
                List<JsonNode> results = new ArrayList<>(timeline.points());
                Collections.reverse(results);
                boolean lessIsBetter = timeline.lessIsBetter();
                String link = url + "timeline/#/?" + urlencode(exe.getKey(), benchmark, 200);
                if (results.size() < 5) {
                    continue;
                }
                List<Double> scores = new ArrayList<>();
                results.forEach(point -> scores.add(point.get(1).asDouble()));
                JsonNode lastStd = results.get(results.size() - 1).get(2);
                if (!lastStd.isNumber()) {
                    throw new AssertionError("TypeError: unsupported operand type(s) for /: 'unicode' and 'float' ("
                            + benchmark + ": std_dev " + lastStd + ")");
                }
                int direction = 1;
                if (lessIsBetter) {
                    scores.replaceAll(score -> -1 * score);
                    direction = -1;
                }
                List<Double> sustainable = new ArrayList<>();
                for (int i = 3; i < Math.min(scores.size(), 30); i++) {
                    sustainable.add(pyMin(scores.subList(i - 3, i)));
                }
                double baseline = pyMax(sustainable);
                double current = pyMax(scores.subList(scores.size() - 3, scores.size()));
                double instability = lastStd.asDouble() / current;
                if (direction * (1 - current / baseline) > pyMax(List.of(0.04, direction * 2.0 * instability))) {
                    printed.add("<%s|%s(%s)> baseline=%s current_value=%s".formatted(link, benchmark,
                            javaVersion(names.get(exe.getKey())), str(direction * baseline), str(direction * current)));
                }
            }
        }
        return printed;
    }

    /** regression_report.py with {@code --base-line-size 30 --recent-trend-size 3 --download-samples-size 36}. */
    List<String> regressionReport() {
        int baseLine = 30;
        int recentTrend = 3;
        int downloadSamples = 36;
        List<String> printed = new ArrayList<>();
        for (Map.Entry<String, List<String>> exe : loadBenchmarkNames().entrySet()) {
            for (String benchmark : exe.getValue()) {
                Timeline timeline = timeline(exe.getKey(), benchmark, downloadSamples);
                List<Double> results = new ArrayList<>();
                timeline.points().forEach(point -> results.add(point.get(1).asDouble()));
                String link = url + "timeline/#/?" + urlencode(exe.getKey(), benchmark, downloadSamples);
                if (results.size() < baseLine) {
                    continue;
                }
                double median = median(results.subList(recentTrend, baseLine));
                double recentMedian = median(results.subList(0, recentTrend));
                double ratio = median != 0 ? recentMedian * 100 / median - 100 : 0;
                boolean reached = timeline.lessIsBetter() ? ratio > 4 : ratio < -4;
                if (reached) {
                    printed.add("<%s|%s> median=%s recent_median=%s".formatted(link, benchmark, str(median),
                            str(recentMedian)));
                }
            }
        }
        return printed;
    }

    private record Timeline(List<JsonNode> points, boolean lessIsBetter) {
    }

    private Timeline timeline(String exe, String benchmark, int revs) {
        Api.Response response = api.get("/timeline/json/?" + query(Map.of("exe", exe, "ben", benchmark, "env",
                environment, "revs", revs)));
        check(response);
        JsonNode timelines = PYTHON_JSON.readTree(response.body()).get("timelines").get(0);
        List<JsonNode> points = new ArrayList<>();
        timelines.get("branches").get("master").get(exe).forEach(points::add);
        return new Timeline(points, timelines.get("lessisbetter").asString().equals(" (less is better)"));
    }

    /** loadExecutableAndRevisions: the first (latest) rev per exe among the links of the reports page. */
    private Map<String, String> loadExecutableAndRevisions() {
        Map<String, String> revisions = new TreeMap<>();
        for (Map<String, String> link : reportLinks()) {
            if (link.containsKey("exe") && link.containsKey("rev")) {
                revisions.putIfAbsent(link.get("exe"), link.get("rev"));
            }
        }
        return revisions;
    }

    private Map<String, String> loadExecutableNames() {
        Map<String, String> names = new TreeMap<>();
        Pattern name = Pattern.compile("([A-Za-z0-9\\- ()]+)@" + environmentName + "</td>");
        for (String line : check(api.get("/reports")).body().split("\n")) {
            Map<String, String> link = pairs(line);
            Matcher matcher = name.matcher(line);
            if (link.containsKey("exe") && link.containsKey("rev") && matcher.find()) {
                names.putIfAbsent(link.get("exe"), matcher.group(1));
            }
        }
        return names;
    }

    private List<Map<String, String>> reportLinks() {
        List<Map<String, String>> links = new ArrayList<>();
        for (String line : check(api.get("/reports")).body().split("\n")) {
            links.add(pairs(line));
        }
        return links;
    }

    /** {@code dict(re.findall(r'([a-z]+)=([a-z0-9\-]+)', line))}: a later pair of the same name wins. */
    private static Map<String, String> pairs(String line) {
        Map<String, String> pairs = new LinkedHashMap<>();
        Matcher matcher = Pattern.compile("([a-z]+)=([a-z0-9\\-]+)").matcher(line);
        while (matcher.find()) {
            pairs.put(matcher.group(1), matcher.group(2));
        }
        return pairs;
    }

    /** loadBenchmarkNames: per exe, the names in the rows {@code <td title="">name</td>} of its changes table. */
    Map<String, List<String>> loadBenchmarkNames() {
        Map<String, List<String>> benchmarks = new TreeMap<>();
        for (Map.Entry<String, String> revision : loadExecutableAndRevisions().entrySet()) {
            Map<String, Object> query = new LinkedHashMap<>();
            query.put("tre", "10");
            query.put("rev", revision.getValue());
            query.put("exe", revision.getKey());
            query.put("env", environment);
            Api.Response response = check(api.get("/changes/table/?" + query(query)));
            List<String> names = new ArrayList<>();
            for (String line : response.body().split("\n")) {
                if (line.contains("<td title=\"\">")) {
                    Matcher name = Pattern.compile(">([^<]+)<").matcher(line);
                    name.find();
                    names.add(name.group(1));
                }
            }
            benchmarks.put(revision.getKey(), names);
        }
        return benchmarks;
    }

    /** urllib2 raises HTTPError on any status but 2xx, which ends the script. */
    private static Api.Response check(Api.Response response) {
        if (response.status() / 100 != 2) {
            throw new AssertionError("urllib2.HTTPError: HTTP Error " + response.status() + ": " + response.body());
        }
        return response;
    }

    /** The scripts' link dict, urlencoded in the order Python 2 iterates it. */
    private String urlencode(String exe, String benchmark, int revs) {
        Map<String, Object> link = new LinkedHashMap<>();
        link.put("exe", exe);
        link.put("ben", benchmark);
        link.put("extr", "on");
        link.put("quarts", "on");
        link.put("equid", "off");
        link.put("env", environment);
        link.put("revs", revs);
        return query(link);
    }

    private static String query(Map<String, ?> fields) {
        StringBuilder query = new StringBuilder();
        for (Map.Entry<String, ?> field : fields.entrySet()) {
            query.append(query.isEmpty() ? "" : "&")
                .append(URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(String.valueOf(field.getValue()), StandardCharsets.UTF_8));
        }
        return query.toString();
    }

    private static String javaVersion(String name) {
        Matcher matcher = Pattern.compile("(Java[0-9]+)").matcher(name == null ? "" : name);
        return matcher.find() ? matcher.group(1) : "Java8";
    }

    /** getMedian: the middle value, or the mean of the two middle ones. */
    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 0 ? (sorted.get(n / 2) + sorted.get((n - 1) / 2)) / 2 : sorted.get(n / 2);
    }

    /** Python's max: the first value, replaced by a later one only when that compares greater (NaN never does). */
    private static double pyMax(List<Double> values) {
        double max = values.get(0);
        for (double value : values.subList(1, values.size())) {
            if (value > max) {
                max = value;
            }
        }
        return max;
    }

    private static double pyMin(List<Double> values) {
        double min = values.get(0);
        for (double value : values.subList(1, values.size())) {
            if (value < min) {
                min = value;
            }
        }
        return min;
    }

    /** Python 2's {@code str(float)}: {@code '%.12g'}, with ".0" added to a whole number. */
    static String str(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        String text = String.format(Locale.ROOT, "%.12g", value);
        String mantissa = text;
        String exponent = "";
        int e = text.indexOf('e');
        if (e >= 0) {
            mantissa = text.substring(0, e);
            exponent = text.substring(e);
        }
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        String result = mantissa + exponent;
        return result.contains(".") || result.contains("e") ? result : result + ".0";
    }
}
