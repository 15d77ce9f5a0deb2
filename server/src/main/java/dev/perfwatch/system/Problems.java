package dev.perfwatch.system;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.MediaType;

/** A problem (RFC 9457) written by a servlet filter, where no controller advice reaches. */
public final class Problems {

    private static final JsonMapper json = JsonMapper.builder().build();

    private Problems() {
    }

    public static void write(HttpServletResponse response, int status, String title, String detail, String field)
            throws IOException {
        ObjectNode body = json.createObjectNode();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        if (field != null) {
            body.put("field", field);
        }
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(json.writeValueAsString(body));
    }
}
