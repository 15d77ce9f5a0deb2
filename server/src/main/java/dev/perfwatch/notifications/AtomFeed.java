package dev.perfwatch.notifications;

import java.io.StringWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.UUID;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * An Atom 1.0 feed (RFC 4287) of alert groups, newest first. Entry ids are name-based UUIDs of the public URL and
 * the group id: stable across restarts and instances, distinct between installations.
 */
final class AtomFeed {

    static final String NAMESPACE = "http://www.w3.org/2005/Atom";

    private AtomFeed() {
    }

    static String render(String project, List<FeedEntry> entries, String publicUrl) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("feed");
            xml.writeDefaultNamespace(NAMESPACE);
            String scope = project == null ? "all projects" : project;
            element(xml, 1, "title", "perfwatch alerts: " + scope);
            element(xml, 1, "id", id(publicUrl + "/api/v1/alerts/feed.atom?project=" + scope));
            Instant updated = entries.stream().map(FeedEntry::updated).max(Instant::compareTo)
                .orElse(Instant.EPOCH);
            element(xml, 1, "updated", time(updated));
            String self = publicUrl + "/api/v1/alerts/feed.atom"
                    + (project == null ? "" : "?project=" + URLEncoder.encode(project, StandardCharsets.UTF_8));
            link(xml, 1, "self", self, "application/atom+xml");
            indent(xml, 1);
            xml.writeStartElement("author");
            element(xml, 2, "name", "perfwatch");
            indent(xml, 1);
            xml.writeEndElement();
            for (FeedEntry entry : entries) {
                entry(xml, entry, publicUrl);
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        }
        catch (XMLStreamException ex) {
            throw new IllegalStateException("cannot write the Atom feed", ex);
        }
        return out.toString();
    }

    private static void entry(XMLStreamWriter xml, FeedEntry entry, String publicUrl) throws XMLStreamException {
        GroupMessage message = entry.message();
        indent(xml, 1);
        xml.writeStartElement("entry");
        element(xml, 2, "title", (entry.closed() ? "Closed (" + entry.closing() + "): " : "") + message.title());
        element(xml, 2, "id", id(publicUrl + "/alert-groups/" + message.group()));
        element(xml, 2, "updated", time(entry.updated()));
        if (!message.lines().isEmpty()) {
            link(xml, 2, "alternate", message.lines().get(0).timeline(), "text/html");
        }
        link(xml, 2, "related", publicUrl + "/api/v1/alert-groups/" + message.group(), "application/json");
        indent(xml, 2);
        xml.writeEmptyElement("category");
        xml.writeAttribute("term", message.kind());
        if (entry.closed()) {
            indent(xml, 2);
            xml.writeEmptyElement("category");
            xml.writeAttribute("term", "closed");
        }
        element(xml, 2, "summary", entry.summary());
        indent(xml, 2);
        xml.writeStartElement("content");
        xml.writeAttribute("type", "text");
        if (entry.closed()) {
            xml.writeCharacters("Closed " + time(entry.updated()) + ": every alert of this group is "
                    + entry.closing() + ".\n\n");
        }
        xml.writeCharacters(EmailText.body(message));
        xml.writeEndElement();
        indent(xml, 1);
        xml.writeEndElement();
    }

    private static void element(XMLStreamWriter xml, int depth, String name, String text) throws XMLStreamException {
        indent(xml, depth);
        xml.writeStartElement(name);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    private static void link(XMLStreamWriter xml, int depth, String rel, String href, String type)
            throws XMLStreamException {
        indent(xml, depth);
        xml.writeEmptyElement("link");
        xml.writeAttribute("rel", rel);
        xml.writeAttribute("type", type);
        xml.writeAttribute("href", href);
    }

    private static void indent(XMLStreamWriter xml, int depth) throws XMLStreamException {
        xml.writeCharacters("\n" + "  ".repeat(depth));
    }

    private static String id(String name) {
        return "urn:uuid:" + UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    private static String time(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
