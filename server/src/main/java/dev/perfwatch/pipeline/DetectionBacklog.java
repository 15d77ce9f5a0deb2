package dev.perfwatch.pipeline;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * How many stored runs still wait for detection, on {@code /actuator/prometheus} as
 * {@code perfwatch_detection_pending}: an import, a backfill or a check script knows from it when what it posted has
 * been judged, without reading the database (docs/pipeline.md, "What the tables say").
 */
@Component
class DetectionBacklog {

    private final JdbcClient jdbc;

    DetectionBacklog(JdbcClient jdbc, MeterRegistry meters) {
        this.jdbc = jdbc;
        Gauge.builder("perfwatch.detection.pending", this, DetectionBacklog::pending)
            .description("runs waiting for detection (detection_task rows)")
            .register(meters);
    }

    double pending() {
        return jdbc.sql("select count(*) from detection_task").query(Long.class).single();
    }
}
