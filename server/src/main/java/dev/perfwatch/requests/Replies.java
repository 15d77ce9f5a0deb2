package dev.perfwatch.requests;

/**
 * The bot's one-off answers to a comment: usage, help, refusals. Like the request comment, no line starts with the
 * bot's name, so the bot never reads its own replies as commands.
 */
final class Replies {

    private Replies() {
    }

    static String usage(String bot, String reason) {
        return "**" + bot + "** did not understand that: " + reason + ".\n\nUsage: " + CommandParser.usage(bot) + "\n";
    }

    static String help(String bot) {
        return "**" + bot + "** benchmarks pull requests on dedicated hosts.\n\nUsage: " + CommandParser.usage(bot)
                + "\n";
    }

    static String refused(String bot, String author) {
        return "Thanks @" + author + "! **" + bot + "** runs benchmark requests for maintainers and collaborators only, "
                + "because the pull request's code runs on our benchmark hosts. A maintainer can ask for you.\n";
    }

    static String nothingToCancel(String bot) {
        return "**" + bot + "**: this pull request has no benchmark request in progress.\n";
    }

    static String unknownRepository(String bot, String repository) {
        return "**" + bot + "** has no project for " + repository + ": an administrator sets "
                + "`perfwatch.requests.projects.<name>.github-repository`.\n";
    }
}
