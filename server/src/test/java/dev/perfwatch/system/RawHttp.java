package dev.perfwatch.system;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import dev.perfwatch.support.Api;

/**
 * HTTP/1.1 by hand, for what a client library will not do: start a body and stop (a slow client holding a write
 * slot), and read an answer's head however the connection ends.
 */
final class RawHttp {

    /** The header line of an upload with the tests' admin token. */
    static final String TOKEN = "Authorization: Bearer " + Api.ADMIN_TOKEN + "\r\n";

    private RawHttp() {
    }

    /** The form Codespeed clients post, as far as the first bytes of its {@code json} field. */
    static final String FORM = "application/x-www-form-urlencoded";

    /** A POST that announces 1,000 bytes of JSON and sends one: the server waits for the rest. */
    static Socket startedPost(int port, String path, String headers) throws IOException {
        return startedPost(port, path, headers, "application/json", "{");
    }

    /** A POST that announces 1,000 bytes of the type and sends their first: the server waits for the rest. */
    static Socket startedPost(int port, String path, String headers, String type, String first) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        // Where the server never answers, a test fails on its read here instead of hanging.
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers
                + "Content-Type: " + type + "\r\nContent-Length: 1000\r\n\r\n" + first)
            .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** A whole POST of {@code {}} (an empty run where the path is the upload), and the head of its answer. */
    static String post(int port, String path, String headers) throws IOException {
        return post(port, path, headers, "application/json", "{}");
    }

    /** A whole POST of the body, and the head of its answer. */
    static String post(int port, String path, String headers, String type, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers
                    + "Content-Type: " + type + "\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body)
                .getBytes(StandardCharsets.US_ASCII));
            return head(socket);
        }
    }

    /**
     * Returns once an upload is refused for want of a slot: with a queue that waits ({@code write-queue-timeout} well
     * above a request's time), only a slot held throughout makes it so. A slot freed a moment after its answer was
     * sent, or an unfinished body that has not taken its slot yet, is waited for, not mistaken for a held one.
     */
    static void awaitSlotHeld(int port) throws IOException {
        for (int probe = 0; probe < 1000; probe++) {
            String answer = post(port, "/api/v1/runs", TOKEN);
            if (answer.startsWith("HTTP/1.1 503")) {
                return;
            }
            if (!answer.startsWith("HTTP/1.1 400")) {
                throw new AssertionError("a probe was answered " + answer);
            }
        }
        throw new AssertionError("the unfinished body never held the slot");
    }

    /** The answer's status line and headers, one per line. */
    static String head(Socket socket) throws IOException {
        BufferedReader reader = new BufferedReader(
                new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        StringBuilder head = new StringBuilder();
        for (String line = reader.readLine(); line != null && !line.isEmpty(); line = reader.readLine()) {
            head.append(line).append('\n');
        }
        return head.toString();
    }
}
