package dev.perfwatch.suites.serialization.frameworks;

import java.io.Serializable;
import java.util.Objects;

/** The object nested in {@link Pojo}, so frameworks also pay for a nested type and an array of it. */
public final class Operation implements Serializable {

    private static final long serialVersionUID = 1L;

    private int id;
    private String name;

    public Operation() {
    }

    public Operation(int id, String name) {
        this.id = id;
        this.name = name;
    }

    public int getId() {
        return id;
    }

    public void setId(int id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Operation that && id == that.id && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name);
    }

    @Override
    public String toString() {
        return "Operation(" + id + ", " + name + ")";
    }
}
