package dev.perfwatch.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;

/**
 * A form post's fields ({@code application/x-www-form-urlencoded}, as Codespeed clients send them) read through the
 * request's own stream, so that the checks that count a body's bytes (its size, its pace) see them. The servlet
 * container reads a form behind the filters' backs when a field is first asked for; these fields are read instead,
 * in its order: the query string's first, then the body's.
 */
final class FormBody {

    /** As many fields as Tomcat takes by default: a form of a million empty fields is not a Codespeed post. */
    static final int MAX_FIELDS = 1000;

    private FormBody() {
    }

    /** Whether the container would read the request's body as a form (Tomcat: POST and that media type). */
    static boolean isForm(HttpServletRequest request) {
        String type = request.getContentType();
        if (!"POST".equals(request.getMethod()) || type == null) {
            return false;
        }
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim()
            .equalsIgnoreCase("application/x-www-form-urlencoded");
    }

    /**
     * The body's fields after the {@code query} string's (the container's own fields, asked for once the body is
     * being read through the stream, when the container leaves the body alone). A body refused while it arrives (too
     * large, too slow) is thrown as an {@link UncheckedIOException} around the refusal, since a field's getter cannot
     * throw it.
     */
    static Map<String, String[]> fields(HttpServletRequest request, Supplier<Map<String, String[]>> query) {
        byte[] body;
        try {
            body = request.getInputStream().readAllBytes();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        Charset charset = charset(request);
        Map<String, List<String>> fields = new LinkedHashMap<>();
        query.get().forEach((name, values) -> fields.computeIfAbsent(name, n -> new ArrayList<>()).addAll(List.of(values)));
        int count = 0;
        String text = new String(body, StandardCharsets.ISO_8859_1);
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            if (++count > MAX_FIELDS) {
                throw new InvalidInputException("body", "the form has more than " + MAX_FIELDS + " fields");
            }
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals), charset);
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1), charset);
            fields.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        Map<String, String[]> result = new LinkedHashMap<>();
        fields.forEach((name, values) -> result.put(name, values.toArray(String[]::new)));
        return Collections.unmodifiableMap(result);
    }

    /** Percent-decoding of bytes read as ISO-8859-1 (one char a byte), then read again in the form's charset. */
    private static String decode(String text, Charset charset) {
        try {
            String bytes = URLDecoder.decode(text, StandardCharsets.ISO_8859_1);
            return charset.equals(StandardCharsets.ISO_8859_1) ? bytes
                    : new String(bytes.getBytes(StandardCharsets.ISO_8859_1), charset);
        }
        catch (IllegalArgumentException ex) {
            throw new InvalidInputException("body", "the form body is not valid percent-encoding");
        }
    }

    private static Charset charset(HttpServletRequest request) {
        String name = request.getCharacterEncoding();
        if (name == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(name.trim().toLowerCase(Locale.ROOT));
        }
        catch (IllegalCharsetNameException | UnsupportedCharsetException ex) {
            return StandardCharsets.UTF_8;
        }
    }
}
