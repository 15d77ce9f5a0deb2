package dev.perfwatch.system;

import java.util.regex.Pattern;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * New host class names end with a letter or digit. "4-core-" (a typo, or a name cut after a separator) was accepted
 * and became an environment of its own beside "4-core", splitting that host class's series in two without a word.
 * A name in use already (anything stored before this rule names it) is still accepted, so that no runner, uploader,
 * job or Codespeed environment that worked stops.
 */
@Component
public class HostClassNames {

    private static final Pattern ENDS_WELL = Pattern.compile(".*[A-Za-z0-9]");

    private final JdbcClient jdbc;

    HostClassNames(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Refuses a new host class whose name ends with something other than a letter or digit.
     *
     * @param field the field to name in the problem: {@code host.hostClass} in a run, {@code hostClass} elsewhere
     */
    public void requireNew(String field, String hostClass) {
        if (hostClass == null || hostClass.isEmpty() || ENDS_WELL.matcher(hostClass).matches() || inUse(hostClass)) {
            return;
        }
        throw new InvalidInputException(field, field + " must end with a letter or digit, not '"
                + hostClass.charAt(hostClass.length() - 1) + "': '" + hostClass + "' would be a host class of its own, "
                + "apart from '" + hostClass.replaceAll("[^A-Za-z0-9]+$", "") + "'");
    }

    /** Asked only of a name that ends badly: one kept from before the rule is in one of these. */
    private boolean inUse(String hostClass) {
        return jdbc.sql("""
                select exists (select 1 from host where host_class = :hostClass)
                    or exists (select 1 from runner where host_class = :hostClass)
                    or exists (select 1 from job where host_class = :hostClass)
                    or exists (select 1 from codespeed_environment where host_class = :hostClass)
                """)
            .param("hostClass", hostClass)
            .query(Boolean.class)
            .single();
    }
}
