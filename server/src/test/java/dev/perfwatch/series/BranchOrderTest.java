package dev.perfwatch.series;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The points statement returns newest first and Java turns it into branch order; a commit measured twice must keep
 * PostgreSQL's {@code order by run_id}, which compares uuids as unsigned bytes (UUID.compareTo is signed).
 */
class BranchOrderTest {

    private static final UUID LOW = UUID.fromString("00000000-0000-4000-8000-000000000001");

    private static final UUID MIDDLE = UUID.fromString("80000000-0000-4000-8000-000000000001");

    private static final UUID HIGH = UUID.fromString("ffffffff-0000-4000-8000-000000000001");

    private static final UUID HIGH_LATER = UUID.fromString("ffffffff-0000-4000-c000-000000000001");

    record Row(long commit, UUID run) {
    }

    @Test
    void orderWhenACommitHasSeveralRunsReversesAndSortsItsRunsAsPostgresql() {
        List<Row> newestFirst = List.of(new Row(3, LOW), new Row(2, HIGH), new Row(2, LOW), new Row(2, MIDDLE),
                new Row(1, HIGH_LATER), new Row(1, HIGH));

        assertThat(BranchOrder.of(newestFirst, Row::commit, Row::run)).containsExactly(new Row(1, HIGH),
                new Row(1, HIGH_LATER), new Row(2, LOW), new Row(2, MIDDLE), new Row(2, HIGH), new Row(3, LOW));
    }

    @Test
    void columnsWhenACommitHasSeveralRunsAreInTheListsOrder() {
        PointColumns columns = new PointColumns(4);
        columns.addForTest(2, HIGH);
        columns.addForTest(2, LOW);
        columns.addForTest(2, MIDDLE);
        columns.addForTest(1, LOW);

        columns.toBranchOrder();

        assertThat(columns.commits()).containsExactly(1, 2, 2, 2);
        assertThat(columns.runs()).containsExactly(LOW, LOW, MIDDLE, HIGH);
    }
}
