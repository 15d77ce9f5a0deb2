package dev.perfwatch.system;

import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.stereotype.Component;

/**
 * Tomcat copies every response through a per-connection socket write buffer of 8 KB and writes it to the socket when
 * full: a 2.7 MB read of 10,000 points was some 330 write calls, each a chance for the request thread to be
 * descheduled on a loaded machine. 64 KB (loopback's segment size) makes it about 40, for 56 KB more heap per open
 * connection. Measured against the default on a second connector in one run (ReadBenchmark, docs/performance.md
 * "Over HTTP").
 */
@Component
class SocketWriteBuffer implements TomcatConnectorCustomizer {

    static final int BYTES = 64 * 1024;

    @Override
    public void customize(org.apache.catalina.connector.Connector connector) {
        connector.setProperty("socket.appWriteBufSize", Integer.toString(BYTES));
    }
}
