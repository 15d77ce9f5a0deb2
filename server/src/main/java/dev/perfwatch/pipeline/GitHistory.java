package dev.perfwatch.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The commits between two commits, for bisection: a bare, blob-less clone of each repository under the data
 * directory (commits and trees only, no file contents), fetched again when a commit is missing, and
 * {@code git rev-list --first-parent}. Never prompts for credentials.
 */
@Component
class GitHistory {

    private final Path dir;

    GitHistory(@Value("${perfwatch.db.data-dir:./data}") String dataDir) {
        this.dir = Path.of(dataDir).toAbsolutePath().resolve("git");
    }

    /** The first-parent commits after {@code good} up to {@code bad}, oldest first. */
    synchronized List<String> between(String repository, String good, String bad) {
        Path clone = dir.resolve(key(repository) + ".git");
        if (!Files.isDirectory(clone)) {
            try {
                Files.createDirectories(dir);
            }
            catch (IOException ex) {
                throw new IllegalStateException("cannot create " + dir + ": " + ex.getMessage(), ex);
            }
            git(dir, "clone", "-q", "--bare", "--filter=blob:none", "--", repository, clone.toString());
        }
        else if (!has(clone, good) || !has(clone, bad)) {
            git(clone, "fetch", "-q", "--filter=blob:none", "--", repository, "+refs/heads/*:refs/heads/*");
        }
        String out = git(clone, "rev-list", "--first-parent", "--reverse", good + ".." + bad);
        List<String> commits = new ArrayList<>(out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
        if (commits.isEmpty() || !commits.get(commits.size() - 1).equals(bad)) {
            throw new IllegalStateException(bad + " does not follow " + good + " on the first-parent line of "
                    + repository);
        }
        return commits;
    }

    private static boolean has(Path clone, String sha) {
        try {
            git(clone, "cat-file", "-e", sha + "^{commit}");
            return true;
        }
        catch (IllegalStateException ex) {
            return false;
        }
    }

    private static String key(String repository) {
        return java.util.HexFormat.of().formatHex(sha256(repository)).substring(0, 16);
    }

    private static byte[] sha256(String text) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        }
        catch (java.security.NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static String git(Path in, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", in.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        try {
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("git " + args[0] + " did not end within 5 minutes");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out.strip());
            }
            return out;
        }
        catch (IOException ex) {
            throw new IllegalStateException("git " + args[0] + " failed: " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
