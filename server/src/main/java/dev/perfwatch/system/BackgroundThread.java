package dev.perfwatch.system;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A named daemon thread working off a queue: background work that must never keep the JVM from stopping. */
public final class BackgroundThread {

    private BackgroundThread() {
    }

    /** One daemon thread called {@code name}, taking tasks in order. */
    public static ExecutorService single(String name) {
        return Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }
}
