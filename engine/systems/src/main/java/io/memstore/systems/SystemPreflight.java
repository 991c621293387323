package io.memstore.systems;

/**
 * What a run asks before its first row: can this system run on this machine? An etcd row needs an etcd program
 * ({@link EtcdBinary}); the embedded systems (H2, RocksDB) come with their jars and need nothing more here. The
 * check goal passes {@link #problem} to the measuring code, which knows no system module.
 */
public final class SystemPreflight {
    private SystemPreflight() {
    }

    /**
     * @param system a system's spec name, like {@code etcd}
     * @return null when it can run here, else why not and how to make it
     */
    public static String problem(String system) {
        if (system.equals("etcd") || system.equals("etcd-cluster")) {
            try {
                EtcdBinary.locate();
            } catch (SystemUnavailableException e) {
                return e.getMessage();
            }
        }
        return null;
    }
}
