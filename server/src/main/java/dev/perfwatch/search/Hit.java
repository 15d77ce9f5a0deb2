package dev.perfwatch.search;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;

/**
 * One answer of the search: {@code kind} is project, benchmark, case or commit; the fields that kind has are set
 * (a case has its benchmark and case, a commit its sha and subject), so the UI can link it without another read.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Hit(String kind, String project, String benchmark, @JsonProperty("case") Case benchmarkCase, String sha,
        String subject) {

    record Case(long id, String mode, int threads, @JsonRawValue String params) {
    }
}
