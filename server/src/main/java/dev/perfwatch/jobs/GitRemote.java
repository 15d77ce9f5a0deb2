package dev.perfwatch.jobs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.springframework.stereotype.Component;

/**
 * Reads a branch head from a repository with {@code git ls-remote}, without cloning: the server needs the sha to
 * queue a nightly job, the runner fetches the code.
 */
@Component
class GitRemote {

    /** The sha the branch points to, or empty when the repository has no such branch. */
    Optional<String> head(String repository, String branch) {
        ProcessBuilder builder = new ProcessBuilder("git", "ls-remote", "--", repository, "refs/heads/" + branch)
            .redirectErrorStream(true);
        // Never prompt for credentials on a server: fail instead.
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        try {
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("git ls-remote " + repository + " did not answer within 60 s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("git ls-remote " + repository + " failed: " + out.strip());
            }
            return out.lines()
                .map(line -> line.split("\\s+"))
                .filter(parts -> parts.length == 2 && parts[1].equals("refs/heads/" + branch))
                .map(parts -> parts[0])
                .findFirst();
        }
        catch (IOException ex) {
            throw new IllegalStateException("git ls-remote " + repository + " failed: " + ex.getMessage(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
