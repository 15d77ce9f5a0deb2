package dev.perfwatch.system;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * New host class names end with a letter or digit. "4-core-" (a typo, or a name cut after a separator) was accepted
 * and became an environment of its own beside "4-core", splitting that host class's series in two without a word.
 * A name already in use (stored before this rule) is still accepted, so that no runner or uploader that worked stops.
 */
public final class HostClassNames {

    private static final Pattern ENDS_WELL = Pattern.compile(".*[A-Za-z0-9]");

    private HostClassNames() {
    }

    /**
     * Refuses a new host class whose name ends with something other than a letter or digit.
     *
     * @param field the field to name in the problem: {@code host.hostClass} in a run, {@code hostClass} elsewhere
     * @param known whether the name is in use already (asked only for a name that ends badly)
     */
    public static void requireNew(String field, String hostClass, Predicate<String> known) {
        if (hostClass == null || hostClass.isEmpty() || ENDS_WELL.matcher(hostClass).matches()
                || known.test(hostClass)) {
            return;
        }
        throw new InvalidInputException(field, field + " must end with a letter or digit, not '"
                + hostClass.charAt(hostClass.length() - 1) + "': '" + hostClass + "' would be a host class of its own, "
                + "apart from '" + hostClass.replaceAll("[^A-Za-z0-9]+$", "") + "'");
    }
}
