package dev.perfwatch.detection.evaluation;

/**
 * A change a method reported: the index it names (as last seen while replaying), the index of the newest point
 * when it was first reported, and the index it named then.
 */
record Alert(int index, int reportedAt, int firstIndex) {

    Alert(int index, int reportedAt) {
        this(index, reportedAt, index);
    }
}
