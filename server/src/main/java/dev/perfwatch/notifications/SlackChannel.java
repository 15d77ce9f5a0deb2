package dev.perfwatch.notifications;

import java.util.Map;

import org.springframework.stereotype.Component;

/** Posts to the project's Slack-compatible incoming webhook. */
@Component
class SlackChannel implements Channel {

    private final WebhookClient client;

    SlackChannel(WebhookClient client) {
        this.client = client;
    }

    @Override
    public String name() {
        return "slack";
    }

    @Override
    public boolean routes(GroupMessage message, NotificationsProperties.Route route) {
        return route.slackWebhookUrl() != null && !route.slackWebhookUrl().isBlank();
    }

    @Override
    public void deliver(GroupMessage message, NotificationsProperties.Route route) {
        client.postJson(route.slackWebhookUrl(), SlackMessage.render(message), Map.of());
    }
}
