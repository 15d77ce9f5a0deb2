package dev.perfwatch.e2e.web;

import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Alerts page on a phone (a newcomer's trial, at 412 px): each alert row is a card, and its case link was split
 * inside a word ("valueUpdate.ROCK / S", here "StringSerializationB / enchmark.writeReu / singBuffer") because the
 * card layout let a row's name wrap anywhere and squeezed it beside its label and the case under it. The name now
 * breaks after its dots and slashes, nothing is wider than the screen. The seeded alert group of {@link PageSeeds}.
 */
class AlertsPhoneTest extends InWebSession {

    @BeforeAll
    static void seed() throws Exception {
        new PageSeeds(server).alerts(WebSession.current().databaseUrl());
    }

    @AfterAll
    static void desktop() {
        browser.desktop();
        browser.size(1280, 960);
    }

    @Test
    @SuppressWarnings("unchecked")
    void alertsWhenOnAPhoneBreakTheCaseLinkAfterItsDotsNotInsideAWord() {
        for (int width : new int[] { 412, 360 }) {
            browser.phone(width, 900);
            browser.open(server.url() + "/#/alerts?project=web&status=all");
            browser.await("window.perfwatch?.alerts?.state === 'ready' && document.querySelector('table.data th a')");

            // Each link's text as the lines it is drawn on: a line ends where the next character's box is lower.
            List<List<String>> links = (List<List<String>>) browser.script("""
                    return [...document.querySelectorAll('table.data tbody th a')].map((link) => {
                      const chars = [];
                      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
                      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                        for (let i = 0; i < node.length; i++) {
                          const range = document.createRange();
                          range.setStart(node, i);
                          range.setEnd(node, i + 1);
                          chars.push({ c: node.data[i], top: range.getBoundingClientRect().top });
                        }
                      }
                      const lines = [''];
                      chars.forEach((ch, i) => {
                        if (i > 0 && ch.top > chars[i - 1].top + 2) {
                          lines.push('');
                        }
                        lines[lines.length - 1] += ch.c;
                      });
                      return lines;
                    });""");
            assertThat(links).as("the alert rows' case links at %d px", width).isNotEmpty()
                .allSatisfy(lines -> assertThat(String.join("", lines))
                    .isEqualTo("StringSerializationBenchmark.writeReusingBuffer"))
                .allSatisfy(lines -> assertThat(lines.subList(0, lines.size() - 1))
                    .as("lines of %s at %d px end after a dot", lines, width).allMatch(line -> line.endsWith(".")));
            var sideways = browser.sideways("table.data th, table.data td, .card");
            assertThat(sideways.scrollWidth()).as("no sideways scrolling at %d px: %s", width, sideways.wider())
                .isLessThanOrEqualTo(sideways.width());
        }
        assertThat(browser.errors()).isEmpty();
    }
}
