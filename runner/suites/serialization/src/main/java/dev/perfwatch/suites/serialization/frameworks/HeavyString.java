package dev.perfwatch.suites.serialization.frameworks;

import java.io.Serializable;
import java.util.Objects;

/** The heavy-string shape: a record that is almost all text, where string encoding dominates everything else. */
public final class HeavyString implements Serializable {

    private static final long serialVersionUID = 1L;

    private String f0;
    private String f1;
    private String f2;
    private String f3;

    public HeavyString() {
    }

    public HeavyString(String f0, String f1, String f2, String f3) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
    }

    public String getF0() {
        return f0;
    }

    public void setF0(String f0) {
        this.f0 = f0;
    }

    public String getF1() {
        return f1;
    }

    public void setF1(String f1) {
        this.f1 = f1;
    }

    public String getF2() {
        return f2;
    }

    public void setF2(String f2) {
        this.f2 = f2;
    }

    public String getF3() {
        return f3;
    }

    public void setF3(String f3) {
        this.f3 = f3;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HeavyString that && Objects.equals(f0, that.f0) && Objects.equals(f1, that.f1)
                && Objects.equals(f2, that.f2) && Objects.equals(f3, that.f3);
    }

    @Override
    public int hashCode() {
        return Objects.hash(f0, f1, f2, f3);
    }

    @Override
    public String toString() {
        return "HeavyString(" + lengthOf(f0) + ", " + lengthOf(f1) + ", " + lengthOf(f2) + ", " + lengthOf(f3)
                + " chars)";
    }

    private static int lengthOf(String value) {
        return value == null ? -1 : value.length();
    }
}
