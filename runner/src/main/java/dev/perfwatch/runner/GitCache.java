package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One working copy per repository under the data directory, fetched incrementally, so that the second job of a
 * project costs a fetch of what is new rather than a clone. A checkout is forced and cleaned: a benchmark must
 * build from exactly the commit, not from what a previous build left.
 */
final class GitCache {

    private final Path root;

    private final Map<String, String> environment;

    GitCache(Path root, Map<String, String> environment) {
        this.root = root;
        this.environment = environment;
    }

    /** The working copy of the repository, with the commit present (fetched when missing). */
    Path fetch(String repository, String commit, LogTail log, Instant deadline) throws IOException,
            InterruptedException, JobFailure {
        Path dir = root.resolve(key(repository));
        if (!Files.isDirectory(dir.resolve(".git"))) {
            Files.createDirectories(dir);
            git(dir, log, deadline, "init", "-q");
        }
        // A runner killed during a git command leaves its lock behind; nobody else uses this copy.
        Files.deleteIfExists(dir.resolve(".git/index.lock"));
        if (!has(dir, commit, deadline)) {
            log.add("$ git fetch " + repository);
            git(dir, log, deadline, "fetch", "-q", "--tags", "--force", "--", repository,
                    "+refs/heads/*:refs/remotes/origin/*");
            if (!has(dir, commit, deadline)) {
                // A commit no branch points to (a pull request head): ask for it by name.
                git(dir, log, deadline, "fetch", "-q", "--", repository, commit);
            }
            if (!has(dir, commit, deadline)) {
                throw new JobFailure("commit " + commit + " is not in " + repository);
            }
        }
        return dir;
    }

    void checkout(Path dir, String commit, LogTail log, Instant deadline) throws IOException, InterruptedException,
            JobFailure {
        git(dir, log, deadline, "checkout", "-q", "--force", "--detach", commit);
        git(dir, log, deadline, "clean", "-q", "-ffdx");
    }

    /** The commit as the ingest API takes it: sha, parents, author, time and message place it on the branch. */
    ObjectNode commit(Path dir, String commit, Instant deadline) throws IOException, InterruptedException,
            JobFailure {
        String out = output(dir, deadline, "show", "-s", "--format=%H%n%P%n%an <%ae>%n%cI%n%B", commit);
        String[] lines = out.split("\n", 5);
        ObjectNode node = ServerClient.JSON.createObjectNode();
        node.put("sha", lines[0].strip());
        ArrayNode parents = node.putArray("parents");
        if (lines.length > 1 && !lines[1].isBlank()) {
            for (String parent : lines[1].strip().split(" ")) {
                parents.add(parent);
            }
        }
        if (lines.length > 2) {
            node.put("author", lines[2].strip());
        }
        if (lines.length > 3) {
            node.put("time", lines[3].strip());
        }
        if (lines.length > 4) {
            node.put("message", lines[4].strip());
        }
        return node;
    }

    private boolean has(Path dir, String commit, Instant deadline) throws IOException, InterruptedException {
        ChildProcess process = ChildProcess.start(List.of("git", "cat-file", "-e", commit + "^{commit}"), dir,
                environment, line -> { });
        return process.await(deadline) == 0;
    }

    private void git(Path dir, LogTail log, Instant deadline, String... args) throws IOException,
            InterruptedException, JobFailure {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ChildProcess process = ChildProcess.start(command, dir, environment, log::add);
        int exit = process.await(deadline);
        if (exit != 0) {
            throw new JobFailure(String.join(" ", command) + " failed with exit code " + exit
                    + (process.killedBecause() != null ? " (" + process.killedBecause() + ")" : ""));
        }
    }

    private String output(Path dir, Instant deadline, String... args) throws IOException, InterruptedException,
            JobFailure {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        StringBuilder out = new StringBuilder();
        ChildProcess process = ChildProcess.start(command, dir, environment, line -> out.append(line).append('\n'));
        if (process.await(deadline) != 0) {
            throw new JobFailure(String.join(" ", command) + " failed: " + out);
        }
        return out.toString();
    }

    static String key(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 24);
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
