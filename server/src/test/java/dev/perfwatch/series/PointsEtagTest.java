package dev.perfwatch.series;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The columns read is sent whole with its length, and answers 304 to the ETag of bytes the client already holds; a
 * new result in the series makes a new tag, so a client never keeps stale points.
 */
@ServerTest
class PointsEtagTest {

    private static final HttpClient client = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void anUnchangedSeriesIsNotSentAgain() throws Exception {
        String project = "etag";
        Api api = Api.at(port);
        upload(api, project, 1, List.of(), 1.5);
        upload(api, project, 2, List.of(Runs.sha(1)), 2.5);
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        String read = "/api/v1/series/" + series + "/points?form=columns";

        HttpResponse<byte[]> first = get(api, read, null);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValueAsLong("Content-Length")).hasValue(first.body().length);
        assertThat(first.headers().firstValue("Transfer-Encoding")).isEmpty();
        String tag = first.headers().firstValue("ETag").orElseThrow();
        assertThat(tag).startsWith("\"").endsWith("\"");

        HttpResponse<byte[]> again = get(api, read, tag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(get(api, read, "\"other\", " + tag).statusCode()).as("one of a list").isEqualTo(304);
        assertThat(get(api, read, "\"other\"").statusCode()).isEqualTo(200);
        assertThat(get(api, read + "&limit=1", tag).statusCode()).as("other bytes, another tag").isEqualTo(200);

        upload(api, project, 3, List.of(Runs.sha(2)), 3.5);
        HttpResponse<byte[]> changed = get(api, read, tag);
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(api.get(read).json().get("score")).hasSize(3);
        assertThat(changed.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(tag);
    }

    private static HttpResponse<byte[]> get(Api api, String path, String ifNoneMatch) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.uri(path)).GET();
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static void upload(Api api, String project, int commit, List<String> parents, double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(commit),
                parents, "2026-03-0" + commit + "T00:00:00Z", Runs.thrpt("demo.Etag.read", score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
