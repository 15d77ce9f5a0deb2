package dev.perfwatch.suites.serialization.frameworks;

import java.io.Serializable;
import java.util.Objects;

/** The tuple shape: positional public fields, like Flink's Tuple4, read and written without accessors. */
public final class Tuple implements Serializable {

    private static final long serialVersionUID = 1L;

    public long f0;
    public int f1;
    public double f2;
    public String f3;

    public Tuple() {
    }

    public Tuple(long f0, int f1, double f2, String f3) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Tuple that
                && f0 == that.f0 && f1 == that.f1 && Double.compare(f2, that.f2) == 0 && Objects.equals(f3, that.f3);
    }

    @Override
    public int hashCode() {
        return Objects.hash(f0, f1, f2, f3);
    }

    @Override
    public String toString() {
        return "Tuple(" + f0 + ", " + f1 + ", " + f2 + ", " + f3 + ")";
    }
}
