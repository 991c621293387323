package io.memstore.systems;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Free TCP ports on the loopback address, picked by the kernel: sockets are bound to port 0 on 127.0.0.1, all
 * of them at once (so no two picks are equal), then closed. Another program may take a port between the pick
 * and its use; {@link EtcdCluster} starts again on new ports when a member cannot bind.
 */
final class LoopbackPorts {
    private LoopbackPorts() {
    }

    static List<Integer> pick(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(s);
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pick " + count + " free loopback ports: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing a listening socket that accepted nothing
                }
            }
        }
    }
}
