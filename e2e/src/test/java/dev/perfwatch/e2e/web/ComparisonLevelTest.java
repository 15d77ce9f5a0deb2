package dev.perfwatch.e2e.web;

import org.junit.jupiter.api.Test;

import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The comparison page names the level of the intervals it shows. A benchmark request judges its last look at the
 * level alpha spending allows (99.58% at the first of Pocock's five looks, docs/requests.md, "Rounds"), and its
 * pull-request comment said so while the page's hover said "99% interval". The server's answer carries the level
 * ({@code confidence}); a request's answer is the real comparison of the two commits with the level of a first
 * look put in, since a request that succeeds needs a runner (RequestRoundsTest checks the level the server gives).
 */
class ComparisonLevelTest extends InWebSession {

    private static final String BASE = sha(REGRESSION - 1);

    private static final String HEAD = sha(REGRESSION);

    @Test
    void comparisonWhenTwoCommitsAreComparedNamesTheServersLevel() {
        browser.open(server.url() + "/#/comparison?project=web&base=" + BASE + "&head=" + HEAD);
        browser.await("window.perfwatch?.comparison?.state === 'ready'");

        assertThat(browser.element(".comparison-table td.sig[data-verdict]").getAttribute("title"))
            .startsWith("99% interval ");
    }

    @Test
    void comparisonWhenARequestUsedAnotherLevelNamesThatLevel() {
        browser.open(server.url() + "/#/home");
        browser.await("window.perfwatch?.home?.state === 'ready'");
        // The request's answer as GET /api/v1/requests/{id} gives it once it succeeded; every other read is real.
        browser.script("""
                const real = window.fetch.bind(window);
                window.fetch = async (path, options) => {
                  if (!String(path).startsWith('/api/v1/requests/level-test')) {
                    return real(path, options);
                  }
                  const comparison = await (await real(
                    '/api/v1/comparisons?project=web&base=%s&head=%s')).json();
                  comparison.confidence = 0.9958;
                  return new Response(JSON.stringify({ id: 'level-test', project: 'web', base: '%s', head: '%s',
                    status: 'succeeded', outcome: 'failure', requestedBy: 'ada', comparison }),
                    { status: 200, headers: { 'Content-Type': 'application/json' } });
                };
                location.hash = '#/comparison?project=web&request=level-test';""".formatted(BASE, HEAD, BASE, HEAD));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.comparison-table')");

        assertThat(browser.elements(".comparison-table td.sig[data-verdict]")).isNotEmpty()
            .allSatisfy(cell -> assertThat(cell.getAttribute("title")).startsWith("99.58% interval "));
    }
}
