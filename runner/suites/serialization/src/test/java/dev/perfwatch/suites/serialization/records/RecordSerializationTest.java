package dev.perfwatch.suites.serialization.records;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfwatch.suites.serialization.buffers.ReusableByteArrayOutputStream;
import org.junit.jupiter.api.Test;

class RecordSerializationTest {

    @Test
    void readWhenRecordsWrittenReturnsEqualRecordsBuiltByTheirConstructor() throws Exception {
        PointRecord[] records = {new PointRecord(1, -1, "a"), new PointRecord(2, -2, "ü")};
        ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(16);

        int length = ObjectStreams.write(records, out);
        Object read = ObjectStreams.read(out.array(), length);

        assertThat(read).isInstanceOf(PointRecord[].class);
        assertThat((PointRecord[]) read).containsExactly(records).doesNotContain((PointRecord) null);
    }

    @Test
    void readWhenClassesWrittenReturnsEqualObjects() throws Exception {
        PointClass[] classes = {new PointClass(1, -1, "a"), new PointClass(2, -2, "ü")};
        ReusableByteArrayOutputStream out = new ReusableByteArrayOutputStream(16);

        int length = ObjectStreams.write(classes, out);

        assertThat((PointClass[]) ObjectStreams.read(out.array(), length)).containsExactly(classes);
    }

    @Test
    void benchmarkWhenRunOnceReadsBackWhatItWrites() throws Exception {
        RecordSerializationBenchmark benchmark = new RecordSerializationBenchmark();
        benchmark.recordsPerStream = 100;
        benchmark.setUp();

        PointRecord[] records = (PointRecord[]) benchmark.readRecords();
        PointClass[] classes = (PointClass[]) benchmark.readClasses();

        assertThat(records).hasSize(100);
        assertThat(records[99]).isEqualTo(new PointRecord(99, -99, "point-99"));
        assertThat(classes[99]).isEqualTo(new PointClass(99, -99, "point-99"));
        assertThat(benchmark.writeRecords()).isPositive();
        assertThat(benchmark.writeClasses()).isPositive();
    }
}
