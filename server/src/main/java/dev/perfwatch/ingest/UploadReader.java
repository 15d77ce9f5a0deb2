package dev.perfwatch.ingest;

import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import dev.perfwatch.system.InvalidInputException;

/**
 * Reads the body of {@code POST /api/v1/runs} in one pass: the envelope's fields as small trees, bound to
 * {@link RunUpload} as before, and its {@code jmh} array straight into the reader's records, so that the JMH file,
 * nearly all of the body, never exists as a tree.
 *
 * @see JmhResultReader#read(JsonParser, String)
 */
final class UploadReader {

    private UploadReader() {
    }

    /** @param benchmarks the JMH file read; null when {@code jmh} was missing or no array (the checks say why) */
    record Read(RunUpload upload, List<JmhBenchmark> benchmarks) {
    }

    static Read run(JsonMapper json, byte[] body) {
        try (JsonParser parser = json.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                // an empty body or no object: binding the whole says so as it always did
                return new Read(json.readValue(body, RunUpload.class), null);
            }
            ObjectNode envelope = json.createObjectNode();
            List<JmhBenchmark> benchmarks = null;
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                if (parser.nextToken() == JsonToken.START_ARRAY && name.equals("jmh")) {
                    benchmarks = JmhResultReader.read(parser, "jmh");
                }
                else {
                    envelope.set(name, parser.readValueAsTree());
                }
            }
            if (parser.nextToken() != null) {
                throw new InvalidInputException("body", "the body is not a valid run: content after the run");
            }
            return new Read(json.treeToValue(envelope, RunUpload.class), benchmarks);
        }
        catch (JacksonException ex) {
            throw new InvalidInputException(IngestService.path(ex), "the body is not a valid run: "
                    + ex.getOriginalMessage());
        }
    }

    /** The body of {@code POST /api/v1/runs/jmh}: the JMH file alone. */
    static List<JmhBenchmark> jmh(JsonMapper json, byte[] body) {
        try (JsonParser parser = json.createParser(body)) {
            parser.nextToken();
            List<JmhBenchmark> benchmarks = JmhResultReader.read(parser, "jmh");
            if (parser.nextToken() != null) {
                throw new InvalidInputException("body", "the body is not a JMH result file: content after the array");
            }
            return benchmarks;
        }
        catch (JacksonException ex) {
            throw new InvalidInputException("body", "the body is not a JMH result file: " + ex.getOriginalMessage());
        }
    }
}
