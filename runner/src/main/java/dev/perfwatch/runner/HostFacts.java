package dev.perfwatch.runner;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What explains a run's noise, read from /proc and /sys where this machine exposes it (a container or another OS
 * may not: then the field is left out rather than guessed). A host is "loaded" when other processes used more
 * than a quarter of a CPU while the runner sampled, just before JMH starts.
 */
final class HostFacts {

    /** CPU time of other processes, in CPUs, above which a run is marked as taken on a loaded host. */
    static final double LOADED_CPUS = 0.25;

    private HostFacts() {
    }

    static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (IOException ex) {
            return "localhost";
        }
    }

    static Optional<String> cpuModel() {
        return read("/proc/cpuinfo").flatMap(text -> text.lines()
            .filter(line -> line.startsWith("model name"))
            .map(line -> line.substring(line.indexOf(':') + 1).strip())
            .findFirst());
    }

    static Optional<Long> memoryMb() {
        return read("/proc/meminfo").flatMap(text -> text.lines()
            .filter(line -> line.startsWith("MemTotal:"))
            .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024)
            .findFirst());
    }

    /** The host as the run upload and the registration describe it. */
    static ObjectNode host(String name, String hostClass) {
        ObjectNode host = ServerClient.JSON.createObjectNode();
        host.put("name", name);
        host.put("hostClass", hostClass);
        cpuModel().ifPresent(model -> host.put("cpuModel", model));
        host.put("cores", Runtime.getRuntime().availableProcessors());
        memoryMb().ifPresent(mb -> host.put("memoryMb", mb));
        host.put("os", System.getProperty("os.name"));
        host.put("kernel", System.getProperty("os.version"));
        return host;
    }

    /**
     * The noise facts at the start of a run: governor, boost, SMT, load average and the processes that used CPU
     * during {@code sampleMillis}, leaving out the runner's own process tree.
     */
    static ObjectNode sample(long sampleMillis) {
        ObjectNode facts = ServerClient.JSON.createObjectNode();
        cpuModel().ifPresent(model -> facts.put("cpuModel", model));
        facts.put("cpus", Runtime.getRuntime().availableProcessors());
        read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").map(String::strip)
            .ifPresent(governor -> facts.put("governor", governor));
        boost().ifPresent(boost -> facts.put("boost", boost));
        read("/sys/devices/system/cpu/smt/active").map(String::strip)
            .ifPresent(smt -> facts.put("smt", smt.equals("1")));
        read("/proc/loadavg").ifPresent(text -> {
            String[] parts = text.strip().split("\\s+");
            ArrayNode load = facts.putArray("loadAverage");
            for (int i = 0; i < 3 && i < parts.length; i++) {
                load.add(Double.parseDouble(parts[i]));
            }
        });
        List<Busy> busy = busyProcesses(sampleMillis);
        facts.set("busyProcesses", json(busy));
        facts.put("loaded", busy.stream().mapToDouble(Busy::cpus).sum() > LOADED_CPUS);
        return facts;
    }

    /** The ten busiest, as the metadata lists them. */
    static ArrayNode json(List<Busy> busy) {
        ArrayNode list = ServerClient.JSON.createArrayNode();
        for (Busy process : busy.subList(0, Math.min(10, busy.size()))) {
            ObjectNode node = list.addObject();
            node.put("pid", process.pid());
            node.put("command", process.command());
            node.put("cpuPercent", Math.round(process.cpus() * 1000) / 10.0);
        }
        return list;
    }

    /** The processes as {@link #json} listed them: for the log's one line, {@link QuietHost#describe}. */
    static List<Busy> busy(com.fasterxml.jackson.databind.JsonNode list) {
        List<Busy> busy = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode node : list) {
            busy.add(new Busy(node.path("pid").asLong(), node.path("command").asText(),
                    node.path("cpuPercent").asDouble() / 100));
        }
        return busy;
    }

    /** Intel's no_turbo is inverted: 0 means turbo on. */
    private static Optional<Boolean> boost() {
        Optional<String> generic = read("/sys/devices/system/cpu/cpufreq/boost").map(String::strip);
        if (generic.isPresent()) {
            return generic.map(value -> value.equals("1"));
        }
        return read("/sys/devices/system/cpu/intel_pstate/no_turbo").map(String::strip).map(v -> v.equals("0"));
    }

    record Busy(long pid, String command, double cpus) {
    }

    /**
     * Processes that used more than 5% of a CPU during the sample, busiest first. Not the runner's own process tree
     * (its JVM, its build, its JMH forks, its parent shell): the runner judges the host it measures on, not itself.
     */
    static List<Busy> busyProcesses(long sampleMillis) {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return List.of();
        }
        Set<Long> ours = new HashSet<>();
        ours.add(ProcessHandle.current().pid());
        ProcessHandle.current().descendants().forEach(p -> ours.add(p.pid()));
        ProcessHandle.current().parent().ifPresent(p -> ours.add(p.pid()));
        Map<Long, Long> before = cpuTicks(proc);
        long start = System.nanoTime();
        try {
            Thread.sleep(sampleMillis);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return List.of();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<Long, Long> after = cpuTicks(proc);
        double ticksPerSecond = 100.0;
        List<Busy> busy = new ArrayList<>();
        for (Map.Entry<Long, Long> entry : after.entrySet()) {
            Long earlier = before.get(entry.getKey());
            if (earlier == null || ours.contains(entry.getKey())) {
                continue;
            }
            double cpus = (entry.getValue() - earlier) / ticksPerSecond / seconds;
            if (cpus > 0.05) {
                busy.add(new Busy(entry.getKey(), command(entry.getKey()), cpus));
            }
        }
        busy.sort(Comparator.comparingDouble(Busy::cpus).reversed());
        return busy;
    }

    private static Map<Long, Long> cpuTicks(Path proc) {
        Map<Long, Long> ticks = new HashMap<>();
        try (var dirs = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path dir : dirs) {
                read(dir.resolve("stat").toString()).ifPresent(stat -> {
                    // Fields after the parenthesised command: utime and stime are the 12th and 13th.
                    int close = stat.lastIndexOf(')');
                    if (close < 0) {
                        return;
                    }
                    String[] fields = stat.substring(close + 2).split(" ");
                    if (fields.length > 12) {
                        ticks.put(Long.parseLong(dir.getFileName().toString()),
                                Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                    }
                });
            }
        }
        catch (IOException | RuntimeException ex) {
            // /proc may vanish under us; a partial picture is still a picture
        }
        return ticks;
    }

    private static String command(long pid) {
        Optional<String> cmdline = read("/proc/" + pid + "/cmdline").map(s -> s.replace('\0', ' ').strip());
        String command = cmdline.filter(s -> !s.isEmpty())
            .orElseGet(() -> read("/proc/" + pid + "/comm").map(String::strip).orElse("?"));
        return command.length() > 120 ? command.substring(0, 120) + "…" : command;
    }

    static Optional<String> read(String path) {
        try {
            return Optional.of(Files.readString(Path.of(path)));
        }
        catch (IOException | RuntimeException ex) {
            return Optional.empty();
        }
    }
}
