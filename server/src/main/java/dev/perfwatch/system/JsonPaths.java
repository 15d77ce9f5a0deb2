package dev.perfwatch.system;

import java.util.List;

import tools.jackson.core.JacksonException;

/** Renders Jackson's reference chain the way our problems name fields: {@code jmh[0].primaryMetric.score}. */
final class JsonPaths {

    private JsonPaths() {
    }

    static String of(List<JacksonException.Reference> path) {
        StringBuilder out = new StringBuilder();
        for (JacksonException.Reference reference : path) {
            if (reference.getPropertyName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(reference.getPropertyName());
            }
            else if (reference.getIndex() >= 0) {
                out.append('[').append(reference.getIndex()).append(']');
            }
        }
        return out.isEmpty() ? "body" : out.toString();
    }
}
