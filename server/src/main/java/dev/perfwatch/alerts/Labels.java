package dev.perfwatch.alerts;

/**
 * Names a case the way people say it: the benchmark's class and method without the package, then its parameters,
 * for example "StringSerializationBenchmark.serializeString (length=16, type=ascii)".
 */
final class Labels {

    private Labels() {
    }

    static String of(String benchmark, String params) {
        int method = benchmark.lastIndexOf('.');
        int type = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        String name = type < 0 ? benchmark : benchmark.substring(type + 1);
        return params == null || params.isEmpty() ? name : name + " (" + params + ")";
    }
}
