package dev.perfwatch.notifications;

/** One way of announcing an alert group. Implementations are Spring beans; the outbox finds them by name. */
interface Channel {

    /** The name stored in the outbox's {@code channel} column. */
    String name();

    /** Whether the project's route and the configuration let this channel announce the message. */
    boolean routes(GroupMessage message, NotificationsProperties.Route route);

    /** Sends the message, or throws {@link DeliveryException} so that the outbox tries again later. */
    void deliver(GroupMessage message, NotificationsProperties.Route route);
}
