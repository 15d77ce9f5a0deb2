package dev.perfwatch.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Merges the profile's JMH options with a job's own: JMH refuses an option given twice ("-f 1 ... -f 3"), so a
 * job's option replaces the profile's of the same name, except the repeatable ones (-prof, -e, -p) which add up.
 */
final class JmhOptions {

    /** The JMH options that take no value. */
    private static final Set<String> FLAGS = Set.of("-h", "-l", "-lp", "-lprof", "-lrf");

    private static final Set<String> REPEATABLE = Set.of("-prof", "-e", "-p");

    private JmhOptions() {
    }

    static List<String> merge(List<String> profile, List<String> job) {
        Map<String, List<List<String>>> options = new LinkedHashMap<>();
        List<String> positional = new ArrayList<>();
        add(profile, options, positional);
        Map<String, List<List<String>>> overrides = new LinkedHashMap<>();
        add(job, overrides, positional);
        overrides.forEach((name, groups) -> {
            if (REPEATABLE.contains(name)) {
                options.computeIfAbsent(name, n -> new ArrayList<>()).addAll(groups);
            }
            else {
                options.put(name, groups);
            }
        });
        List<String> merged = new ArrayList<>();
        options.values().forEach(groups -> groups.forEach(merged::addAll));
        merged.addAll(positional);
        return merged;
    }

    private static void add(List<String> tokens, Map<String, List<List<String>>> options, List<String> positional) {
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.startsWith("-") && token.length() > 1 && !token.contains(" ")) {
                List<String> group = new ArrayList<>(List.of(token));
                if (!FLAGS.contains(token) && i + 1 < tokens.size()) {
                    group.add(tokens.get(++i));
                }
                if (REPEATABLE.contains(token)) {
                    options.computeIfAbsent(token, n -> new ArrayList<>()).add(group);
                }
                else {
                    options.put(token, new ArrayList<>(List.of(group)));
                }
            }
            else {
                positional.add(token);
            }
        }
    }
}
