package dev.perfwatch.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Command-line options ({@code --name value} or {@code --name=value}, repeatable) with a fallback to environment
 * variables, so that the same runner works from a shell and from docker-compose's environment.
 */
final class Options {

    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private final List<String> positional = new ArrayList<>();

    private final Map<String, String> environment;

    private Options(Map<String, String> environment) {
        this.environment = environment;
    }

    static Options parse(List<String> args, Map<String, String> environment) {
        Options options = new Options(environment);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--")) {
                String name = arg.substring(2);
                String value;
                int equals = name.indexOf('=');
                if (equals >= 0) {
                    value = name.substring(equals + 1);
                    name = name.substring(0, equals);
                }
                else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                    value = args.get(++i);
                }
                else {
                    value = "true";
                }
                options.values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            }
            else {
                options.positional.add(arg);
            }
        }
        return options;
    }

    /** The option, else the environment variable, else empty. */
    Optional<String> get(String name, String environmentVariable) {
        List<String> given = values.get(name);
        if (given != null && !given.isEmpty()) {
            return Optional.of(given.get(given.size() - 1));
        }
        if (environmentVariable != null) {
            String value = environment.get(environmentVariable);
            if (value != null && !value.isBlank()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }

    Optional<String> get(String name) {
        return get(name, null);
    }

    String require(String name, String environmentVariable) {
        return get(name, environmentVariable).orElseThrow(() -> new UsageException("--" + name
                + (environmentVariable == null ? "" : " (or " + environmentVariable + ")") + " is required"));
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    boolean flag(String name) {
        return get(name).map(v -> !v.equals("false")).orElse(false);
    }

    List<String> positional() {
        return positional;
    }

    String environment(String name) {
        return environment.get(name);
    }

    /** A mistake in the command line: printed with the usage, exit code 2. */
    static final class UsageException extends RuntimeException {

        UsageException(String message) {
            super(message);
        }
    }
}
