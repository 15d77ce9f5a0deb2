package dev.perfwatch.suites.serialization.records;

import java.io.Serializable;
import java.util.Objects;

/** The same data as {@link PointRecord} in a final class, whose fields deserialization sets without a constructor. */
public final class PointClass implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int x;
    private final int y;
    private final String label;

    public PointClass(int x, int y, String label) {
        this.x = x;
        this.y = y;
        this.label = label;
    }

    public int x() {
        return x;
    }

    public int y() {
        return y;
    }

    public String label() {
        return label;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PointClass that && x == that.x && y == that.y && Objects.equals(label, that.label);
    }

    @Override
    public int hashCode() {
        return Objects.hash(x, y, label);
    }

    @Override
    public String toString() {
        return "PointClass[x=" + x + ", y=" + y + ", label=" + label + "]";
    }
}
