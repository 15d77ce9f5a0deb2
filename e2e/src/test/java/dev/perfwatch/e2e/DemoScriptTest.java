package dev.perfwatch.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The README's first command, {@code ./scripts/demo.sh}, with the jars built before and no runner: its server keeps
 * running with the admin token the README prints, and a write token may queue a job whose build command a runner
 * runs. It listened on every interface, so anyone who could reach the machine's port 8080 while a newcomer tried the
 * demo on a cloud VM had the admin token of a server whose runner ran their commands. It listens on loopback only.
 */
class DemoScriptTest {

    private static final Path REPOSITORY = Path.of(System.getProperty("user.dir")).getParent();

    @TempDir
    Path data;

    @Test
    void demoWhenRunningAnswersOnLoopbackOnly() throws Exception {
        Optional<InetAddress> external = externalAddress();
        assumeTrue(external.isPresent(), "the machine has no non-loopback IPv4 address to try");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder("bash", "scripts/demo.sh").directory(REPOSITORY.toFile())
            .redirectErrorStream(true);
        builder.environment().put("PERFWATCH_SKIP_BUILD", "1");
        builder.environment().put("PERFWATCH_DEMO", "0");
        builder.environment().put("SERVER_PORT", String.valueOf(port));
        builder.environment().put("PERFWATCH_DATA_DIR", data.toString());
        builder.environment().remove("SERVER_ADDRESS");
        Process demo = builder.start();
        try {
            BufferedReader output = new BufferedReader(
                    new InputStreamReader(demo.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder printed = new StringBuilder();
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                printed.append(line).append('\n');
                if (line.startsWith("perfwatch is running at")) {
                    break;
                }
            }
            assertThat(printed).as("the demo started its server").contains("perfwatch is running at");

            try (Socket local = new Socket()) {
                local.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            }
            assertThatThrownBy(() -> {
                try (Socket remote = new Socket()) {
                    remote.connect(new InetSocketAddress(external.get(), port), 5_000);
                }
            }).as("the demo's server from %s", external.get()).isInstanceOf(IOException.class);
        }
        finally {
            // The script's trap stops the server it started.
            demo.destroy();
            if (!demo.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                demo.descendants().forEach(ProcessHandle::destroyForcibly);
                demo.destroyForcibly();
            }
        }
    }

    private static Optional<InetAddress> externalAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
            .filter(network -> {
                try {
                    return network.isUp() && !network.isLoopback();
                }
                catch (SocketException ex) {
                    return false;
                }
            })
            .flatMap(NetworkInterface::inetAddresses)
            .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
            .findFirst();
    }
}
