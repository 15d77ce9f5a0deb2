package dev.perfwatch;

import dev.perfwatch.detection.DetectCommand;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The perfwatch server: stores JMH results, serves series, detects regressions. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PerfwatchApplication {

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("detect")) {
            System.exit(DetectCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length)));
        }
        SpringApplication.run(PerfwatchApplication.class, args);
    }
}
