package dev.perfwatch.notifications;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The channels' layouts of fixed messages, sealed by golden files. */
class RenderingTest {

    private static final JsonMapper json = JsonMapper.builder().build();

    private static final JsonMapper pretty = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Test
    void slackWhenRegressionRendersTextAndBlocksWithEscapedMarkup() {
        String body = SlackMessage.render(Examples.regression());

        JsonNode tree = json.readTree(body);
        assertThat(tree.get("text").asString()).contains("3 cases regressed 8.2–11% on 4-core only");
        assertThat(tree.get("blocks").get(0).get("type").asString()).isEqualTo("header");
        GoldenFiles.assertMatches("notifications", "slack-regression.json",
                pretty.writeValueAsString(tree) + "\n");
    }

    @Test
    void slackWhenRangeNamesTheRangeInsteadOfACulprit() {
        GoldenFiles.assertMatches("notifications", "slack-range.json",
                pretty.writeValueAsString(json.readTree(
                        SlackMessage.render(Examples.range()))) + "\n");
    }

    @Test
    void slackWhenManyLinesStaysWithinTheSectionLimit() {
        GroupMessage one = Examples.regression();
        List<GroupMessage.Line> lines = java.util.stream.IntStream.range(0, 20).mapToObj(i -> one.lines().get(0))
            .toList();
        GroupMessage many = new GroupMessage(one.group(), one.project(), one.repository(), one.kind(), one.title(),
                one.summary(), one.commit(), one.lastGood(), one.exact(), lines, 30, one.raisedAt());

        JsonNode section = json.readTree(SlackMessage.render(many)).get("blocks").get(2).get("text");

        assertThat(section.get("text").asString().length()).isLessThanOrEqualTo(3000);
        assertThat(section.get("text").asString()).endsWith("more");
    }

    @Test
    void emailWhenRegressionRendersSubjectAndPlainText() {
        GroupMessage message = Examples.regression();

        assertThat(EmailText.subject(message))
            .isEqualTo("[perfwatch] Regression in flink at 4f2a1b9: [FLINK-14346] Faster StringValue serialization");
        GoldenFiles.assertMatches("notifications", "email-regression.txt", EmailText.body(message));
        GoldenFiles.assertMatches("notifications", "email-range.txt", EmailText.body(Examples.range()));
    }

    @Test
    void githubCommentWhenRegressionRendersATableWithEscapedPipes() {
        GoldenFiles.assertMatches("notifications", "github-regression.md", GithubComment.body(Examples.regression()));
        GoldenFiles.assertMatches("notifications", "github-range.md", GithubComment.body(Examples.range()));
    }

    @Test
    void githubRepositoryWhenNotConfiguredComesFromAGithubUrl() {
        NotificationsProperties.Route none = NotificationsProperties.Route.NONE;

        assertThat(GithubChannel.repository(Examples.regression(), none)).contains("apache/flink");
        assertThat(GithubChannel.repository(Examples.range(), none)).isEmpty();
        assertThat(GithubChannel.repository(Examples.range(),
                new NotificationsProperties.Route(null, List.of(), "google/protobuf", false)))
            .contains("google/protobuf");
    }

    @Test
    void atomFeedWhenTwoGroupsIsValidAtomWithBothEntries() throws Exception {
        String feed = AtomFeed.render("flink",
                List.of(FeedEntry.announced(Examples.range()), FeedEntry.announced(Examples.regression())),
                "https://perfwatch.example.org");

        GoldenFiles.assertMatches("notifications", "feed.atom", feed);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder()
            .parse(new ByteArrayInputStream(feed.getBytes(StandardCharsets.UTF_8)));
        assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo(AtomFeed.NAMESPACE);
        assertThat(document.getElementsByTagNameNS(AtomFeed.NAMESPACE, "entry").getLength()).isEqualTo(2);
        assertThat(document.getElementsByTagNameNS(AtomFeed.NAMESPACE, "updated").item(0).getTextContent())
            .isEqualTo("2026-03-05T00:00:00Z");
    }

    @Test
    void atomFeedWhenEmptyIsStillAValidFeed() {
        String feed = AtomFeed.render(null, List.of(), "https://perfwatch.example.org");

        assertThat(feed).contains("<title>perfwatch alerts: all projects</title>")
            .contains("<updated>1970-01-01T00:00:00Z</updated>")
            .doesNotContain("<entry>");
    }
}
