package dev.perfwatch.e2e.web;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.perfwatch.e2e.ServerProcess;

/**
 * A browser test in the shared web session ({@link WebSession}): the packaged server and the headless Chromium that
 * every such class uses, and before each test a blank page at desktop size with the console emptied, so that no
 * test sees what the one before it left (a phone's emulation, a page, console messages such as Chromium asking for
 * /favicon.ico).
 */
@ExtendWith(WebSession.Extension.class)
abstract class InWebSession {

    static ServerProcess server;

    static Browser browser;

    @BeforeAll
    static void joinSession() {
        server = WebSession.current().server;
        browser = WebSession.current().browser;
    }

    @BeforeEach
    void blankDesktopPage() {
        browser.desktop();
        browser.size(1280, 960);
        browser.open("about:blank");
        browser.log();
    }
}
