package dev.perfwatch.runner;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Console output of the agent: one time-stamped line per event, on stdout, so that `docker logs` shows it. */
final class Log {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private Log() {
    }

    static synchronized void info(String format, Object... args) {
        System.out.println(LocalTime.now().format(TIME) + " " + String.format(format, args));
        System.out.flush();
    }

    static synchronized void warn(String format, Object... args) {
        System.out.println(LocalTime.now().format(TIME) + " WARN " + String.format(format, args));
        System.out.flush();
    }
}
