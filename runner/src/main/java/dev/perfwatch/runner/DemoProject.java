package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Generates the demo project: a git repository whose eight commits evolve a string serializer. The first three
 * encode into a reused buffer (one level of throughput to compare with); the fourth makes the serializer "stateless"
 * by allocating that buffer per call (the FLINK-14346 pattern: three bytes of garbage per character, lower
 * throughput); the seventh reuses the buffer again and fixes it. The project carries perfwatch's Maven wrapper, so
 * building it needs a JDK only.
 * The commits are dated on the eight days before the repository is made (noon UTC), so that the tracker treats the
 * demo's changes as news: a change at a commit older than the server's alert age is an import's and notifies nobody.
 * The repository is kept in the runner's data directory, so a second demo run finds the same shas and its jobs done.
 */
final class DemoProject {

    record Commit(String sha, String message) {
    }

    /** The index of the commit that allocates a buffer per call, oldest first from 0. */
    static final int REGRESSION = 3;

    /** The index of the commit that reuses the buffer again. */
    static final int FIX = 6;

    /**
     * The demo's quick profile: two forks, because one JIT compilation can differ from the next by more than the
     * regression, and a few one-second iterations; about 25 s of JMH per commit.
     */
    static final String PROFILES = """
            quick=-f 2 -wi 2 -w 1s -i 3 -r 1s
            full=-f 3 -wi 5 -w 10s -i 5 -r 10s
            """;

    private DemoProject() {
    }

    static final String POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>demo</groupId>
              <artifactId>string-serializer</artifactId>
              <version>1.0</version>
              <properties>
                <maven.compiler.release>17</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
              </properties>
              <dependencies>
                <dependency>
                  <groupId>org.openjdk.jmh</groupId>
                  <artifactId>jmh-core</artifactId>
                  <version>1.37</version>
                </dependency>
              </dependencies>
              <build>
                <finalName>benchmarks</finalName>
                <plugins>
                  <plugin>
                    <artifactId>maven-resources-plugin</artifactId>
                    <version>3.5.0</version>
                  </plugin>
                  <plugin>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <version>3.15.0</version>
                    <configuration>
                      <annotationProcessorPaths>
                        <path>
                          <groupId>org.openjdk.jmh</groupId>
                          <artifactId>jmh-generator-annprocess</artifactId>
                          <version>1.37</version>
                        </path>
                      </annotationProcessorPaths>
                    </configuration>
                  </plugin>
                  <plugin>
                    <artifactId>maven-surefire-plugin</artifactId>
                    <version>3.5.6</version>
                    <executions>
                      <execution>
                        <id>default-test</id>
                        <phase>none</phase>
                      </execution>
                    </executions>
                  </plugin>
                  <plugin>
                    <artifactId>maven-jar-plugin</artifactId>
                    <version>3.5.1</version>
                  </plugin>
                  <plugin>
                    <artifactId>maven-shade-plugin</artifactId>
                    <version>3.6.2</version>
                    <executions>
                      <execution>
                        <phase>package</phase>
                        <goals>
                          <goal>shade</goal>
                        </goals>
                        <configuration>
                          <createDependencyReducedPom>false</createDependencyReducedPom>
                          <transformers>
                            <transformer implementation="org.apache.maven.plugins.shade.resource.ManifestResourceTransformer">
                              <mainClass>org.openjdk.jmh.Main</mainClass>
                            </transformer>
                          </transformers>
                        </configuration>
                      </execution>
                    </executions>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    private static final String VIEW = """
            package demo;

            import java.util.Arrays;

            /** A growable byte array with a write position, like Flink's DataOutputSerializer. */
            public final class ByteArrayDataView {

                private byte[] buffer = new byte[64];

                private int position;

                public void reset() {
                    position = 0;
                }

                public int size() {
                    return position;
                }

                public void writeByte(int b) {
                    ensure(1);
                    buffer[position++] = (byte) b;
                }

                public void write(byte[] bytes, int offset, int length) {
                    ensure(length);
                    System.arraycopy(bytes, offset, buffer, position, length);
                    position += length;
                }

                private void ensure(int more) {
                    if (position + more > buffer.length) {
                        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + more));
                    }
                }
            }
            """;

    private static final String BENCHMARK = """
            package demo;

            import java.util.concurrent.TimeUnit;

            import org.openjdk.jmh.annotations.Benchmark;
            import org.openjdk.jmh.annotations.BenchmarkMode;
            import org.openjdk.jmh.annotations.Mode;
            import org.openjdk.jmh.annotations.OutputTimeUnit;
            import org.openjdk.jmh.annotations.Param;
            import org.openjdk.jmh.annotations.Scope;
            import org.openjdk.jmh.annotations.Setup;
            import org.openjdk.jmh.annotations.State;

            /** Serializes one string into a reused view: any allocation measured here is the serializer's own. */
            @State(Scope.Thread)
            @BenchmarkMode(Mode.Throughput)
            @OutputTimeUnit(TimeUnit.MILLISECONDS)
            public class StringSerializerBenchmark {

                @Param({ "16", "256" })
                int length;

                private final ByteArrayDataView out = new ByteArrayDataView();

                private final StringSerializer serializer = new StringSerializer();

                private String value;

                @Setup
                public void setUp() {
                    StringBuilder text = new StringBuilder();
                    for (int i = 0; i < length; i++) {
                        text.append((char) ('a' + i % 26));
                    }
                    value = text.toString();
                }

                @Benchmark
                public int serialize() {
                    out.reset();
                    serializer.write(value, out);
                    return out.size();
                }
            }
            """;

    private static final String HEAD = """
            package demo;

            /**%s
             */
            public final class StringSerializer {
            %s
                public void write(String value, ByteArrayDataView out) {
                    int length = value.length();
                    %s(length, out);
            %s
                }

                private static void %s(int length, ByteArrayDataView out) {
                    while (length >= 0x80) {
                        out.writeByte(length | 0x80);
                        length >>>= 7;
                    }
                    out.writeByte(length);
                }
            %s}
            """;

    // The regression: a fresh array of up to three bytes per char on every call.
    private static final String ALLOCATING = """
                    byte[] bytes = new byte[length * 3];
                    int n = encode(value, bytes);
                    out.write(bytes, 0, n);""";

    // The fix: the same encoding into a buffer the serializer keeps.
    private static final String REUSING = """
                    if (scratch.length < length * 3) {
                        scratch = new byte[length * 3];
                    }
                    int n = encode(value, scratch);
                    out.write(scratch, 0, n);""";

    private static final String ENCODE = """

                private static int encode(String value, byte[] bytes) {
                    int n = 0;
                    for (int i = 0; i < value.length(); i++) {
                        char c = value.charAt(i);
                        if (c < 0x80) {
                            bytes[n++] = (byte) c;
                        }
                        else if (c < 0x800) {
                            bytes[n++] = (byte) (0xC0 | (c >> 6));
                            bytes[n++] = (byte) (0x80 | (c & 0x3F));
                        }
                        else {
                            bytes[n++] = (byte) (0xE0 | (c >> 12));
                            bytes[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                            bytes[n++] = (byte) (0x80 | (c & 0x3F));
                        }
                    }
                    return n;
                }
            """;

    private static String serializer(String doc, String field, String helper, String body, String extra) {
        return HEAD.formatted(doc, field, helper, body, helper, extra);
    }

    /** Creates the repository at dir (unless it exists), dated on the eight days before today, oldest first. */
    static List<Commit> create(Path dir, Map<String, String> environment) throws IOException, InterruptedException {
        return create(dir, environment, LocalDate.now(ZoneOffset.UTC).minusDays(8));
    }

    /**
     * Creates the repository at dir (unless it exists) with its first commit dated firstDay at noon UTC and one a
     * day after it, and returns its commits, oldest first.
     */
    static List<Commit> create(Path dir, Map<String, String> environment, LocalDate firstDay)
            throws IOException, InterruptedException {
        if (!Files.isDirectory(dir.resolve(".git"))) {
            Path building = dir.resolveSibling(dir.getFileName() + ".tmp");
            deleteTree(building);
            Files.createDirectories(building);
            git(building, environment, null, "init", "-q", "-b", "main");
            String simpleDoc = "\n * Writes a string as its length and its characters.";
            String formatDoc = simpleDoc + "\n *\n * <p>Wire format: the length as a varint, then each char as"
                    + " UTF-8 (one byte for ASCII).";
            String field = "\n    private byte[] scratch = new byte[64];\n";
            // The three commits before the regression run the same code: detection's first judgement of a young
            // series (ShortHistory) wants every point of the old level apart from every point of the new one, and a
            // first commit 2-3x slower (it once wrote two bytes per char) put the old level on both sides of it, so
            // the throughput change at the 4th commit was never found (docs/runner.md, "The demo's first commit").
            commit(building, environment, firstDay,
                    "String serializer: UTF-8 into a reused buffer, with a JMH benchmark",
                    Map.of("pom.xml", POM, "src/main/java/demo/ByteArrayDataView.java", VIEW,
                            "src/main/java/demo/StringSerializerBenchmark.java", BENCHMARK,
                            "src/main/java/demo/StringSerializer.java",
                            serializer(simpleDoc, field, "writeLength", REUSING, ENCODE),
                            ".gitignore", "target/\n", "mvnw", wrapper("mvnw"),
                            "src/main/resources/perfwatch-profiles.properties", PROFILES,
                            ".mvn/wrapper/maven-wrapper.properties",
                            wrapper(".mvn/wrapper/maven-wrapper.properties")));
            commit(building, environment, firstDay.plusDays(1), "Document the wire format",
                    Map.of("src/main/java/demo/StringSerializer.java",
                            serializer(formatDoc, field, "writeLength", REUSING, ENCODE)));
            commit(building, environment, firstDay.plusDays(2), "Add a contributing guide",
                    Map.of("CONTRIBUTING.md", "# Contributing\n\nRun `./mvnw package` before sending a change.\n"));
            commit(building, environment, firstDay.plusDays(3),
                    "Make the serializer stateless, so that threads can share one",
                    Map.of("src/main/java/demo/StringSerializer.java",
                            serializer(formatDoc, "", "writeLength", ALLOCATING, ENCODE)));
            commit(building, environment, firstDay.plusDays(4), "Add a README",
                    Map.of("README.md", "# string-serializer\n\nA demo project for perfwatch.\n"));
            commit(building, environment, firstDay.plusDays(5), "Name the length prefix writer after the format",
                    Map.of("src/main/java/demo/StringSerializer.java",
                            serializer(formatDoc, "", "writeVarint", ALLOCATING, ENCODE)));
            commit(building, environment, firstDay.plusDays(6),
                    "Reuse the encoding buffer again: one serializer per thread, no garbage",
                    Map.of("src/main/java/demo/StringSerializer.java",
                            serializer(formatDoc, field, "writeVarint", REUSING, ENCODE)));
            commit(building, environment, firstDay.plusDays(7), "Add a changelog",
                    Map.of("CHANGELOG.md", "# Changes\n\n- 1.0: the serializer reuses its buffer.\n"));
            Files.move(building, dir);
        }
        String log = git(dir, environment, null, "log", "--reverse", "--format=%H %s", "main");
        List<Commit> commits = new ArrayList<>();
        for (String line : log.strip().split("\n")) {
            commits.add(new Commit(line.substring(0, 40), line.substring(41)));
        }
        return commits;
    }

    private static void commit(Path dir, Map<String, String> environment, LocalDate day, String message,
            Map<String, String> files) throws IOException, InterruptedException {
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = dir.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            if (file.getKey().equals("mvnw")) {
                path.toFile().setExecutable(true);
            }
        }
        git(dir, environment, null, "add", "-A");
        Map<String, String> dated = new HashMap<>();
        String date = day + "T12:00:00Z";
        dated.put("GIT_AUTHOR_DATE", date);
        dated.put("GIT_COMMITTER_DATE", date);
        git(dir, environment, dated, "-c", "user.name=Demo Author", "-c", "user.email=demo@example.org", "commit",
                "-q", "-m", message);
    }

    /** A file of perfwatch's own Maven wrapper, packaged into the runner jar by its build. */
    static String wrapper(String name) throws IOException {
        try (var in = DemoProject.class.getResourceAsStream("wrapper/" + name)) {
            if (in == null) {
                throw new IOException("the runner jar lacks the Maven wrapper's " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String git(Path dir, Map<String, String> environment, Map<String, String> extra, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        if (extra != null) {
            builder.environment().putAll(extra);
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
