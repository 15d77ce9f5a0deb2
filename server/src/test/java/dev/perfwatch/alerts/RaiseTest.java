package dev.perfwatch.alerts;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.notifications.GoldenFiles;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@ServerTest
class RaiseTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Alerts alerts;

    @Test
    void summaryWhenAllocationReturnsAtTheCulpritDoesNotCallItUnchanged() {
        // The demo's story: allocation 0 -> 64 B/op at commit 2 (alerted), back to 0 with a faster serializer at 3.
        Seeds seeds = seeds("raise-return");
        seeds.run(1, "4-core", Map.of("16", 100.0), 0);
        seeds.run(2, "4-core", Map.of("16", 100.0), 64);
        seeds.run(3, "4-core", Map.of("16", 160.0), 0);
        long allocation = seeds.series("16", "gc.alloc.rate.norm", "4-core");
        Raised earlier = alerts.raise(List.of(seeds.candidate(allocation, 2, 0, 64)));
        jdbc.sql("update alert set restored_commit_id = (select id from commit where sha = :sha) where id = :id")
            .param("sha", seeds.sha(3)).param("id", earlier.alerts().get(0)).update();

        Raised raised = alerts.raise(List.of(seeds.candidate(seeds.series("16", "primary", "4-core"), 3, 100, 160)));

        String summary = api().get("/api/v1/alert-groups/" + raised.groups().get(0)).json().get("summary").asString();
        assertThat(summary).startsWith("1 case improved 60%").doesNotContain("unchanged");
    }

    /**
     * Most of a project's series on one host class moving the same way at one commit, allocation unchanged: what a
     * change of the hosts looks like. The summary (and so every channel) hints at the environment; half of them
     * moving, or the allocation moving with them, does not.
     */
    @Test
    void summaryWhenMostSeriesOfAHostClassMoveAtOnceHintsAtTheEnvironment() {
        List<String> lengths = List.of("1", "2", "4", "8", "16", "32");
        Map<String, Double> before = new java.util.LinkedHashMap<>();
        Map<String, Double> after = new java.util.LinkedHashMap<>();
        lengths.forEach(length -> {
            before.put(length, 100.0);
            after.put(length, 88.0);
        });
        Seeds shift = seeds("raise-shift");
        Seeds half = seeds("raise-shift-half");
        Seeds allocating = seeds("raise-shift-allocating");
        for (Seeds seeds : List.of(shift, half, allocating)) {
            seeds.run(1, "4-core", before, 0);
            seeds.run(2, "4-core", before, 0);
            seeds.run(3, "4-core", after, seeds == allocating ? 64 : 0);
        }

        String broad = summary(alerts.raise(lengths.subList(0, 5).stream()
            .map(length -> shift.candidate(shift.series(length, "primary", "4-core"), 3, 100, 88)).toList()));
        String halfOfThem = summary(alerts.raise(lengths.subList(0, 3).stream()
            .map(length -> half.candidate(half.series(length, "primary", "4-core"), 3, 100, 88)).toList()));
        List<AlertCandidate> withAllocation = new java.util.ArrayList<>();
        for (String length : lengths) {
            withAllocation.add(allocating.candidate(allocating.series(length, "primary", "4-core"), 3, 100, 88));
            withAllocation.add(allocating.candidate(allocating.series(length, "gc.alloc.rate.norm", "4-core"), 3, 0,
                    64));
        }
        String allocationToo = summary(alerts.raise(withAllocation));

        assertThat(broad).isEqualTo("5 cases regressed 12% on 4-core; gc.alloc.rate.norm unchanged; 5 of 6 cases on "
                + "4-core regressed at this commit: likely the environment (hosts, OS, JVM build), not the code");
        assertThat(halfOfThem).doesNotContain("environment");
        assertThat(allocationToo).startsWith("6 cases regressed 12% on 4-core; gc.alloc.rate.norm from none to 64 B/op")
            .doesNotContain("environment");
    }

    private String summary(Raised raised) {
        return api().get("/api/v1/alert-groups/" + raised.groups().get(0)).json().get("summary").asString();
    }

    @Test
    void raiseWhenChangeShowsOnOneHostClassGroupsAndSummarisesIt() {
        Seeds seeds = seeds("raise-story");
        Story.seed(seeds);

        Raised raised = alerts.raise(Story.candidates(seeds));

        assertThat(raised.groups()).hasSize(1);
        assertThat(raised.alerts()).hasSize(9);
        JsonNode groups = api().get("/api/v1/alert-groups?project=raise-story").json();
        assertThat(groups).hasSize(1);
        JsonNode group = groups.get(0);
        assertThat(group.get("id").asLong()).isEqualTo(raised.groups().get(0));
        assertThat(group.get("kind").asString()).isEqualTo("regression");
        assertThat(group.get("open").asBoolean()).isTrue();
        assertThat(group.get("exact").asBoolean()).isTrue();
        assertThat(group.get("commit").get("sha").asString()).isEqualTo(seeds.sha(3));
        assertThat(group.get("alerts")).hasSize(9);
        assertThat(group.get("alerts").get(0).get("series").get("metric").get("name").asString())
            .as("regressions of the primary score come first, the largest first").isEqualTo("primary");
        assertThat(group.get("alerts").get(0).get("magnitude").asDouble()).isCloseTo(-0.11, within(0.001));
        // The message every channel announces, with the ids this database happened to give masked out.
        String message = jdbc.sql("select cast(message as text) from notification where group_id = :group "
                + "and channel = 'feed'").param("group", raised.groups().get(0)).query(String.class).single();
        JsonNode announced = Runs.json.readTree(message);
        String text = announced.get("title").asString() + "\n" + announced.get("summary").asString() + "\n\n"
                + masked(announced);
        GoldenFiles.assertMatches("alerts", "raised-story.txt", text);
    }

    @Test
    void raiseWhenRepeatedStoresAndAnnouncesOnce() {
        Seeds seeds = seeds("raise-twice");
        Story.seed(seeds);
        List<AlertCandidate> candidates = Story.candidates(seeds);
        Raised first = alerts.raise(candidates);

        Raised second = alerts.raise(candidates);

        assertThat(second.alerts()).isEmpty();
        assertThat(second.alreadyRaised()).isEqualTo(9);
        assertThat(second.groups()).isEqualTo(first.groups());
        assertThat(count("select count(*) from alert where group_id = :group", first.groups().get(0))).isEqualTo(9);
        assertThat(count("select count(*) from notification where group_id = :group", first.groups().get(0)))
            .as("the Atom feed's message only: this project has no channels").isEqualTo(1);
        assertThat(count("select count(*) from alert_history h join alert a on a.id = h.alert_id "
                + "where a.group_id = :group", first.groups().get(0))).isEqualTo(9);
    }

    @Test
    void raiseWhenTwoInstancesRaiseTheSameAtOnceStoresOnce() throws Exception {
        Seeds seeds = seeds("raise-race");
        Story.seed(seeds);
        List<AlertCandidate> candidates = Story.candidates(seeds);
        CountDownLatch start = new CountDownLatch(1);
        Callable<Raised> raise = () -> {
            start.await();
            return alerts.raise(candidates);
        };

        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Raised> results;
        try {
            List<Future<Raised>> futures = List.of(pool.submit(raise), pool.submit(raise));
            start.countDown();
            results = List.of(futures.get(0).get(), futures.get(1).get());
        }
        finally {
            pool.shutdownNow();
        }

        assertThat(results.get(0).alerts().size() + results.get(1).alerts().size()).isEqualTo(9);
        assertThat(results.get(0).groups()).isEqualTo(results.get(1).groups());
        assertThat(api().get("/api/v1/alerts?project=raise-race").json()).hasSize(9);
        assertThat(api().get("/api/v1/alert-groups?project=raise-race").json()).hasSize(1);
    }

    @Test
    void raiseWhenNightlyCoveredSeveralCommitsNamesTheRange() {
        Seeds seeds = seeds("raise-range");
        Story.seed(seeds);
        long series = seeds.series("16", "primary", "4-core");

        Raised raised = alerts.raise(List.of(seeds.candidate(series, 4, 2, 1250, 1112.5)));

        JsonNode group = api().get("/api/v1/alert-groups/" + raised.groups().get(0)).json();
        assertThat(group.get("exact").asBoolean()).isFalse();
        assertThat(group.get("lastGood").get("sha").asString()).isEqualTo(seeds.sha(2));
        String title = jdbc.sql("select message ->> 'title' from notification where group_id = :group")
            .param("group", raised.groups().get(0)).query(String.class).single();
        assertThat(title).isEqualTo("Regression in raise-range in " + seeds.sha(2).substring(0, 7) + ".."
                + seeds.sha(4).substring(0, 7));
    }

    @Test
    void summaryWhenOtherHostClassMeasuresTheCommitLaterSaysOnlyFromThen() {
        Seeds seeds = seeds("raise-pending");
        seeds.run(1, "4-core", Map.of("16", 100.0), 96);
        seeds.run(1, "8-core", Map.of("16", 150.0), 96);
        seeds.run(2, "4-core", Map.of("16", 90.0), 96);
        Raised raised = alerts.raise(List.of(seeds.candidate(seeds.series("16", "primary", "4-core"), 2, 100, 90)));
        String path = "/api/v1/alert-groups/" + raised.groups().get(0);
        String before = api().get(path).json().get("summary").asString();

        seeds.run(2, "8-core", Map.of("16", 150.5), 96);

        assertThat(before)
            .isEqualTo("1 case regressed 10% on 4-core (not measured on 8-core yet); gc.alloc.rate.norm unchanged");
        assertThat(api().get(path).json().get("summary").asString())
            .isEqualTo("1 case regressed 10% on 4-core only; gc.alloc.rate.norm unchanged");
    }

    @Test
    void summaryRefreshWhenGroupWasClosedAsTransientOrWithdrawnKeepsTheNote() {
        Seeds seeds = seeds("raise-closed");
        for (int commit = 1; commit <= 2; commit++) {
            seeds.run(commit, "4-core", Map.of("16", commit == 1 ? 100.0 : 90.0, "64", commit == 1 ? 50.0 : 45.0), 96);
        }
        seeds.run(1, "8-core", Map.of("16", 150.0, "64", 75.0), 96);
        long lapsed = seeds.series("16", "primary", "4-core");
        long withdrawn = seeds.series("64", "primary", "4-core");
        Raised raised = alerts.raise(List.of(seeds.candidate(lapsed, 2, 100, 90), seeds.candidate(withdrawn, 2, 50, 45)));
        String path = "/api/v1/alert-groups/" + raised.groups().get(0);
        alerts.didNotHold(lapsed, seeds.commit(2), "transient: the level did not hold");
        alerts.withdraw(withdrawn, seeds.commit(2), "withdrawn: re-detection after a late run no longer finds it");

        // The 8-core run refreshes the summary ("not measured on 8-core yet" -> "on 4-core only").
        seeds.run(2, "8-core", Map.of("16", 150.5, "64", 75.2), 96);

        assertThat(api().get(path).json().get("summary").asString())
            .isEqualTo("2 cases regressed 10% on 4-core only; gc.alloc.rate.norm unchanged; transient: the level did "
                    + "not hold, the runs that followed went back; withdrawn: re-detection after a late run no "
                    + "longer finds it");
        assertThat(jdbc.sql("select status from alert where series_id = :series").param("series", withdrawn)
            .query(String.class).single()).isEqualTo("invalid");
        assertThat(jdbc.sql("""
                select comment from alert_history h join alert a on a.id = h.alert_id
                where a.series_id = :series and h.to_status = 'invalid'""").param("series", withdrawn)
            .query(String.class).single()).startsWith("withdrawn: ");
    }

    @Test
    void raiseWhenCommitBelongsToAnotherProjectIsRefused() {
        Seeds one = seeds("raise-one");
        Seeds other = seeds("raise-other");
        one.run(1, "4-core", Map.of("16", 100.0), 96);
        other.run(1, "4-core", Map.of("16", 100.0), 96);
        other.run(2, "4-core", Map.of("16", 90.0), 96);
        long series = one.series("16", "primary", "4-core");

        assertThatThrownBy(() -> alerts.raise(List.of(new AlertCandidate(series, other.commit(2), other.commit(1),
                new AlertCandidate.Level(100, 99, 101, 3), new AlertCandidate.Level(90, 89, 91, 3), 0.99,
                List.of()))))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("not a commit of the project");
        assertThat(api().get("/api/v1/alerts?project=raise-one").json()).isEmpty();
    }

    /** The e-mail layout of the announced message, with database ids replaced by N. */
    private static String masked(JsonNode message) {
        StringBuilder text = new StringBuilder();
        for (JsonNode line : message.get("lines")) {
            text.append(line.get("benchmark").asString()).append(" | ").append(line.get("metric").asString())
                .append(" | ").append(line.get("hostClass").asString()).append(" | ")
                .append(line.get("before").asString()).append(" -> ").append(line.get("after").asString())
                .append(' ').append(line.get("unit").asString()).append(" | ").append(line.get("change").asString())
                .append(" | ").append(line.get("confidence").asString()).append(" | ")
                .append(line.get("timeline").asString().replaceAll("\\d+$", "N")).append('\n');
        }
        return text.toString();
    }

    private long count(String sql, long group) {
        return jdbc.sql(sql).param("group", group).query(Long.class).single();
    }

    private Seeds seeds(String project) {
        return new Seeds(api(), jdbc, project);
    }

    private Api api() {
        return Api.at(port);
    }

}
