package dev.perfwatch.e2e.web;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The commit panel's words for a change against the previous result (a newcomer's trial on an imported
 * github-action-benchmark history, where results carry no error and the series' relative noise judges): a fall must
 * be as clear as a rise of the same factor.
 */
class CommitPanelVerdictTest extends InWebSession {

    @Test
    @SuppressWarnings("unchecked")
    void verdictWhenJudgedByRelativeNoiseCallsABigDropWorse() {
        browser.open(server.url() + "/favicon.svg");
        // Atmosphere's broadcastToAll (subscriberCount=100), 20% noise: 3,128,850 to 442,749 ops/s at its
        // regression read "maybe worse" (z -3.0: no drop reaches 1 / (0.2 * sqrt 2)), the same factor up "better".
        List<String> words = (List<String>) browser.executeAsync("""
                import('/js/timeline/commit-panel.js').then((panel) => browserDone([
                  panel.verdict({ difference: 442749 - 3128850, previousScore: 3128850, error: null,
                    previousError: null }, 'higher', 0.2).text,
                  panel.verdict({ difference: 3128850 - 442749, previousScore: 442749, error: null,
                    previousError: null }, 'higher', 0.2).text,
                  panel.verdict({ difference: 0.5, previousScore: 100, error: null, previousError: null },
                    'lower', 0.02).text,
                  panel.verdict({ difference: 64, previousScore: 0, error: null, previousError: null },
                    'lower', 0.5, true).text]));""");

        assertThat(words).containsExactly("worse", "better", "within noise", "worse");
    }
}
