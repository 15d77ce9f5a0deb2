package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One measurement of the host with the {@link ReferenceWorkload}, pinned like the job, plus the load average and
 * the busy processes at that moment. The server compares it with the runner's recent checks and with the check on
 * the other side of the job (docs/runner.md, "Host checks"); the runner itself judges nothing.
 */
final class HostCheck {

    /**
     * Names the workload: checks of different workloads never compare, so a runner's reference-1 checks (the 8 MB
     * chase, see {@link ReferenceWorkload}) never make a baseline for its reference-2 ones.
     */
    static final String WORKLOAD = "reference-2";

    /** The runner command that runs the workload and prints its times (not for people: no usage line). */
    static final String COMMAND = "reference-workload";

    /** A check that takes longer than this is cut off: the host is so busy that the number would mean nothing. */
    private static final long TIMEOUT_SECONDS = 60;

    private HostCheck() {
    }

    /**
     * Runs the reference workload once in a JVM of its own (taskset-pinned to cpus when given and available) and
     * describes the host; the result has {@code error} instead of the times when the workload could not run.
     */
    static ObjectNode measure(String cpus, Map<String, String> environment) {
        ObjectNode check = ServerClient.JSON.createObjectNode();
        check.put("at", Instant.now().toString());
        List<String> command = command(cpus);
        check.put("pinned", command.get(0).equals("taskset"));
        try {
            String output = run(command, environment);
            long[] times = parse(output);
            ArrayNode samples = check.putArray("samplesNanos");
            Arrays.stream(times).forEach(samples::add);
            check.put("medianNanos", ReferenceWorkload.median(times));
            check.put("spread", Math.round(ReferenceWorkload.spread(times) * 10_000) / 10_000.0);
            // Which half moved: the chase through the core's own caches or the register mixing (the core's cycles).
            half(output, "chase").ifPresent(chase -> check.put("chaseMedianNanos", ReferenceWorkload.median(chase)));
            half(output, "mix").ifPresent(mix -> check.put("mixMedianNanos", ReferenceWorkload.median(mix)));
            // The shared cache and memory: reported for people, not judged (neighbours nobody can see move it).
            half(output, "memory")
                .ifPresent(memory -> check.put("memoryMedianNanos", ReferenceWorkload.median(memory)));
            output.lines()
                .filter(line -> line.startsWith("warmups "))
                .findFirst()
                .ifPresent(line -> check.put("warmups", Integer.parseInt(line.substring("warmups ".length()).strip())));
        }
        catch (IOException ex) {
            check.put("error", ex.getMessage());
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            check.put("error", "interrupted");
        }
        facts(check);
        return check;
    }

    /** The load average and the CPU other processes took during a short sample. */
    private static void facts(ObjectNode check) {
        check.put("cores", Runtime.getRuntime().availableProcessors());
        HostFacts.read("/proc/loadavg").ifPresent(text -> {
            String[] parts = text.strip().split("\\s+");
            check.put("loadAverage", Double.parseDouble(parts[0]));
        });
        List<HostFacts.Busy> processes = HostFacts.busyProcesses(200);
        double busy = processes.stream().mapToDouble(HostFacts.Busy::cpus).sum();
        check.put("busyCpus", Math.round(busy * 100) / 100.0);
        // Which processes, so that a noisy verdict names its cause (the server keeps the check as sent).
        check.set("busyProcesses", HostFacts.json(processes));
    }

    static List<String> command(String cpus) {
        List<String> command = new ArrayList<>();
        if (cpus != null && Agent.tasksetAvailable()) {
            command.addAll(List.of("taskset", "-c", cpus));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms64m",
                "-Xmx64m", "-XX:+UseSerialGC"));
        command.addAll(launch());
        command.add(COMMAND);
        return command;
    }

    /**
     * How to start the runner's own main: from its classes (tests, a plain jar) with -cp; from the packaged Spring
     * Boot jar, whose nested classes only its own launcher finds, with -jar on the jar the runner was started from.
     */
    private static List<String> launch() {
        java.net.URL location = ReferenceWorkload.class.getProtectionDomain().getCodeSource().getLocation();
        if (location.getProtocol().equals("file")) {
            try {
                return List.of("-cp", Path.of(location.toURI()).toString(), RunnerMain.class.getName());
            }
            catch (java.net.URISyntaxException ex) {
                // fall through to the class path
            }
        }
        return List.of("-jar", System.getProperty("java.class.path").split(java.io.File.pathSeparator)[0]);
    }

    private static String run(List<String> command, Map<String, String> environment) throws IOException,
            InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output;
        try (var in = process.getInputStream()) {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("the reference workload took longer than " + TIMEOUT_SECONDS + " s");
            }
            output = new String(in.readAllBytes()).strip();
        }
        if (process.exitValue() != 0) {
            throw new IOException("the reference workload failed (exit " + process.exitValue() + "): " + output);
        }
        return output;
    }

    /** The times of one half ("chase 1 2 3 …"), when the workload printed them. */
    static java.util.Optional<long[]> half(String output, String name) {
        return output.lines()
            .filter(line -> line.startsWith(name + " "))
            .map(line -> line.substring(name.length() + 1).strip().split(" "))
            .filter(words -> words.length == ReferenceWorkload.REPETITIONS)
            .flatMap(words -> {
                try {
                    return java.util.stream.Stream.of(Arrays.stream(words).mapToLong(Long::parseLong).toArray());
                }
                catch (NumberFormatException ex) {
                    return java.util.stream.Stream.empty();
                }
            })
            .findFirst();
    }

    static long[] parse(String output) throws IOException {
        String[] last = output.lines().reduce((a, b) -> b).orElse("").strip().split(" ");
        try {
            long[] times = Arrays.stream(last).mapToLong(Long::parseLong).toArray();
            if (times.length != ReferenceWorkload.REPETITIONS) {
                throw new IOException("the reference workload printed " + times.length + " times: " + output);
            }
            return times;
        }
        catch (NumberFormatException ex) {
            throw new IOException("the reference workload printed no times: " + output);
        }
    }
}
