package dev.perfwatch.benchmark;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.stream.Stream;

import dev.perfwatch.support.Api;

/**
 * CPU spent by the server in a benchmark that runs server and client in one JVM: the process's CPU (GC and JIT
 * included) minus the client's threads (the uploaders and the JDK HTTP client's), and PostgreSQL's processes apart
 * (the postmaster, its live backends and those that exited), read from /proc. Linux only.
 */
final class ServerCpu {

    static final String BASIC = "Basic " + Base64.getEncoder()
        .encodeToString(("codespeed:" + Api.ADMIN_TOKEN).getBytes(StandardCharsets.UTF_8));

    /** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
    private static final double TICK_NANOS = 1e9 / 100;

    private final Path dataDirectory;

    ServerCpu(Path dataDirectory) {
        this.dataDirectory = dataDirectory;
    }

    /**
     * CPU nanoseconds so far: this process, its client threads, PostgreSQL, and the server's request and pipeline
     * threads alone (without the JIT compiler's and the collector's, which a short benchmark's warm-up inflates).
     */
    record Mark(long process, long client, long postgres, long serverThreads, long pipelineThreads) {

        double pipelineThreadsMinus(Mark before) {
            return pipelineThreads - before.pipelineThreads;
        }

        double serverThreadsMinus(Mark before) {
            return serverThreads - before.serverThreads;
        }

        double jvmMinus(Mark before) {
            return (process - before.process) - (client - before.client);
        }

        double clientMinus(Mark before) {
            return client - before.client;
        }

        double postgresMinus(Mark before) {
            return postgres - before.postgres;
        }
    }

    Mark mark() throws IOException {
        long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
        return new Mark(process, threads("HttpClient", "bench-uploader"), postgres(),
                threads("http-nio", "pipeline-wake-up", "scheduling", "detection-"),
                threads("pipeline-wake-up", "scheduling", "detection-"));
    }

    static String load() {
        return "%.2f".formatted(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** CPU of the live threads whose names start with one of {@code prefixes}. */
    private static long threads(String... prefixes) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && java.util.Arrays.stream(prefixes).anyMatch(info.getThreadName()::startsWith)) {
                sum += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return sum;
    }

    /** The postmaster's own and its exited children's times, plus every live child's. */
    private long postgres() throws IOException {
        String postmaster = Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim();
        long ticks = 0;
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                String[] stat;
                try {
                    String text = Files.readString(process.resolve("stat"));
                    // Fields after the command name, which is in parentheses and may hold spaces.
                    stat = text.substring(text.lastIndexOf(')') + 2).split(" ");
                }
                catch (IOException ex) {
                    continue; // exited meanwhile
                }
                String pid = process.getFileName().toString();
                // stat[1] is the parent; utime, stime, cutime, cstime are fields 14-17, here 11-14.
                if (pid.equals(postmaster)) {
                    ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]) + Long.parseLong(stat[13])
                            + Long.parseLong(stat[14]);
                }
                else if (stat[1].equals(postmaster)) {
                    ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                }
            }
        }
        return Math.round(ticks * TICK_NANOS);
    }
}
