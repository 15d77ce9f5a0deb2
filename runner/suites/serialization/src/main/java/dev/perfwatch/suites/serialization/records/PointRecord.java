package dev.perfwatch.suites.serialization.records;

import java.io.Serializable;

/** A serializable record: deserialization must go through its canonical constructor. */
public record PointRecord(int x, int y, String label) implements Serializable {
}
