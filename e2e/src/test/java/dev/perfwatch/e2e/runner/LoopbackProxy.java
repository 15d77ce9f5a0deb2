package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A TCP forwarder on loopback: the runner keeps one server address while the server behind it stops and comes back
 * on another port. While no server is behind it, connections are accepted and closed at once, as a dead server's
 * load balancer would.
 */
final class LoopbackProxy implements AutoCloseable {

    private final ServerSocket listener;

    private volatile int target;

    LoopbackProxy(int target) {
        this.target = target;
        try {
            this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        Thread acceptor = new Thread(this::accept, "proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    void target(int port) {
        this.target = port;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Thread connection = new Thread(() -> forward(client), "proxy-connection");
                connection.setDaemon(true);
                connection.start();
            }
            catch (IOException ex) {
                // closed
            }
        }
    }

    private void forward(Socket client) {
        try (client; Socket upstream = new Socket()) {
            upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 2_000);
            Thread back = new Thread(() -> pipe(upstream, client), "proxy-back");
            back.setDaemon(true);
            back.start();
            pipe(client, upstream);
            back.join();
        }
        catch (IOException ex) {
            // no server behind the proxy: the client sees its connection closed
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private static void pipe(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            in.transferTo(out);
            to.shutdownOutput();
        }
        catch (IOException ex) {
            // one side went away
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        }
        catch (IOException ex) {
            // closing
        }
    }
}
