package dev.perfwatch.security;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Token management for admins: runner and uploader tokens are made here. */
@RestController
@RequestMapping("/api/v1/tokens")
class TokenController {

    private final ApiTokens tokens;

    TokenController(ApiTokens tokens) {
        this.tokens = tokens;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    NewToken create(@Valid @RequestBody TokenRequest body, HttpServletRequest request) {
        Caller.require(request, Role.ADMIN);
        return new NewToken(body.name(), body.role(), tokens.create(body.name(), body.role()));
    }

    @GetMapping
    List<ApiTokens.TokenInfo> list(HttpServletRequest request) {
        Caller.require(request, Role.ADMIN);
        return tokens.list();
    }

    @DeleteMapping("/{name}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void revoke(@PathVariable String name, HttpServletRequest request) {
        Caller.require(request, Role.ADMIN);
        tokens.revoke(name);
    }

    record TokenRequest(@NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String name, @NotNull Role role) {
    }

    /** The only time a token is readable. */
    record NewToken(String name, Role role, String token) {
    }
}
