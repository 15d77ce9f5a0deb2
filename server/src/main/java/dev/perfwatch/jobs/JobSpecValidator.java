package dev.perfwatch.jobs;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

import dev.perfwatch.system.InvalidInputException;

/**
 * Refuses a job that could never run, at creation rather than on a runner hours later: a 400 naming the field.
 * Beyond the annotations of {@link JobSpec}: regexes must compile, paths must stay inside the repository, the
 * repository must not look like a git option, and JMH options must not take over what the runner controls.
 */
@Component
class JobSpecValidator {

    // The runner sets these itself: where the result goes, its format, and the GC profiler every run carries.
    private static final Set<String> RUNNER_OPTIONS = Set.of("-rf", "-rff", "-o", "-h", "-l", "-lp", "-lprof",
            "-lrf", "-v");

    private final Validator validator;

    JobSpecValidator(Validator validator) {
        this.validator = validator;
    }

    JobSpec validate(JobSpec spec) {
        if (spec == null) {
            throw new InvalidInputException("body", "the body is empty");
        }
        Set<ConstraintViolation<JobSpec>> violations = validator.validate(spec);
        violations.stream().min(Comparator.comparing(v -> v.getPropertyPath().toString())).ifPresent(v -> {
            String field = v.getPropertyPath().toString().replace(".<list element>", "");
            throw new InvalidInputException(field, field + " " + v.getMessage());
        });
        JobSpec.Suite suite = spec.suite();
        repository(suite.repository().strip());
        relativePath("suite.moduleDir", suite.moduleDir());
        relativePath("suite.jar", suite.jar());
        if (suite.buildCommand() != null && (suite.buildCommand().contains("\n")
                || suite.buildCommand().contains("\r") || suite.buildCommand().contains("\0"))) {
            throw new InvalidInputException("suite.buildCommand", "suite.buildCommand must be one line");
        }
        regexes("suite.include", suite.include());
        regexes("suite.exclude", suite.exclude());
        jmhOptions(suite.jmhOptions());
        return spec;
    }

    private static void repository(String repository) {
        boolean url = repository.matches("(https?|git|ssh|file)://\\S+") || repository.matches("[\\w.-]+@[\\w.-]+:\\S+");
        boolean localPath = repository.startsWith("/") && !repository.contains("\0");
        if (!url && !localPath) {
            throw new InvalidInputException("suite.repository",
                    "suite.repository must be a git URL (https://, ssh://, git://, file://, user@host:path) "
                            + "or an absolute local path");
        }
    }

    private static void relativePath(String field, String path) {
        if (path == null || path.isEmpty()) {
            return;
        }
        if (path.startsWith("/") || path.startsWith("-") || path.contains("\\") || path.contains("\0")
                || List.of(path.split("/")).contains("..")) {
            throw new InvalidInputException(field, field + " must be a path inside the repository, without ..");
        }
    }

    private static void regexes(String field, List<String> regexes) {
        if (regexes == null) {
            return;
        }
        for (int i = 0; i < regexes.size(); i++) {
            try {
                java.util.regex.Pattern.compile(regexes.get(i));
            }
            catch (PatternSyntaxException ex) {
                throw new InvalidInputException(field + "[" + i + "]",
                        field + "[" + i + "] is not a valid regex: " + ex.getDescription());
            }
        }
    }

    private static void jmhOptions(List<String> options) {
        if (options == null) {
            return;
        }
        for (int i = 0; i < options.size(); i++) {
            String option = options.get(i).strip();
            String name = option.split("[\\s=]", 2)[0];
            if (RUNNER_OPTIONS.contains(name)) {
                throw new InvalidInputException("suite.jmhOptions[" + i + "]", "suite.jmhOptions[" + i + "]: "
                        + name + " is set by the runner (the result is always JSON, uploaded for you)");
            }
        }
    }
}
