package dev.perfwatch.requests;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import dev.perfwatch.jobs.Profile;

/**
 * Reads the command in a comment: the first line that starts with {@code @bot} (quoted lines, which start with
 * {@code >}, and code blocks are skipped, so quoting an earlier command or the usage does nothing). A comment that
 * never addresses the bot is not a command at all.
 */
final class CommandParser {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}");

    static final Pattern JVM = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private CommandParser() {
    }

    static String usage(String bot) {
        return """
                `@%1$s benchmark-request [benchmarks=<regex>] [hosts=4-core,8-core] [jdk=17,25] [profile=quick|full] \
                [forks=N] [max-forks=N]` benchmarks this pull request's head against its merge base and answers with a comparison; \
                `@%1$s cancel` stops the running request; `@%1$s help` shows this.""".formatted(bot);
    }

    static Optional<Command> parse(String bot, String body, int maxForks) {
        Pattern mention = Pattern.compile("^@" + Pattern.quote(bot) + "(?![A-Za-z0-9-])(.*)$",
                Pattern.CASE_INSENSITIVE);
        boolean code = false;
        for (String raw : body.split("\\R")) {
            String line = raw.strip();
            if (line.startsWith("```") || line.startsWith("~~~")) {
                code = !code;
                continue;
            }
            if (code || line.startsWith(">")) {
                continue;
            }
            var matcher = mention.matcher(line);
            if (matcher.matches()) {
                return Optional.of(command(matcher.group(1).strip(), maxForks));
            }
        }
        return Optional.empty();
    }

    private static Command command(String text, int maxForks) {
        List<String> words = text.isEmpty() ? List.of() : Arrays.asList(text.split("\\s+"));
        if (words.isEmpty()) {
            return new Command.Malformed("no command given");
        }
        String verb = words.get(0).toLowerCase(Locale.ROOT);
        List<String> rest = words.subList(1, words.size());
        return switch (verb) {
            case "benchmark-request" -> benchmark(rest, maxForks);
            case "cancel" -> rest.isEmpty() ? new Command.Cancel()
                    : new Command.Malformed("cancel takes no options, found `" + rest.get(0) + "`");
            case "help" -> new Command.Help();
            default -> new Command.Malformed("`" + words.get(0) + "` is not a command");
        };
    }

    private static Command benchmark(List<String> options, int maxForks) {
        String benchmarks = null;
        List<String> hosts = null;
        List<String> jvms = null;
        Profile profile = null;
        Integer forks = null;
        Integer budget = null;
        Set<String> seen = new HashSet<>();
        for (String option : options) {
            int equals = option.indexOf('=');
            if (equals <= 0 || equals == option.length() - 1) {
                return new Command.Malformed("`" + option + "` is not an option: options are name=value");
            }
            String name = option.substring(0, equals).toLowerCase(Locale.ROOT);
            String value = option.substring(equals + 1);
            if (!seen.add(name)) {
                return new Command.Malformed("`" + name + "` is given twice");
            }
            switch (name) {
                case "benchmarks" -> {
                    try {
                        Pattern.compile(value);
                    }
                    catch (PatternSyntaxException ex) {
                        return new Command.Malformed("benchmarks=`" + value + "` is not a regular expression");
                    }
                    benchmarks = value;
                }
                case "hosts" -> {
                    hosts = list(value, NAME);
                    if (hosts == null) {
                        return new Command.Malformed("hosts=`" + value + "` must be host class names, like 4-core,8-core");
                    }
                }
                case "jdk" -> {
                    jvms = list(value, JVM);
                    if (jvms == null) {
                        return new Command.Malformed("jdk=`" + value + "` must be JVM names, like 17,25");
                    }
                }
                case "profile" -> {
                    switch (value.toLowerCase(Locale.ROOT)) {
                        case "quick" -> profile = Profile.QUICK;
                        case "full" -> profile = Profile.FULL;
                        default -> {
                            return new Command.Malformed("profile=`" + value + "` must be quick or full");
                        }
                    }
                }
                case "forks" -> {
                    try {
                        forks = Integer.parseInt(value);
                    }
                    catch (NumberFormatException ex) {
                        forks = -1;
                    }
                    if (forks < 2 || forks > maxForks) {
                        return new Command.Malformed("forks=`" + value + "` must be a number from 2 to " + maxForks);
                    }
                }
                case "max-forks" -> {
                    budget = number(value);
                    if (budget < 2 || budget > maxForks) {
                        return new Command.Malformed("max-forks=`" + value + "` must be a number from 2 to "
                                + maxForks);
                    }
                }
                default -> {
                    return new Command.Malformed("`" + name + "` is not an option");
                }
            }
        }
        if (forks != null && budget != null && budget < forks) {
            return new Command.Malformed("max-forks=" + budget + " is less than forks=" + forks
                    + ": the first round runs forks, later rounds add to it up to max-forks");
        }
        return new Command.Benchmark(benchmarks, hosts, jvms, profile, forks, budget);
    }

    private static int number(String value) {
        try {
            return Integer.parseInt(value);
        }
        catch (NumberFormatException ex) {
            return -1;
        }
    }

    /** Comma-separated names, each matching the pattern, without repeats; null when any does not. */
    private static List<String> list(String value, Pattern pattern) {
        List<String> names = new ArrayList<>();
        for (String name : value.split(",", -1)) {
            if (!pattern.matcher(name).matches()) {
                return null;
            }
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
