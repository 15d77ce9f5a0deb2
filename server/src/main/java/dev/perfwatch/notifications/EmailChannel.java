package dev.perfwatch.notifications;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;

import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.stereotype.Component;

/**
 * Sends a plain-text e-mail through the configured SMTP server. The Message-ID is derived from the group, so that a
 * mail that is sent again after a crash between the server's answer and the outbox's commit is recognisably the same.
 */
@Component
class EmailChannel implements Channel {

    private final NotificationsProperties properties;

    EmailChannel(NotificationsProperties properties) {
        this.properties = properties;
    }

    @Override
    public String name() {
        return "email";
    }

    @Override
    public boolean routes(GroupMessage message, NotificationsProperties.Route route) {
        return properties.smtp().configured() && !route.email().isEmpty();
    }

    @Override
    public void deliver(GroupMessage message, NotificationsProperties.Route route) {
        JavaMailSenderImpl sender = sender();
        try {
            MimeMessage mail = new MimeMessage(sender.getSession()) {
                @Override
                protected void updateMessageID() throws MessagingException {
                    setHeader("Message-ID", messageId(message));
                }
            };
            if (message.followsUp()) {
                // Threaded under the group's announcement in mail clients; its own id, so it is not merged away.
                mail.setHeader("In-Reply-To", announcementId(message));
                mail.setHeader("References", announcementId(message));
            }
            mail.setFrom(new InternetAddress(properties.smtp().from()));
            for (String address : route.email()) {
                mail.addRecipient(jakarta.mail.Message.RecipientType.TO, new InternetAddress(address));
            }
            mail.setSubject(EmailText.subject(message), StandardCharsets.UTF_8.name());
            mail.setText(EmailText.body(message), StandardCharsets.UTF_8.name());
            sender.send(mail);
        }
        catch (MessagingException | MailException ex) {
            throw new DeliveryException(ex.toString(), ex);
        }
    }

    private String messageId(GroupMessage message) {
        if (!message.followsUp()) {
            return announcementId(message);
        }
        return "<alert-group-" + message.group() + ".grown-" + message.followUp() + "@" + host() + ">";
    }

    private String announcementId(GroupMessage message) {
        return "<alert-group-" + message.group() + ".raised@" + host() + ">";
    }

    private String host() {
        String host = URI.create(properties.publicUrl()).getHost();
        return host == null ? "perfwatch" : host;
    }

    private JavaMailSenderImpl sender() {
        NotificationsProperties.Smtp smtp = properties.smtp();
        JavaMailSenderImpl sender = new JavaMailSenderImpl();
        sender.setHost(smtp.host());
        sender.setPort(smtp.port());
        if (smtp.username() != null && !smtp.username().isBlank()) {
            sender.setUsername(smtp.username());
            sender.setPassword(smtp.password());
        }
        sender.setDefaultEncoding(StandardCharsets.UTF_8.name());
        Properties mail = new Properties();
        String timeout = Long.toString(properties.timeout().toMillis());
        mail.setProperty("mail.smtp.connectiontimeout", timeout);
        mail.setProperty("mail.smtp.timeout", timeout);
        mail.setProperty("mail.smtp.writetimeout", timeout);
        mail.setProperty("mail.smtp.auth", Boolean.toString(smtp.username() != null && !smtp.username().isBlank()));
        mail.setProperty("mail.smtp.starttls.enable", Boolean.toString(smtp.starttls()));
        mail.setProperty("mail.smtp.starttls.required", Boolean.toString(smtp.starttls()));
        sender.setJavaMailProperties(mail);
        return sender;
    }
}
