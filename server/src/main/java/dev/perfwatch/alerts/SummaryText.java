package dev.perfwatch.alerts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.perfwatch.alerts.GroupFacts.AlertFact;
import dev.perfwatch.alerts.GroupFacts.SiblingFact;

/**
 * Writes a group's one-line summary, the story a maintainer would otherwise dig out by hand (FLINK-15171): how many
 * cases moved and by how much, on which host classes and whether only there, and whether allocation per operation
 * moved with them. For example "14 cases regressed 6–11% on 4-core only; gc.alloc.rate.norm +96 B/op".
 */
final class SummaryText {

    /** Host classes sort by their leading number, so "4-core" comes before "16-core". */
    static final Comparator<String> HOST_CLASSES = Comparator.comparingLong(SummaryText::leadingNumber)
        .thenComparing(Comparator.naturalOrder());

    private SummaryText() {
    }

    static String render(GroupFacts facts) {
        List<String> parts = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            primary(facts, kind).ifPresent(parts::add);
        }
        allocation(facts).ifPresent(parts::add);
        parts.addAll(otherMetrics(facts));
        environmentShift(facts).ifPresent(parts::add);
        unconfirmed(facts).ifPresent(parts::add);
        if (facts.foundLate() > 0) {
            parts.add("found " + facts.foundLate() + " commit" + (facts.foundLate() == 1 ? "" : "s") + " after the culprit");
        }
        return String.join("; ", parts);
    }

    private static Optional<String> primary(GroupFacts facts, Kind kind) {
        List<AlertFact> alerts = facts.alerts().stream().filter(a -> a.primary() && a.kind() == kind).toList();
        if (alerts.isEmpty()) {
            return Optional.empty();
        }
        long cases = alerts.stream().map(AlertFact::caseId).distinct().count();
        Set<String> hosts = alerts.stream().map(AlertFact::hostClass)
            .collect(Collectors.toCollection(() -> new TreeSet<>(HOST_CLASSES)));
        return Optional.of(cases + (cases == 1 ? " case " : " cases ") + verb(kind) + amount(alerts) + " on "
                + list(hosts) + hostClause(facts, alerts, hosts));
    }

    /**
     * " only" when the same cases were measured on another host class at the culprit and did not move there; the
     * host classes where they moved as well, or that have not measured the commit yet, otherwise.
     */
    private static String hostClause(GroupFacts facts, List<AlertFact> alerts, Set<String> hosts) {
        Map<Long, AlertFact> byId = alerts.stream().collect(Collectors.toMap(AlertFact::alert, Function.identity()));
        List<SiblingFact> siblings = facts.siblings().stream()
            .filter(s -> byId.containsKey(s.alert()) && !hosts.contains(s.hostClass()))
            .toList();
        Set<String> measured = hostsOf(siblings.stream().filter(SiblingFact::measured).toList());
        Set<String> moving = hostsOf(siblings.stream()
            .filter(s -> s.measured() && (s.alerted() || moved(s, byId.get(s.alert()))))
            .toList());
        Set<String> notYet = hostsOf(siblings.stream().filter(s -> !s.measured()).toList());
        notYet.removeAll(measured);
        StringBuilder clause = new StringBuilder();
        if (!measured.isEmpty() && moving.isEmpty()) {
            clause.append(" only");
        }
        if (!moving.isEmpty()) {
            clause.append(", also moving on ").append(list(moving));
        }
        if (!notYet.isEmpty()) {
            clause.append(" (not measured on ").append(list(notYet)).append(" yet)");
        }
        return clause.toString();
    }

    /** Moved in the alert's direction by at least half as much: too close to call it unchanged. */
    private static boolean moved(SiblingFact sibling, AlertFact alert) {
        if (sibling.change() == null || alert.magnitude() == null) {
            return false;
        }
        return Math.signum(sibling.change()) == Math.signum(alert.magnitude())
                && Math.abs(sibling.change()) >= Math.abs(alert.magnitude()) / 2;
    }

    /** The least number of measured series for the breadth of a move to mean anything. */
    static final int SHIFT_SERIES = 5;

    /** The share of an environment's measured series that must move the same way at once. */
    static final double SHIFT_SHARE = 0.75;

    /**
     * "18 of 20 cases on 4-core moved at this commit: likely the environment (hosts, OS, JVM build), not the code",
     * when at least {@link #SHIFT_SHARE} of the environment's measured primary series (and at least
     * {@link #SHIFT_SERIES}) moved the same way at the commit, allocation per operation did not move in any of them
     * (it does not depend on the machine: a code change that slows everything usually allocates differently too),
     * and the same cases did not move on another host class that measured the commit (a change of one host class's
     * machines stays there). A hint, not a verdict: a commit that touches what every benchmark runs looks alike.
     */
    static Optional<String> environmentShift(GroupFacts facts) {
        if (facts.alerts().stream().anyMatch(a -> a.metric().equals(GroupFacts.ALLOCATION))) {
            return Optional.empty();
        }
        return facts.breadth().stream()
            .filter(b -> b.measured() >= SHIFT_SERIES && b.moved() >= SHIFT_SHARE * b.measured())
            .filter(b -> !movingElsewhere(facts, b))
            .max(Comparator.comparingDouble(b -> (double) b.moved() / b.measured()))
            .map(b -> b.moved() + " of " + b.measured() + " cases on " + b.hostClass()
                    + (b.kind() == Kind.REGRESSION ? " regressed" : " improved")
                    + " at this commit: likely the environment (hosts, OS, JVM build), not the code");
    }

    /**
     * "the detector's word only (no runner serves host class github-actions)": an imported history's changes, or a
     * server without confirmation, alert without re-runs, and the reader should know the evidence is the series alone.
     */
    static Optional<String> unconfirmed(GroupFacts facts) {
        if (facts.unconfirmed().isEmpty()) {
            return Optional.empty();
        }
        // Each verdict is "not confirmed: why[; what it rests on]": the whys once each, the host classes nobody serves
        // as one list, and a short history said once. Joined whole, three host classes' verdicts of a throughput and
        // an allocation step read six times "no runner serves host class …; short history: 3 commits before it, …".
        List<String> heads = facts.unconfirmed().stream()
            .map(verdict -> verdict.startsWith("not confirmed: ") ? verdict.substring("not confirmed: ".length())
                    : verdict)
            .map(verdict -> verdict.split("; ", 2)[0])
            .distinct()
            .toList();
        String unserved = "no runner serves host class ";
        List<String> hostClasses = heads.stream().filter(h -> h.startsWith(unserved))
            .map(h -> h.substring(unserved.length())).toList();
        List<String> reasons = new ArrayList<>(heads.stream().filter(h -> !h.startsWith(unserved)).toList());
        if (!hostClasses.isEmpty()) {
            reasons.add(0, hostClasses.size() == 1 ? unserved + hostClasses.get(0)
                    : "no runner serves host classes " + String.join(", ", hostClasses.subList(0,
                            hostClasses.size() - 1)) + " and " + hostClasses.get(hostClasses.size() - 1));
        }
        if (facts.unconfirmed().stream().anyMatch(verdict -> verdict.contains("; short history: "))) {
            reasons.add("a short history: fewer than 7 commits since the series began or last changed");
        }
        return Optional.of("the detector's word only, not re-run (" + String.join("; ", reasons) + ")");
    }

    /** Whether the breadth's alerts have a sibling on another host class that measured the commit and moved too. */
    private static boolean movingElsewhere(GroupFacts facts, GroupFacts.Breadth breadth) {
        Map<Long, AlertFact> alerts = facts.alerts().stream()
            .filter(a -> a.primary() && a.kind() == breadth.kind() && a.hostClass().equals(breadth.hostClass()))
            .collect(Collectors.toMap(AlertFact::alert, Function.identity()));
        return facts.siblings().stream()
            .anyMatch(s -> alerts.containsKey(s.alert()) && !s.hostClass().equals(breadth.hostClass())
                    && s.measured() && (s.alerted() || moved(s, alerts.get(s.alert()))));
    }

    private static Optional<String> allocation(GroupFacts facts) {
        List<AlertFact> primaries = facts.alerts().stream().filter(AlertFact::primary).toList();
        List<AlertFact> allocation = facts.alerts().stream()
            .filter(a -> a.metric().equals(GroupFacts.ALLOCATION))
            .toList();
        if (allocation.isEmpty()) {
            return primaries.stream().anyMatch(AlertFact::allocationMeasured)
                    ? Optional.of(GroupFacts.ALLOCATION + " unchanged") : Optional.empty();
        }
        String text = GroupFacts.ALLOCATION + " " + inUnit(allocation);
        Set<Long> primaryCases = cases(primaries);
        Set<Long> allocationCases = cases(allocation);
        if (primaryCases.isEmpty()) {
            return Optional.of(text + " in " + count(allocationCases.size()));
        }
        Set<Long> covered = new TreeSet<>(primaryCases);
        covered.retainAll(allocationCases);
        if (covered.size() == primaryCases.size()) {
            return Optional.of(text);
        }
        if (!covered.isEmpty()) {
            return Optional.of(text + " in " + covered.size() + " of them");
        }
        return Optional.of(text + " in " + allocationCases.size() + " other "
                + (allocationCases.size() == 1 ? "case" : "cases"));
    }

    private static List<String> otherMetrics(GroupFacts facts) {
        Map<String, Map<Kind, List<AlertFact>>> byMetric = facts.alerts().stream()
            .filter(a -> !a.primary() && !a.metric().equals(GroupFacts.ALLOCATION))
            .collect(Collectors.groupingBy(AlertFact::metric, java.util.TreeMap::new,
                    Collectors.groupingBy(AlertFact::kind, () -> new java.util.EnumMap<>(Kind.class),
                            Collectors.toList())));
        List<String> parts = new ArrayList<>();
        byMetric.forEach((metric, kinds) -> kinds.forEach((kind, alerts) -> parts.add(metric + " " + verb(kind)
                + amount(alerts) + " in " + count(cases(alerts).size()))));
        return parts;
    }

    private static String verb(Kind kind) {
        return kind == Kind.REGRESSION ? "regressed " : "improved ";
    }

    /** A secondary metric's level below this (1 B/op, 1 GC) is zero: a percentage of it is rounding residue. */
    static final double NEAR_ZERO = 1.0;

    /**
     * How much the alerts moved: "6–11%" when every level before is clearly above zero, otherwise in the metric's
     * unit ("from none to 64 B/op", "+7 to +19 GCs"), never a percentage of JMH's rounding residue, never nothing.
     */
    static String amount(List<AlertFact> alerts) {
        // Collections are counted: "+7 GCs" is what happened, "+350%" of two collections is not.
        if (alerts.stream().allMatch(a -> a.magnitude() != null && !nearZero(a) && !a.metric().equals("gc.count"))) {
            return percentRange(alerts);
        }
        return inUnit(alerts);
    }

    /** "from none to 64–784 B/op" when every level before is zero, else "+7 to +19 GCs". */
    static String inUnit(List<AlertFact> alerts) {
        String unit = unit(alerts.get(0).metric(), alerts.get(0).unit());
        if (alerts.stream().allMatch(SummaryText::nearZero)) {
            List<Double> afters = alerts.stream().map(AlertFact::after).toList();
            String low = number(afters.stream().min(Double::compare).orElseThrow());
            String high = number(afters.stream().max(Double::compare).orElseThrow());
            return "from none to " + (low.equals(high) ? low : low + "–" + high) + " " + unit;
        }
        return signedRange(alerts.stream().map(a -> a.after() - a.before()).toList()) + " " + unit;
    }

    private static boolean nearZero(AlertFact alert) {
        return !alert.primary() && Math.abs(alert.before()) < NEAR_ZERO;
    }

    /** JMH counts collections in "counts"; a reader counts GCs. */
    static String unit(String metric, String unit) {
        return metric.equals("gc.count") ? "GCs" : unit;
    }

    /** "6–11%" from relative changes of any sign. */
    private static String percentRange(List<AlertFact> alerts) {
        List<Double> percents = alerts.stream()
            .filter(a -> a.magnitude() != null)
            .map(a -> Math.abs(a.magnitude()) * 100)
            .toList();
        if (percents.isEmpty()) {
            return "";
        }
        String low = number(percents.stream().min(Double::compare).orElseThrow());
        String high = number(percents.stream().max(Double::compare).orElseThrow());
        return (low.equals(high) ? low : low + "–" + high) + "%";
    }

    /** "+96", "+64 to +96" or "-8 to +16". */
    static String signedRange(List<Double> values) {
        String low = signed(values.stream().min(Double::compare).orElseThrow());
        String high = signed(values.stream().max(Double::compare).orElseThrow());
        return low.equals(high) ? low : low + " to " + high;
    }

    static String signed(double value) {
        String text = number(Math.abs(value));
        return text.equals("0") ? "0" : (value < 0 ? "-" : "+") + text;
    }

    /** Whole numbers from 10 up, one decimal below: as precise as a summary line needs. */
    static String number(double value) {
        if (Math.abs(value) >= 10) {
            return Long.toString(Math.round(value));
        }
        String text = String.format(java.util.Locale.ROOT, "%.1f", value);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }

    private static Set<Long> cases(List<AlertFact> alerts) {
        return alerts.stream().map(AlertFact::caseId).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> hostsOf(List<SiblingFact> siblings) {
        return siblings.stream().map(SiblingFact::hostClass)
            .collect(Collectors.toCollection(() -> new TreeSet<>(HOST_CLASSES)));
    }

    private static String count(long cases) {
        return cases + (cases == 1 ? " case" : " cases");
    }

    /** "4-core", "4-core and 8-core", "4-core, 8-core and 16-core". */
    static String list(Set<String> words) {
        List<String> items = new ArrayList<>(words);
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static long leadingNumber(String text) {
        int end = 0;
        while (end < text.length() && end < 18 && Character.isDigit(text.charAt(end))) {
            end++;
        }
        return end == 0 ? Long.MAX_VALUE : Long.parseLong(text.substring(0, end));
    }
}
