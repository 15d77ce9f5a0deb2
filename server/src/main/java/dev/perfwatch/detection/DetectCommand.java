package dev.perfwatch.detection;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The offline command, {@code java -jar perfwatch-server.jar detect --input F.csv --output G.json [--replay]}: runs
 * the server's detector on a CSV of series without starting the server. See {@code docs/detection.md}.
 *
 * <p>Input: a header row, then {@code series,index,value[,error][,better]} (columns found by name; {@code better}
 * is {@code higher} or {@code lower}, and defaults to {@code lower}, JMH's time per operation). Output: per
 * series, in input order, its change points; {@code reported_at} is the index of the newest point when the change
 * point was first reported while feeding the points one by one ({@code --replay}), or the last index otherwise.
 */
public final class DetectCommand {

    static final String USAGE = "usage: detect --input F.csv --output G.json [--replay]";

    private DetectCommand() {
    }

    /** One change point in the output file; {@code status} (replay only) is what the pipeline would make of it. */
    @JsonPropertyOrder({"index", "reported_at", "direction", "magnitude", "confidence", "status"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Reported(int index, @JsonProperty("reported_at") int reportedAt, String direction, double magnitude,
                    double confidence, String status) {
    }

    /** Runs the command; returns the process exit code (0 done, 1 bad input, 2 bad arguments). */
    public static int run(String[] args) {
        return run(args, System.err);
    }

    static int run(String[] args, PrintStream err) {
        Path input = null;
        Path output = null;
        boolean replay = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--input" -> input = i + 1 < args.length ? Path.of(args[++i]) : null;
                case "--output" -> output = i + 1 < args.length ? Path.of(args[++i]) : null;
                case "--replay" -> replay = true;
                default -> {
                    err.println("unknown argument '" + args[i] + "'");
                    err.println(USAGE);
                    return 2;
                }
            }
        }
        if (input == null || output == null) {
            err.println(USAGE);
            return 2;
        }
        try {
            Map<String, List<Reported>> result = detect(read(input), replay);
            JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
            Files.writeString(output, mapper.writeValueAsString(result) + System.lineSeparator());
            return 0;
        } catch (IOException | JacksonException e) {
            err.println("detect: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("detect: " + input + ": " + e.getMessage());
            return 1;
        }
    }

    static Map<String, List<Reported>> detect(List<Series> series, boolean replay) {
        Detector detector = new Detector();
        Map<String, List<Reported>> result = new LinkedHashMap<>();
        for (Series one : series) {
            List<Reported> changes = new ArrayList<>();
            if (replay) {
                for (Replay.Report report : new Replay(detector).run(one)) {
                    changes.add(reported(report.change(), report.reportedAt(), report.status().word()));
                }
            } else {
                int last = one.points().stream().mapToInt(Point::index).max().orElse(0);
                for (ChangePoint change : detector.detect(one).changePoints()) {
                    changes.add(reported(change, last, null));
                }
            }
            result.put(one.name(), changes);
        }
        return result;
    }

    private static Reported reported(ChangePoint change, int reportedAt, String status) {
        return new Reported(change.index(), reportedAt, change.direction().word(), round(change.magnitude(), 4),
            round(change.confidence(), 6), status);
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** Reads the CSV into series, in order of first appearance. */
    static List<Series> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("empty file, expected a header row series,index,value[,error][,better]");
        }
        List<String> header = Csv.fields(lines.get(0).strip()).stream().map(String::strip).toList();
        int name = column(header, "series", true);
        int index = column(header, "index", true);
        int value = column(header, "value", true);
        int error = column(header, "error", false);
        int better = column(header, "better", false);
        Map<String, List<Point>> points = new LinkedHashMap<>();
        Map<String, Better> directions = new LinkedHashMap<>();
        for (int line = 2; line <= lines.size(); line++) {
            String text = lines.get(line - 1);
            if (text.isBlank()) {
                continue;
            }
            List<String> fields = Csv.fields(text);
            try {
                String series = fields.get(name);
                Point point = Point.of(Integer.parseInt(fields.get(index).strip()),
                    Double.parseDouble(fields.get(value).strip()),
                    error >= 0 && error < fields.size() && !fields.get(error).isBlank()
                        ? Double.parseDouble(fields.get(error).strip()) : Double.NaN);
                points.computeIfAbsent(series, s -> new ArrayList<>()).add(point);
                if (better >= 0 && better < fields.size() && !fields.get(better).isBlank()) {
                    Better given = Better.parse(fields.get(better));
                    Better before = directions.putIfAbsent(series, given);
                    if (before != null && before != given) {
                        throw new IllegalArgumentException("better changes from " + before + " to " + given);
                    }
                }
            } catch (IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("line " + line + ": expected " + header.size() + " columns");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + line + ": " + e.getMessage());
            }
        }
        List<Series> series = new ArrayList<>();
        points.forEach((key, list) -> series.add(new Series(key, directions.getOrDefault(key, Better.LOWER), list)));
        return series;
    }

    private static int column(List<String> header, String name, boolean required) {
        int column = header.indexOf(name);
        if (column < 0 && required) {
            throw new IllegalArgumentException("the header row has no '" + name + "' column");
        }
        return column;
    }
}
