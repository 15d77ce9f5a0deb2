package dev.perfwatch.alerts;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

@ServerTest
class TriageTest {

    private static final String ATOM = "http://www.w3.org/2005/Atom";

    private static String writer;

    private static String writerToken;

    private static String runnerToken;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Alerts alerts;

    @Autowired
    ApiTokens tokens;

    @BeforeEach
    void tokens() {
        if (writerToken == null) {
            writer = "triager-" + UUID.randomUUID();
            writerToken = tokens.create(writer, Role.WRITE);
            runnerToken = tokens.create("triage-runner-" + UUID.randomUUID(), Role.RUNNER);
        }
    }

    @Test
    void triageWhenWriteTokenAuditsWhoWhenFromAndTo() {
        Raised raised = story("triage-audit");
        long alert = raised.alerts().get(0);

        Api.Response response = triage("/api/v1/alerts/" + alert + "/triage",
                "{\"status\": \"acknowledged\", \"comment\": \"the temporary buffer, see FLINK-15171\"}", writerToken);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode detail = api().get("/api/v1/alerts/" + alert).json();
        assertThat(detail.get("status").asString()).isEqualTo("acknowledged");
        JsonNode history = detail.get("history");
        assertThat(history).hasSize(2);
        assertThat(history.get(0).get("actor").asString()).isEqualTo("perfwatch");
        assertThat(history.get(0).get("from").isNull()).isTrue();
        assertThat(history.get(0).get("to").asString()).isEqualTo("new");
        assertThat(history.get(1).get("actor").asString()).isEqualTo(writer);
        assertThat(history.get(1).get("from").asString()).isEqualTo("new");
        assertThat(history.get(1).get("to").asString()).isEqualTo("acknowledged");
        assertThat(history.get(1).get("comment").asString()).isEqualTo("the temporary buffer, see FLINK-15171");
        assertThat(history.get(1).get("at").asString()).isNotBlank();
    }

    @Test
    void triageWhenRefusedNamesTheReason() {
        long alert = story("triage-refused").alerts().get(0);
        String path = "/api/v1/alerts/" + alert + "/triage";

        Api.Response anonymous = api().postJson(path, "{\"status\": \"invalid\"}", null);
        Api.Response badStatus = triage(path, "{\"status\": \"noise\"}", writerToken);
        Api.Response noStatus = triage(path, "{\"comment\": \"hm\"}", writerToken);
        Api.Response duplicateOfNothing = triage(path, "{\"status\": \"duplicate\"}", writerToken);
        Api.Response duplicateOfItself = triage(path,
                "{\"status\": \"duplicate\", \"duplicateOf\": " + alert + "}", writerToken);
        Api.Response runner = triage(path, "{\"status\": \"invalid\"}", runnerToken);
        Api.Response missing = triage("/api/v1/alerts/987654321/triage", "{\"status\": \"invalid\"}", writerToken);

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(badStatus.status()).isEqualTo(400);
        assertThat(badStatus.json().get("field").asString()).isEqualTo("status");
        assertThat(badStatus.json().get("detail").asString()).contains("wont_fix");
        assertThat(noStatus.json().get("field").asString()).isEqualTo("status");
        assertThat(duplicateOfNothing.status()).isEqualTo(400);
        assertThat(duplicateOfNothing.json().get("field").asString()).isEqualTo("duplicateOf");
        assertThat(duplicateOfItself.json().get("field").asString()).isEqualTo("duplicateOf");
        assertThat(runner.status()).isEqualTo(403);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api().get("/api/v1/alerts/" + alert).json().get("history")).hasSize(1);
    }

    @Test
    void triageWhenDuplicateLinksTheAlertItRepeats() {
        Raised raised = story("triage-duplicate");

        Api.Response response = triage("/api/v1/alerts/" + raised.alerts().get(1) + "/triage",
                "{\"status\": \"duplicate\", \"duplicateOf\": " + raised.alerts().get(0) + "}", writerToken);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("duplicateOf").asLong()).isEqualTo(raised.alerts().get(0));
        assertThat(response.json().get("history").get(1).get("duplicateOf").asLong())
            .isEqualTo(raised.alerts().get(0));
    }

    @Test
    void triageGroupWhenInvalidMarksEveryAlertAndCountsFalseAlarms() {
        Raised raised = story("triage-noise");

        Api.Response response = triage("/api/v1/alert-groups/" + raised.groups().get(0) + "/triage",
                "{\"status\": \"invalid\", \"comment\": \"the host was swapping\"}", writerToken);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("open").asBoolean()).isFalse();
        assertThat(response.json().get("alerts").findValuesAsString("status")).hasSize(9).containsOnly("invalid");
        JsonNode falseAlarms = api().get("/api/v1/alerts/false-alarms?project=triage-noise").json();
        assertThat(falseAlarms).hasSize(1);
        assertThat(falseAlarms.get(0).get("benchmark").asString())
            .isEqualTo("demo.StringSerializationBenchmark.serialize");
        assertThat(falseAlarms.get(0).get("falseAlarms").asLong()).isEqualTo(9);
        assertThat(falseAlarms.get(0).get("alerts").asLong()).isEqualTo(9);
        assertThat(alerts.falseAlarms("triage-noise").get(0).falseAlarms()).isEqualTo(9);
    }

    @Test
    void triageGroupWhenDuplicateOfAnotherGroupPointsEachAlertAtItsCounterpart() {
        Raised first = story("triage-group-dup");
        Seeds seeds = new Seeds(api(), jdbc, "triage-group-dup");
        long series = seeds.series("16", "primary", "4-core");
        Raised second = alerts.raise(List.of(seeds.candidate(series, 4, 2, 1250, 1112.5)));

        Api.Response response = triage("/api/v1/alert-groups/" + second.groups().get(0) + "/triage",
                "{\"status\": \"duplicate\", \"duplicateOf\": " + first.groups().get(0) + "}", writerToken);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        long counterpart = jdbc.sql("select id from alert where group_id = :group and series_id = :series")
            .param("group", first.groups().get(0)).param("series", series).query(Long.class).single();
        assertThat(response.json().get("alerts").get(0).get("duplicateOf").asLong()).isEqualTo(counterpart);
    }

    @Test
    void levelRestoredWhenLaterChangeResolvesOnlyOpenAlerts() {
        Seeds seeds = new Seeds(api(), jdbc, "triage-restored");
        Story.seed(seeds);
        seeds.run(5, "4-core", Map.of("16", 1250.0, "128", 402.5, "1024", 60.12), 96);
        Raised raised = alerts.raise(Story.candidates(seeds));
        long series = seeds.series("16", "primary", "4-core");
        long other = seeds.series("128", "primary", "4-core");
        long wontFix = jdbc.sql("select id from alert where series_id = :series").param("series", other)
            .query(Long.class).single();
        triage("/api/v1/alerts/" + wontFix + "/triage", "{\"status\": \"wont_fix\"}", writerToken);

        List<Long> resolved = alerts.levelRestored(series, seeds.commit(5));
        List<Long> notResolved = alerts.levelRestored(other, seeds.commit(5));
        List<Long> notLater = alerts.levelRestored(seeds.series("1024", "primary", "4-core"), seeds.commit(2));

        assertThat(resolved).hasSize(1);
        assertThat(notResolved).isEmpty();
        assertThat(notLater).isEmpty();
        JsonNode detail = api().get("/api/v1/alerts/" + resolved.get(0)).json();
        assertThat(detail.get("status").asString()).isEqualTo("fixed");
        assertThat(detail.get("restoredAt").get("sha").asString()).isEqualTo(seeds.sha(5));
        assertThat(detail.get("history").get(1).get("actor").asString()).isEqualTo("perfwatch");
        assertThat(detail.get("history").get(1).get("comment").asString())
            .isEqualTo("level restored at " + seeds.sha(5).substring(0, 7));
        assertThat(api().get("/api/v1/alerts/" + wontFix).json().get("status").asString()).isEqualTo("wont_fix");
        assertThat(raised.alerts()).contains(resolved.get(0));
    }

    @Test
    void alertsWhenFilteredAnswerOnlyMatches() {
        Raised raised = story("triage-filters");
        Seeds seeds = new Seeds(api(), jdbc, "triage-filters");
        long series = seeds.series("16", "primary", "4-core");
        triage("/api/v1/alerts/" + raised.alerts().get(0) + "/triage", "{\"status\": \"investigating\"}",
                writerToken);

        String base = "/api/v1/alerts?project=triage-filters";
        assertThat(api().get(base).json()).hasSize(9);
        assertThat(api().get(base + "&hostClass=8-core").json()).hasSize(3);
        assertThat(api().get(base + "&kind=improvement").json()).isEmpty();
        assertThat(api().get(base + "&status=new").json()).hasSize(8);
        assertThat(api().get(base + "&status=investigating,acknowledged").json()).hasSize(1);
        assertThat(api().get(base + "&series=" + series).json().findValuesAsString("timeline"))
            .containsExactly("http://localhost:8080/#/timeline?series=" + series);
        assertThat(api().get(base + "&since=2999-01-01T00:00:00Z").json()).isEmpty();
        assertThat(api().get(base + "&limit=2").json()).hasSize(2);
        assertThat(api().get(base + "&kind=worse").json().get("field").asString()).isEqualTo("kind");
        assertThat(api().get(base + "&status=open").json().get("field").asString()).isEqualTo("status");
        assertThat(api().get(base + "&since=yesterday").json().get("field").asString()).isEqualTo("since");
        assertThat(api().get(base + "&limit=0").json().get("field").asString()).isEqualTo("limit");
        assertThat(api().get("/api/v1/alerts?project=no-such-project").status()).isEqualTo(404);
        assertThat(api().get("/api/v1/alert-groups/987654321").status()).isEqualTo(404);
    }

    @Test
    void feedWhenGroupsRaisedParsesAsAtomWithTheirEntries() throws Exception {
        Raised story = story("triage-feed");
        Seeds seeds = new Seeds(api(), jdbc, "triage-feed");
        Raised range = alerts.raise(List.of(seeds.candidate(seeds.series("16", "primary", "4-core"), 4, 2, 1250,
                1112.5)));

        Api.Response feed = api().get("/api/v1/alerts/feed.atom?project=triage-feed");

        assertThat(feed.status()).isEqualTo(200);
        assertThat(feed.contentType()).startsWith("application/atom+xml");
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder()
            .parse(new ByteArrayInputStream(feed.body().getBytes(StandardCharsets.UTF_8)));
        assertThat(document.getDocumentElement().getLocalName()).isEqualTo("feed");
        assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo(ATOM);
        var entries = document.getElementsByTagNameNS(ATOM, "entry");
        assertThat(entries.getLength()).isEqualTo(2);
        Element newest = (Element) entries.item(0);
        assertThat(newest.getElementsByTagNameNS(ATOM, "title").item(0).getTextContent())
            .startsWith("Regression in triage-feed in ");
        Element oldest = (Element) entries.item(1);
        assertThat(oldest.getElementsByTagNameNS(ATOM, "summary").item(0).getTextContent())
            .isEqualTo("3 cases regressed 8.2–11% on 4-core only; gc.alloc.rate.norm +96 B/op");
        assertThat(oldest.getElementsByTagNameNS(ATOM, "link").item(1).getAttributes().getNamedItem("href")
            .getTextContent()).endsWith("/api/v1/alert-groups/" + story.groups().get(0));
        assertThat(range.groups()).doesNotContainAnyElementsOf(story.groups());
    }

    @Test
    void feedWhenEveryAlertOfAGroupIsFixedUpdatesItsEntryToSaySo() throws Exception {
        Seeds seeds = new Seeds(api(), jdbc, "triage-feed-closed");
        for (int commit = 1; commit <= 4; commit++) {
            seeds.run(commit, "4-core", java.util.Map.of("16", commit == 3 ? 1112.5 : 1250.0), 96);
        }
        long series = seeds.series("16", "primary", "4-core");
        Raised raised = alerts.raise(List.of(seeds.candidate(series, 3, 1250, 1112.5)));
        Element open = newestEntry("triage-feed-closed");
        assertThat(open.getElementsByTagNameNS(ATOM, "title").item(0).getTextContent()).startsWith("Regression in");

        assertThat(alerts.levelRestored(series, seeds.commit(4))).isEqualTo(raised.alerts());
        Element closed = newestEntry("triage-feed-closed");

        String restoredAt = seeds.sha(4).substring(0, 7);
        assertThat(closed.getElementsByTagNameNS(ATOM, "title").item(0).getTextContent())
            .startsWith("Closed (fixed at " + restoredAt + "): Regression in");
        assertThat(closed.getElementsByTagNameNS(ATOM, "content").item(0).getTextContent())
            .startsWith("Closed ").contains("every alert of this group is fixed at " + restoredAt);
        assertThat(java.time.Instant.parse(closed.getElementsByTagNameNS(ATOM, "updated").item(0).getTextContent()))
            .as("a feed reader shows the entry again only when its updated moves")
            .isAfter(java.time.Instant.parse(open.getElementsByTagNameNS(ATOM, "updated").item(0).getTextContent()));
        var categories = closed.getElementsByTagNameNS(ATOM, "category");
        assertThat(categories.item(categories.getLength() - 1).getAttributes().getNamedItem("term").getTextContent())
            .isEqualTo("closed");
    }

    private Element newestEntry(String project) throws Exception {
        Api.Response feed = api().get("/api/v1/alerts/feed.atom?project=" + project);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder()
            .parse(new ByteArrayInputStream(feed.body().getBytes(StandardCharsets.UTF_8)));
        return (Element) document.getElementsByTagNameNS(ATOM, "entry").item(0);
    }

    private Raised story(String project) {
        Seeds seeds = new Seeds(api(), jdbc, project);
        Story.seed(seeds);
        return alerts.raise(Story.candidates(seeds));
    }

    private Api.Response triage(String path, String body, String token) {
        return api().postJson(path, body, "Bearer " + token);
    }

    private Api api() {
        return Api.at(port);
    }
}
