package dev.perfwatch.runner.importer;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CodespeedTimelineTest {

    @Test
    void parseWhenCodespeed011AnswerReadsFiveTuplesAndNaN() {
        List<CodespeedTimeline> timelines = CodespeedTimeline.parse(
                Resources.text("timeline-0.11-serializerHeavyString.json"));

        CodespeedTimeline timeline = timelines.get(0);
        assertThat(timeline.benchmark()).isEqualTo("serializerHeavyString");
        assertThat(timeline.benchmarkId()).isEqualTo(12);
        assertThat(timeline.units()).isEqualTo("ops/ms");
        assertThat(timeline.lessisbetter()).isFalse();
        assertThat(timeline.series()).extracting(CodespeedTimeline.Series::executable).containsExactly("1", "3");
        List<CodespeedTimeline.Point> points = timeline.series().get(0).points();
        assertThat(points.get(0)).isEqualTo(new CodespeedTimeline.Point("2022-03-16T02:05:41.523182", 334.51, 12.34,
                null, null, null, null, "b9593715f3", ""));
        assertThat(points.get(1).stdDev()).as("Codespeed's \"\" is no std_dev").isNull();
        assertThat(points.get(2).value()).as("Python's NaN").isNaN();
        assertThat(points.get(2).stdDev()).as("JMH's NaN error, as Codespeed on PostgreSQL serves it").isNaN();
    }

    @Test
    void parseWhenCodespeedsOwnTestAnswerReadsIt() {
        List<CodespeedTimeline> timelines = CodespeedTimeline.parse("""
                {"error": "None", "timelines": [{"benchmark": "float", "benchmark_id": 1,
                 "benchmark_description": "", "units": "seconds", "lessisbetter": " (less is better)",
                 "branches": {"default": {"1": [["2011-04-13T17:04:22", 2000.0, 1.11111, "2", "default"]]}},
                 "baseline": "None"}]}""");

        assertThat(timelines.get(0).lessisbetter()).isTrue();
        assertThat(timelines.get(0).series().get(0).points().get(0).commitid()).isEqualTo("2");
    }

    @Test
    void parseWhenCodespeed013AnswerReadsTagsQuartilesAndSlashedDates() {
        List<CodespeedTimeline> timelines = CodespeedTimeline.parse(Resources.text("timeline-0.13-median.json"));

        CodespeedTimeline.Point median = timelines.get(0).series().get(0).points().get(0);
        assertThat(timelines.get(0).dataType()).isEqualTo("M");
        assertThat(median).isEqualTo(new CodespeedTimeline.Point("2019-06-02 10:00:00 +0000", 10.5, null, 11.0, 10.75,
                10.25, 10.0, "9f8e7d6c5b", "v1.2"));
        assertThat(timelines.get(0).series().get(0).points().get(1).date()).isEqualTo("2019-06-01 10:00:00");
        assertThat(timelines.get(1).series().get(0).points().get(0)).isEqualTo(new CodespeedTimeline.Point(
                "2019-06-02 10:00:00 +0000", 0.5, 0.01, null, null, null, null, "9f8e7d6c5b", "v1.2"));
    }

    @Test
    void parseWhenCodespeedFoundNoDataReadsNoTimeline() {
        assertThat(CodespeedTimeline.parse(
                "{\"error\": \"No data found for the selected options\", \"timelines\": []}")).isEmpty();
    }

    @Test
    void parseWhenCodespeedBeforeBranchesReadsExecutablesAsDefaultBranch() {
        List<CodespeedTimeline> timelines = CodespeedTimeline.parse("""
                {"error": "None", "timelines": [{"benchmark": "ai", "benchmark_id": 2, "units": "seconds",
                 "lessisbetter": " (less is better)", "executables": {"6": [["2010-07-01 10:00:00", 1.5, "", "123"]]},
                 "baseline": "None"}]}""");

        assertThat(timelines.get(0).series().get(0).branch()).isEqualTo("default");
        assertThat(timelines.get(0).series().get(0).points().get(0).commitid()).isEqualTo("123");
    }
}
