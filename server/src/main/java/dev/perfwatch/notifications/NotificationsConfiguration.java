package dev.perfwatch.notifications;

import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Turns on the outbox's poll timer. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class NotificationsConfiguration {
}
