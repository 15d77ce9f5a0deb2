package dev.perfwatch.notifications;

/** The Markdown of a commit comment on the culprit: the summary and a table of the changes. */
final class GithubComment {

    private GithubComment() {
    }

    static String body(GroupMessage message) {
        StringBuilder text = new StringBuilder();
        text.append("**perfwatch: ").append(message.kind()).append("** — ").append(cell(message.summary()))
            .append("\n\n");
        if (!message.exact()) {
            text.append("The change is somewhere in `").append(message.lastGood().shortSha()).append("..")
                .append(message.commit().shortSha()).append("`; this is its newest commit.\n\n");
        }
        text.append("| Benchmark | Metric | Host class | Before | After | Change | Confidence |\n");
        text.append("|---|---|---|---:|---:|---:|---:|\n");
        for (GroupMessage.Line line : message.lines()) {
            text.append("| [").append(cell(line.benchmark())).append("](").append(line.timeline()).append(") | ")
                .append(cell(line.metric())).append(" | ").append(cell(line.hostClass())).append(" | ")
                .append(line.before()).append(" | ").append(line.after()).append(' ').append(cell(line.unit()))
                .append(" | ").append(line.change()).append(" | ").append(line.confidence()).append(" |\n");
        }
        if (message.more() > 0) {
            text.append("\n…and ").append(message.more()).append(" more.\n");
        }
        text.append("\n<sub>perfwatch alert group ").append(message.group()).append("</sub>\n");
        return text.toString();
    }

    /** A pipe would end a table cell. */
    private static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
    }
}
