package dev.perfwatch.runner.importer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Codespeed server holds, read from its timeline page ({@code /timeline/}): Codespeed has no JSON listing of
 * its environments, executables and benchmarks, but the page's selection boxes carry every id and name. The page
 * differs between Codespeed versions, so this reads the form inputs (name, value, id) and their labels rather than
 * the layout around them.
 */
record CodespeedCatalog(List<Environment> environments, List<Executable> executables, List<Benchmark> benchmarks) {

    record Environment(long id, String name) {
    }

    /** @param project the project the page groups the executable under; null when the page does not say */
    record Executable(long id, String name, String project, String description) {
    }

    record Benchmark(long id, String name, String description) {
    }

    private static final Pattern INPUT = Pattern.compile("<input\\b([^>]*)>", Pattern.CASE_INSENSITIVE);

    private static final Pattern ATTRIBUTE = Pattern.compile("([a-zA-Z_:-]+)\\s*=\\s*(\"([^\"]*)\"|'([^']*)')");

    private static final Pattern LABEL = Pattern.compile("<label\\s+for=\"([^\"]*)\"\\s*>(.*?)</label>",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** The project heading of a group of executables: {@code <ul>Flink <a href="#" class="checkall">}. */
    private static final Pattern PROJECT = Pattern.compile("<ul>\\s*([^<]+?)\\s*<a\\s+href=\"#\"\\s+class=\"checkall\"",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern LI_TITLE = Pattern.compile("<li\\s+title=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);

    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private static final Pattern TRAILING_DIGITS = Pattern.compile("(\\d+)$");

    static CodespeedCatalog parse(String html) {
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher label = LABEL.matcher(html);
        while (label.find()) {
            labels.put(unescape(label.group(1)), unescape(label.group(2).replaceAll("<[^>]*>", "").strip()));
        }
        List<Environment> environments = new ArrayList<>();
        List<Executable> executables = new ArrayList<>();
        List<Benchmark> benchmarks = new ArrayList<>();
        Matcher input = INPUT.matcher(html);
        while (input.find()) {
            Map<String, String> attributes = attributes(input.group(1));
            String name = attributes.getOrDefault("name", "");
            String value = attributes.getOrDefault("value", "");
            String id = attributes.getOrDefault("id", "");
            String text = labels.getOrDefault(id, value);
            switch (name) {
                case "environments" -> {
                    if (DIGITS.matcher(value).matches()) {
                        environments.add(new Environment(Long.parseLong(value), text));
                    }
                }
                case "executable" -> {
                    if (DIGITS.matcher(value).matches()) {
                        executables.add(new Executable(Long.parseLong(value), text,
                                project(html, input.start()), title(html, input.start())));
                    }
                }
                case "benchmark" -> {
                    Matcher number = TRAILING_DIGITS.matcher(id);
                    if (!value.equals("grid") && !value.equals("show_none") && number.find()) {
                        benchmarks.add(new Benchmark(Long.parseLong(number.group(1)), value,
                                title(html, input.start())));
                    }
                }
                default -> {
                    // other inputs of the page: options, baseline, chart settings
                }
            }
        }
        return new CodespeedCatalog(List.copyOf(environments), List.copyOf(executables), List.copyOf(benchmarks));
    }

    private static Map<String, String> attributes(String text) {
        Map<String, String> attributes = new LinkedHashMap<>();
        Matcher attribute = ATTRIBUTE.matcher(text);
        while (attribute.find()) {
            String value = attribute.group(3) != null ? attribute.group(3) : attribute.group(4);
            attributes.put(attribute.group(1).toLowerCase(java.util.Locale.ROOT), unescape(value));
        }
        return attributes;
    }

    /** The last project heading before the input, if the page groups executables by project. */
    private static String project(String html, int position) {
        Matcher heading = PROJECT.matcher(html);
        String project = null;
        while (heading.find() && heading.start() < position) {
            project = unescape(heading.group(1));
        }
        return project;
    }

    /** The title of the list item holding the input: a description in Codespeed's pages. */
    private static String title(String html, int position) {
        int start = html.lastIndexOf("<li", position);
        if (start < 0) {
            return "";
        }
        Matcher title = LI_TITLE.matcher(html.substring(start, position));
        return title.lookingAt() ? unescape(title.group(1)) : "";
    }

    /** Django's autoescape: {@code & < > " '}, and numeric references. */
    static String unescape(String text) {
        Matcher reference = Pattern.compile("&#(x?)([0-9a-fA-F]+);").matcher(text);
        StringBuilder out = new StringBuilder();
        while (reference.find()) {
            int code = Integer.parseInt(reference.group(2), reference.group(1).isEmpty() ? 10 : 16);
            reference.appendReplacement(out, Matcher.quoteReplacement(new String(Character.toChars(code))));
        }
        reference.appendTail(out);
        return out.toString()
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
    }
}
