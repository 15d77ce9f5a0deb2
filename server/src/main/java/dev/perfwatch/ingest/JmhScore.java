package dev.perfwatch.ingest;

/**
 * One element of a JMH result file that holds a score alone, given as values rather than as a JSON tree: what a
 * Codespeed result comes to ({@code codespeed/CodespeedWrites}). {@link IngestService#ingestScores} reads a list of
 * them exactly as it reads the JMH file {@code [{"benchmark", "mode", "threads": 1, "jdkVersion", "vmName",
 * "vmVersion", "primaryMetric": {"score", "scoreError", "scoreUnit", "scoreDirection"}}]} they stand for, with the
 * same refusals under the same paths; a Codespeed post built that tree and read it back (a tenth of its request
 * time). A null string is a JSON null; a non-finite score is the string JMH writes for it.
 *
 * @param error the score error, or null when the element has none
 */
public record JmhScore(String benchmark, String mode, String jdkVersion, String vmName, String vmVersion, double score,
        Double error, String unit, String direction) {
}
