package dev.perfwatch.suites.serialization.frameworks;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/** The POJO shape of flink-benchmarks' MyPojo: bean accessors, a string array and an array of nested objects. */
public final class Pojo implements Serializable {

    private static final long serialVersionUID = 1L;

    private int id;
    private String name;
    private String[] operationNames;
    private Operation[] operations;
    private int otherId1;
    private int otherId2;
    private int otherId3;

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

    public String[] getOperationNames() {
        return operationNames;
    }

    public void setOperationNames(String[] operationNames) {
        this.operationNames = operationNames;
    }

    public Operation[] getOperations() {
        return operations;
    }

    public void setOperations(Operation[] operations) {
        this.operations = operations;
    }

    public int getOtherId1() {
        return otherId1;
    }

    public void setOtherId1(int otherId1) {
        this.otherId1 = otherId1;
    }

    public int getOtherId2() {
        return otherId2;
    }

    public void setOtherId2(int otherId2) {
        this.otherId2 = otherId2;
    }

    public int getOtherId3() {
        return otherId3;
    }

    public void setOtherId3(int otherId3) {
        this.otherId3 = otherId3;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Pojo that
                && id == that.id && Objects.equals(name, that.name)
                && Arrays.equals(operationNames, that.operationNames) && Arrays.equals(operations, that.operations)
                && otherId1 == that.otherId1 && otherId2 == that.otherId2 && otherId3 == that.otherId3;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, Arrays.hashCode(operationNames), Arrays.hashCode(operations),
                otherId1, otherId2, otherId3);
    }

    @Override
    public String toString() {
        return "Pojo(" + id + ", " + name + ", " + Arrays.toString(operationNames) + ", "
                + Arrays.toString(operations) + ", " + otherId1 + ", " + otherId2 + ", " + otherId3 + ")";
    }
}
