package dev.perfwatch.ingest;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.perfwatch.system.InvalidInputException;

/**
 * What PostgreSQL cannot hold, refused before anything is written and named by its JSON path: a NUL character
 * (text cannot store it) and strings longer in UTF-8 bytes than a btree index entry allows (about 2,700 bytes; a
 * 900-character CJK benchmark name is 2,700 bytes and passed a character count). Names and params become parts of
 * unique keys, so each string is held to {@value #MAX_BYTES} bytes.
 */
final class TextLimits {

    static final int MAX_BYTES = 1000;

    private TextLimits() {
    }

    /** Walks the whole tree: field names and string values. */
    static void check(JsonNode node, String path) {
        if (node == null) {
            return;
        }
        if (node.isString()) {
            checkText(node.asString(), path);
        }
        else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                // a number's path is never shown: not building it spares a string per sample (a 500-result run has
                // 25,000; their paths were about a tenth of the request's CPU)
                if (element.isContainer() || element.isString()) {
                    check(element, path + "[" + i + "]");
                }
            }
        }
        else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode value = field.getValue();
                boolean descend = value.isContainer() || value.isString();
                if (descend || !fits(field.getKey())) {
                    String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                    checkText(field.getKey(), fieldPath);
                    check(value, fieldPath);
                }
            }
        }
    }

    /** Whether {@link #checkText} accepts the text. */
    private static boolean fits(String text) {
        return text.indexOf('\u0000') < 0
                && (text.length() <= MAX_BYTES / 4 || text.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES);
    }

    static void checkText(String text, String path) {
        if (text.indexOf('\u0000') >= 0) {
            throw new InvalidInputException(path, path + " contains a NUL character, which cannot be stored");
        }
        if (text.length() > MAX_BYTES / 4 && text.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            throw new InvalidInputException(path, path + " is longer than " + MAX_BYTES + " bytes in UTF-8");
        }
    }

    /** A quick look at the raw body: the escaped NUL a JSON text needs to carry one. */
    static boolean mayHoldNul(byte[] body) {
        for (int i = 0; i + 5 < body.length; i++) {
            if (body[i] == '\\' && body[i + 1] == 'u' && body[i + 2] == '0' && body[i + 3] == '0'
                    && body[i + 4] == '0' && body[i + 5] == '0') {
                return true;
            }
        }
        return false;
    }
}
