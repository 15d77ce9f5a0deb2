package dev.perfwatch.notifications;

/** The plain-text e-mail of an alert group: the title as subject, then the summary, the culprit and every change. */
final class EmailText {

    private EmailText() {
    }

    static String subject(GroupMessage message) {
        return "[perfwatch] " + message.title();
    }

    static String body(GroupMessage message) {
        StringBuilder text = new StringBuilder();
        text.append(message.summary()).append("\n\n");
        GroupMessage.Commit commit = message.commit();
        if (message.exact()) {
            text.append("Culprit:   ").append(commit.sha()).append(' ').append(commit.subject()).append('\n');
            if (commit.author() != null && !commit.author().isBlank()) {
                text.append("Author:    ").append(commit.author()).append('\n');
            }
        }
        else {
            text.append("Range:     ").append(message.lastGood().sha()).append("..").append(commit.sha())
                .append('\n');
            text.append("Last good: ").append(message.lastGood().subject()).append('\n');
            text.append("First bad: ").append(commit.subject());
            if (commit.author() != null && !commit.author().isBlank()) {
                text.append(" (").append(commit.author()).append(')');
            }
            text.append('\n');
        }
        text.append("\nChanges:\n");
        for (GroupMessage.Line line : message.lines()) {
            text.append("- ").append(line.benchmark()).append(line.metricSuffix()).append(" on ")
                .append(line.hostClass()).append(": ").append(line.before()).append(" -> ").append(line.after())
                .append(' ').append(line.unit()).append(", ").append(line.change()).append(", confidence ")
                .append(line.confidence()).append('\n');
            text.append("  ").append(line.timeline()).append('\n');
        }
        if (message.more() > 0) {
            text.append("- and ").append(message.more()).append(" more\n");
        }
        text.append("\n-- \nperfwatch alert group ").append(message.group()).append(" of ").append(message.project())
            .append(". Triage it with POST /api/v1/alert-groups/").append(message.group()).append("/triage.\n");
        return text.toString();
    }
}
