package dev.perfwatch.notifications;

import java.util.List;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.NotFoundException;

/** The Atom feed of alert groups: the channel that needs no configuration. */
@RestController
class FeedController {

    static final int ENTRIES = 50;

    private final OutboxStore store;

    private final NotificationsProperties properties;

    private final JsonMapper json;

    FeedController(OutboxStore store, NotificationsProperties properties, JsonMapper json) {
        this.store = store;
        this.properties = properties;
        this.json = json;
    }

    @GetMapping(path = "/api/v1/alerts/feed.atom")
    ResponseEntity<String> feed(@RequestParam(required = false) String project) {
        List<FeedEntry> entries = store.feed(project, ENTRIES).stream()
            .map(stored -> stored.entry(json.readValue(stored.message(), GroupMessage.class)))
            .toList();
        if (entries.isEmpty() && project != null && !store.projectExists(project)) {
            // as the alert and change-point lists answer: a feed reader subscribed to a typo learns it at once
            throw new NotFoundException("no project " + project);
        }
        return ResponseEntity.ok()
            .header("Content-Type", "application/atom+xml;charset=UTF-8")
            .body(AtomFeed.render(project, entries, properties.base()));
    }
}
