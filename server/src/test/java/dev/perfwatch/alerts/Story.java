package dev.perfwatch.alerts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The FLINK-15171 story in miniature: three string-serialization cases; commit 3 makes every call allocate 96 more
 * bytes; on the 4-core host class throughput drops 8–11%, on the 8-core one it does not.
 */
public final class Story {

    public static final List<String> LENGTHS = List.of("16", "128", "1024");

    private Story() {
    }

    /** Commits 1–4 on both host classes. */
    public static void seed(Seeds seeds) {
        for (int commit = 1; commit <= 4; commit++) {
            boolean after = commit >= 3;
            Map<String, Double> fourCore = new LinkedHashMap<>();
            fourCore.put("16", after ? 1112.5 : 1250.0);
            fourCore.put("128", after ? 365.1 : 402.5);
            fourCore.put("1024", after ? 55.2 : 60.12);
            seeds.run(commit, "4-core", fourCore, after ? 192 : 96);
            Map<String, Double> eightCore = new LinkedHashMap<>();
            eightCore.put("16", 1890.0 + commit);
            eightCore.put("128", 610.0 - commit);
            eightCore.put("1024", 91.0);
            seeds.run(commit, "8-core", eightCore, after ? 192 : 96);
        }
    }

    /** What the pipeline would raise at commit 3: throughput on 4-core, allocation on both host classes. */
    public static List<AlertCandidate> candidates(Seeds seeds) {
        List<AlertCandidate> candidates = new ArrayList<>();
        double[][] levels = { { 1250.0, 1112.5 }, { 402.5, 365.1 }, { 60.12, 55.2 } };
        for (int i = 0; i < LENGTHS.size(); i++) {
            candidates.add(seeds.candidate(seeds.series(LENGTHS.get(i), "primary", "4-core"), 3, levels[i][0],
                    levels[i][1]));
        }
        for (String hostClass : List.of("4-core", "8-core")) {
            for (String length : LENGTHS) {
                candidates.add(seeds.candidate(seeds.series(length, "gc.alloc.rate.norm", hostClass), 3, 96, 192));
            }
        }
        return candidates;
    }
}
