package dev.perfwatch.runner;

/** Entry point of the runner agent: dispatches the sub-commands (run, upload, import). */
public final class RunnerMain {

    private RunnerMain() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("help")) {
            System.out.println("usage: perfwatch-runner <run|upload|import> [options]");
            return;
        }
        System.err.println("unknown command: " + args[0]);
        System.exit(2);
    }
}
