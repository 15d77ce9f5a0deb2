package dev.perfwatch.runner.importer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The options of an import: {@code --name value} or {@code --name=value}, and positional arguments. */
final class ImportOptions {

    private final Map<String, String> values = new LinkedHashMap<>();

    private final List<String> positional = new ArrayList<>();

    private ImportOptions() {
    }

    /** A wrong command line: answered with the usage and exit code 2. */
    static final class UsageException extends RuntimeException {

        UsageException(String message) {
            super(message);
        }
    }

    static ImportOptions parse(List<String> args) {
        ImportOptions options = new ImportOptions();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                options.positional.add(arg);
                continue;
            }
            String name = arg.substring(2);
            int equals = name.indexOf('=');
            if (equals >= 0) {
                options.values.put(name.substring(0, equals), name.substring(equals + 1));
            }
            else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                options.values.put(name, args.get(++i));
            }
            else {
                throw new UsageException("--" + name + " needs a value");
            }
        }
        return options;
    }

    String required(String name) {
        return optional(name).orElseThrow(() -> new UsageException("--" + name + " is required"));
    }

    Optional<String> optional(String name) {
        return Optional.ofNullable(values.get(name)).filter(value -> !value.isBlank());
    }

    String optional(String name, String fallback) {
        return optional(name).orElse(fallback);
    }

    int number(String name, int fallback) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            int number = Integer.parseInt(value);
            if (number >= 1) {
                return number;
            }
        }
        catch (NumberFormatException ex) {
            // answered below
        }
        throw new UsageException("--" + name + " must be a whole number of at least 1, not " + value);
    }

    List<String> positional() {
        return positional;
    }

    /** Refuses options the command does not know, so that a typo is not silently ignored. */
    void allow(String... names) {
        List<String> known = List.of(names);
        for (String name : values.keySet()) {
            if (!known.contains(name)) {
                throw new UsageException("unknown option --" + name);
            }
        }
    }
}
