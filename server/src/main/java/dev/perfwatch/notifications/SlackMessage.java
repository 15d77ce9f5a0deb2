package dev.perfwatch.notifications;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of a Slack-compatible incoming webhook: {@code text} for notifications and clients without blocks, and
 * Block Kit {@code blocks}. Mattermost and Rocket.Chat read {@code text}.
 */
record SlackMessage(String text, List<Block> blocks) {

    private static final JsonMapper json = JsonMapper.builder().build();

    /** Slack cuts a section's text at 3,000 characters and a header's at 150. */
    private static final int SECTION_LIMIT = 3000;

    private static final int HEADER_LIMIT = 150;

    static String render(GroupMessage message) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block("header", Text.plain(cut(message.title(), HEADER_LIMIT)), null));
        blocks.add(new Block("section", Text.markdown("*" + escape(message.summary()) + "*\n" + culprit(message)),
                null));
        blocks.add(new Block("section", Text.markdown(lines(message)), null));
        blocks.add(new Block("context", null,
                List.of(Text.markdown("perfwatch alert group " + message.group() + " · " + message.project()))));
        return json.writeValueAsString(new SlackMessage(escape(message.title() + ": " + message.summary()), blocks));
    }

    private static String culprit(GroupMessage message) {
        GroupMessage.Commit commit = message.commit();
        if (message.exact()) {
            return "Culprit `" + commit.shortSha() + "` " + escape(commit.subject()) + " — " + escape(commit.author());
        }
        return "Somewhere in `" + message.lastGood().shortSha() + ".." + commit.shortSha() + "`, up to "
                + escape(commit.subject());
    }

    private static String lines(GroupMessage message) {
        StringBuilder text = new StringBuilder();
        int shown = 0;
        for (GroupMessage.Line line : message.lines()) {
            String item = "• <" + line.timeline() + "|" + escape(line.benchmark()) + ">" + escape(line.metricSuffix())
                    + " on " + escape(line.hostClass()) + ": " + line.before() + " → " + line.after() + " "
                    + escape(line.unit()) + ", *" + line.change() + "* (confidence " + line.confidence() + ")\n";
            if (text.length() + item.length() > SECTION_LIMIT - 40) {
                break;
            }
            text.append(item);
            shown++;
        }
        int more = message.lines().size() - shown + message.more();
        if (more > 0) {
            text.append("…and ").append(more).append(" more");
        }
        return text.toString().strip();
    }

    /** Slack's mrkdwn reads &lt;, &gt; and &amp; as control characters: they must be escaped. */
    static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String cut(String text, int limit) {
        return text.length() <= limit ? text : text.substring(0, limit - 1) + "…";
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Block(String type, Text text, List<Text> elements) {
    }

    record Text(String type, String text) {

        static Text plain(String text) {
            return new Text("plain_text", text);
        }

        static Text markdown(String text) {
            return new Text("mrkdwn", text);
        }
    }
}
