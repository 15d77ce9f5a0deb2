package dev.perfwatch;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The perfwatch server: stores JMH results, serves series, detects regressions. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PerfwatchApplication {

    public static void main(String[] args) {
        SpringApplication.run(PerfwatchApplication.class, args);
    }
}
