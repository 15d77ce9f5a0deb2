package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code upload} command, for projects that run JMH in their own CI: wraps a JMH result file into a run and
 * delivers it through the same spool as the agent, so that a server outage during CI loses nothing (the next
 * upload or runner start on that machine delivers it). The run id derives from the content, so uploading the same
 * file twice stores it once.
 */
final class UploadCommand {

    private UploadCommand() {
    }

    static int run(Options options) throws IOException {
        if (options.positional().size() != 1) {
            throw new Options.UsageException("upload takes one JMH result file");
        }
        Path file = Path.of(options.positional().get(0));
        if (!Files.isRegularFile(file)) {
            throw new Options.UsageException("no such file: " + file);
        }
        String serverUrl = options.require("server", "PERFWATCH_SERVER_URL");
        String token = options.require("token", "PERFWATCH_RUNNER_TOKEN");
        String project = options.require("project", "PERFWATCH_PROJECT");
        String commit = options.require("commit", "PERFWATCH_COMMIT").toLowerCase(java.util.Locale.ROOT);
        String hostClass = options.require("host-class", "PERFWATCH_HOST_CLASS");
        String branch = options.get("branch", "PERFWATCH_BRANCH").orElse("main");
        String host = options.get("host", "PERFWATCH_HOST").orElseGet(HostFacts::hostName);
        Duration retryFor = Durations.parse(options.get("retry-for").orElse("2m"));
        byte[] content = Files.readAllBytes(file);
        JsonNode jmh;
        try {
            jmh = ServerClient.JSON.readTree(content);
        }
        catch (IOException ex) {
            throw new Options.UsageException(file + " is not a JMH JSON result file: " + ex.getMessage());
        }
        String id = options.get("id").orElseGet(() -> UUID.nameUUIDFromBytes(String.join("\u0000", project, branch,
                commit, hostClass, host, sha256(content)).getBytes(StandardCharsets.UTF_8)).toString());

        ObjectNode body = ServerClient.JSON.createObjectNode();
        body.put("id", id);
        body.put("project", project);
        options.get("repository").ifPresent(repository -> body.put("repository", repository));
        body.put("branch", branch);
        body.set("commit", commitInfo(commit));
        body.set("host", HostFacts.host(host, hostClass));
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("source", "perfwatch-runner upload");
        // Nothing time-dependent here: the same file uploaded again must be the same body, or it would conflict.
        metadata.put("file", file.getFileName().toString());
        body.set("jmh", jmh);

        Spool spool = new Spool(Settings.dataDir(options).resolve("spool"));
        spool.put(id, ServerClient.JSON.writeValueAsBytes(body), false);
        ServerClient server = new ServerClient(serverUrl, token);
        boolean delivered = spool.deliver(server, retryFor, () -> false);
        if (!delivered || spool.contains(id)) {
            System.err.println("not delivered yet: kept in " + spool.dir()
                    + "; the next upload or runner start on this machine delivers it");
            return 1;
        }
        if (Files.exists(spool.dir().resolve("rejected").resolve(id + ".json"))) {
            System.err.println("the server refused the run: "
                    + Files.readString(spool.dir().resolve("rejected").resolve(id + ".reason")));
            return 1;
        }
        System.out.println("uploaded run " + id + " to " + server.base() + "/api/v1/runs/" + id);
        return 0;
    }

    /** The commit, with author, time, message and parents when the current directory's git knows it. */
    private static ObjectNode commitInfo(String commit) {
        ObjectNode node = ServerClient.JSON.createObjectNode();
        node.put("sha", commit);
        try {
            GitCache git = new GitCache(Path.of("."), Settings.childEnvironment(System.getenv()));
            ObjectNode known = git.commit(Path.of("").toAbsolutePath(), commit, Instant.now().plusSeconds(30));
            if (known.path("sha").asText().startsWith(commit)) {
                return known;
            }
        }
        catch (IOException | JobFailure | RuntimeException ex) {
            // not a git checkout, or not this commit: the sha alone is enough
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        return node;
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
