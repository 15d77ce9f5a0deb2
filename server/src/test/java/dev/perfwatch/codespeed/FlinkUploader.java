package dev.perfwatch.codespeed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The request Flink's {@code save_jmh_result.py} (apache/flink-benchmarks) builds from JMH's CSV output: one result
 * per CSV line named by the method and its parameter values, {@code lessisbetter} from the mode (avgt and ss),
 * {@code units} from the JMH unit, {@code units_title} "Times"/"Time", the score error as a string in
 * {@code std_dev}, the file's modification time as Python's {@code str(datetime)}, all {@code json.dumps}-ed with
 * sorted keys into the form field {@code json}.
 */
final class FlinkUploader {

    private static final JsonMapper json = JsonMapper.builder()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .build();

    private FlinkUploader() {
    }

    /**
     * @param csv JMH's {@code -rf csv} output
     * @param modificationDate Python's {@code str(datetime.fromtimestamp(mtime))}, e.g. 2024-03-14 02:11:09.123456
     */
    static String results(String csv, String commit, String branch, String environment, String project,
            String executable, String modificationDate) {
        List<List<String>> lines = csv.lines().map(FlinkUploader::csvLine).toList();
        List<String> header = lines.get(0);
        List<Integer> paramIndexes = header.stream().filter(h -> h.startsWith("Param")).sorted()
            .map(header::indexOf).toList();
        int benchmarkIndex = header.indexOf("Benchmark");
        int scoreIndex = header.indexOf("Score");
        int modeIndex = header.indexOf("Mode");
        int unitIndex = header.indexOf("Unit");
        int errorIndex = scoreIndex + 1;
        List<Map<String, Object>> results = new ArrayList<>();
        for (List<String> line : lines.subList(1, lines.size())) {
            String[] parts = line.get(benchmarkIndex).split("\\.");
            StringBuilder name = new StringBuilder(parts[parts.length - 1]);
            for (int paramIndex : paramIndexes) {
                if (paramIndex < line.size() && !line.get(paramIndex).isEmpty()) {
                    name.append('.').append(line.get(paramIndex));
                }
            }
            boolean lessIsBetter = line.get(modeIndex).equals("avgt") || line.get(modeIndex).equals("ss");
            Map<String, Object> result = new TreeMap<>();
            result.put("commitid", commit);
            result.put("branch", branch);
            result.put("project", project);
            result.put("executable", executable);
            result.put("benchmark", name.toString());
            result.put("environment", environment);
            result.put("lessisbetter", lessIsBetter);
            result.put("units", line.get(unitIndex));
            result.put("units_title", lessIsBetter ? "Times" : "Time");
            result.put("result_value", Double.parseDouble(line.get(scoreIndex)));
            result.put("revision_date", modificationDate);
            result.put("result_date", modificationDate);
            result.put("std_dev", line.get(errorIndex));
            results.add(result);
        }
        return json.writeValueAsString(results);
    }

    /** Python's csv.reader with the default dialect: commas, double quotes. */
    private static List<String> csvLine(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                }
                else if (c == '"') {
                    quoted = false;
                }
                else {
                    cell.append(c);
                }
            }
            else if (c == '"') {
                quoted = true;
            }
            else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            }
            else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
