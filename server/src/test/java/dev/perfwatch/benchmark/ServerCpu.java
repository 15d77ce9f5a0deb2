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

    /**
     * This JVM's CPU by kind of thread, in nanoseconds, from /proc/self/task (10 ms ticks; names cut to 15
     * characters): requests (Tomcat's http-nio), pipeline (the wake-up, the scheduler, the detection helpers), jit
     * (C1, C2), gc (the collector's threads and the VM thread), db (Hikari, the PostgreSQL driver), client (the
     * uploaders and the JDK HTTP client), other (the rest, by name with its digits dropped, as "other:NAME"); kernel
     * (the system time of every thread but the client's, counted in its group too), and "all" for the process
     * (getProcessCpuTime), so that the CPU of threads that ended meanwhile shows as all minus the live ones.
     */
    static java.util.Map<String, Long> groups() throws IOException {
        java.util.Map<String, Long> ticks = new java.util.TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                }
                catch (IOException ex) {
                    continue; // ended meanwhile
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                String group = group(name);
                ticks.merge(group, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
                if (!group.equals("client")) {
                    ticks.merge("kernel", Long.parseLong(fields[12]), Long::sum);
                }
            }
        }
        java.util.Map<String, Long> nanos = new java.util.TreeMap<>();
        ticks.forEach((group, t) -> nanos.put(group, Math.round(t * TICK_NANOS)));
        nanos.put("all", ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime());
        return nanos;
    }

    private static String group(String name) {
        if (name.startsWith("http-nio")) {
            return "requests";
        }
        if (name.startsWith("pipeline-wake-u") || name.startsWith("scheduling") || name.startsWith("detection-")) {
            return "pipeline";
        }
        if (name.startsWith("C1 ") || name.startsWith("C2 ")) {
            return "jit";
        }
        if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("VM Thread")) {
            return "gc";
        }
        if (name.startsWith("bench-upload") || name.startsWith("HttpClient")) {
            return "client";
        }
        if (name.startsWith("Hikari") || name.startsWith("PostgreSQL")) {
            return "db";
        }
        return "other:" + name.replaceAll("[0-9]+", "#");
    }

    /** Microseconds per result by group between two {@link #groups()}, the client left out; "ended" as above. */
    static String perResult(java.util.Map<String, Long> before, java.util.Map<String, Long> after, int results) {
        StringBuilder out = new StringBuilder();
        long live = 0;
        long client = 0;
        long other = 0;
        StringBuilder others = new StringBuilder();
        for (java.util.Map.Entry<String, Long> entry : after.entrySet()) {
            String group = entry.getKey();
            long nanos = entry.getValue() - before.getOrDefault(group, 0L);
            if (group.equals("all") || group.equals("kernel")) {
                continue;
            }
            live += nanos;
            if (group.equals("client")) {
                client = nanos;
            }
            else if (group.startsWith("other:")) {
                other += nanos;
                if (nanos > 0) {
                    others.append(String.format(java.util.Locale.ROOT, " %s %.1f", group.substring(6),
                            nanos / 1e3 / results));
                }
            }
            else {
                out.append(String.format(java.util.Locale.ROOT, " %s %.1f us", group, nanos / 1e3 / results));
            }
        }
        long all = after.get("all") - before.get("all");
        out.append(String.format(java.util.Locale.ROOT, " other %.1f us (%s); ended threads %.1f us;"
                + " server JVM %.1f us, of which in the kernel (live threads) %.1f us", other / 1e3 / results,
                others.toString().strip(), (all - live) / 1e3 / results, (all - client) / 1e3 / results,
                (after.get("kernel") - before.getOrDefault("kernel", 0L)) / 1e3 / results));
        return out.toString().strip();
    }

    /**
     * Bytes allocated so far by the live request and pipeline threads: unlike their CPU, barely moved by what else
     * the machine runs, so a change's effect shows on this busy machine where CPU time per result varies by a fifth.
     */
    static long allocated() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && java.util.stream.Stream.of("http-nio", "pipeline-wake-up", "scheduling", "detection-")
                .anyMatch(info.getThreadName()::startsWith)) {
                sum += Math.max(0, threads.getThreadAllocatedBytes(info.getThreadId()));
            }
        }
        return sum;
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
