package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A tiny JMH suite in a git repository made for the test: two benchmarks that run in about a second each with one
 * fork and one short iteration. Plugin versions are pinned to ones the build already uses, so that the runner's
 * {@code mvn} build needs nothing new from the network. The second commit does not compile.
 */
final class FixtureSuite {

    static final String QUICK = "-f 1 -wi 0 -i 1 -r 300ms";

    static final String POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>fixture</groupId>
              <artifactId>fixture-benchmarks</artifactId>
              <version>1</version>
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
                  <plugin><artifactId>maven-resources-plugin</artifactId><version>3.5.0</version></plugin>
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
                    <executions><execution><id>default-test</id><phase>none</phase></execution></executions>
                  </plugin>
                  <plugin><artifactId>maven-jar-plugin</artifactId><version>3.5.1</version></plugin>
                  <plugin>
                    <artifactId>maven-shade-plugin</artifactId>
                    <version>3.6.2</version>
                    <executions>
                      <execution>
                        <phase>package</phase>
                        <goals><goal>shade</goal></goals>
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

    private static final String BENCHMARK = """
            package fixture;

            import org.openjdk.jmh.annotations.Benchmark;
            import org.openjdk.jmh.annotations.Scope;
            import org.openjdk.jmh.annotations.State;

            @State(Scope.Thread)
            public class FixtureBenchmark {

                int x = 42;

                @Benchmark
                public String concat() {
                    return "v" + x;
                }

                @Benchmark
                public int sum() {
                    return x + 1;
                }
            }
            """;

    final Path repository;

    final String good;

    final String broken;

    private FixtureSuite(Path repository, String good, String broken) {
        this.repository = repository;
        this.good = good;
        this.broken = broken;
    }

    static FixtureSuite create(Path repository) {
        try {
            Files.createDirectories(repository.resolve("src/main/java/fixture"));
            git(repository, "init", "-q", "-b", "main");
            Files.writeString(repository.resolve("pom.xml"), POM);
            Files.writeString(repository.resolve(".gitignore"), "target/\n");
            Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"), BENCHMARK);
            git(repository, "add", "-A");
            git(repository, "commit", "-q", "-m", "Two benchmarks");
            String good = git(repository, "rev-parse", "HEAD").strip();
            Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"),
                    BENCHMARK.replace("return x + 1;", "return x + undefinedVariable;"));
            git(repository, "commit", "-q", "-am", "Break the build");
            String broken = git(repository, "rev-parse", "HEAD").strip();
            return new FixtureSuite(repository, good, broken);
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /**
     * The suite in another repository with an injected regression instead of a broken build: the first commit is
     * good, the second makes {@code sum} do a hundred times the work, the third only touches a README. Returned as
     * the three shas, oldest first.
     */
    static List<String> withRegression(Path repository) {
        try {
            Files.createDirectories(repository.resolve("src/main/java/fixture"));
            git(repository, "init", "-q", "-b", "main");
            Files.writeString(repository.resolve("pom.xml"), POM);
            Files.writeString(repository.resolve(".gitignore"), "target/\n");
            Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"), BENCHMARK);
            git(repository, "add", "-A");
            git(repository, "commit", "-q", "-m", "Two benchmarks");
            String good = git(repository, "rev-parse", "HEAD").strip();
            Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"),
                    BENCHMARK.replace("return x + 1;", """
                            int s = x;
                                    for (int i = 0; i < 100; i++) {
                                        s = s * 31 + i;
                                    }
                                    return s;"""));
            git(repository, "commit", "-q", "-am", "Sum with a hash loop");
            String bad = git(repository, "rev-parse", "HEAD").strip();
            Files.writeString(repository.resolve("README.md"), "Fixture benchmarks\n");
            git(repository, "add", "-A");
            git(repository, "commit", "-q", "-m", "Add a README");
            String after = git(repository, "rev-parse", "HEAD").strip();
            return List.of(good, bad, after);
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /**
     * The suite in another repository over six commits, of which the fourth makes {@code sum} allocate an array per
     * call (a new project's first week, one commit a night); the others touch a README. The six shas, oldest first.
     */
    static List<String> withAllocation(Path repository) {
        try {
            Files.createDirectories(repository.resolve("src/main/java/fixture"));
            git(repository, "init", "-q", "-b", "main");
            Files.writeString(repository.resolve("pom.xml"), POM);
            Files.writeString(repository.resolve(".gitignore"), "target/\n");
            Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"), BENCHMARK);
            git(repository, "add", "-A");
            git(repository, "commit", "-q", "-m", "Two benchmarks");
            List<String> shas = new java.util.ArrayList<>(List.of(git(repository, "rev-parse", "HEAD").strip()));
            for (int n = 2; n <= 6; n++) {
                if (n == 4) {
                    // Returned, so escape analysis cannot remove it: a real allocation per call.
                    Files.writeString(repository.resolve("src/main/java/fixture/FixtureBenchmark.java"),
                            BENCHMARK.replace("public int sum() {\n        return x + 1;",
                                    "public int[] sum() {\n        return new int[] { x + 1 };"));
                }
                else {
                    Files.writeString(repository.resolve("README.md"), "Fixture benchmarks, night " + n + "\n");
                }
                git(repository, "add", "-A");
                git(repository, "commit", "-q", "-m", n == 4 ? "Sum returns a fresh array" : "Night " + n);
                shas.add(git(repository, "rev-parse", "HEAD").strip());
            }
            return shas;
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /** A job body for the commit; options are JMH options after the quick profile's. */
    String job(String project, String commit, String hostClass, String jmhOptions) {
        return """
                {"project": "%s", "commit": "%s", "hostClass": "%s", "profile": "quick",
                 "suite": {"repository": "%s", "jmhOptions": ["%s"]}}"""
            .formatted(project, commit, hostClass, repository, jmhOptions);
    }

    static String git(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "user.name=Fixture",
                "-c", "user.email=fixture@example.org", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + ": " + out);
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException(ex);
        }
        return out;
    }
}
