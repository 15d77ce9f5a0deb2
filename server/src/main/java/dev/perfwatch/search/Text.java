package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;

/**
 * What the ranking reads of a benchmark or a case: its words in reading order (class, method, then each parameter's
 * name and value, then the mode), what each word is, and the whole name in lower case for matches inside words.
 */
record Text(String[] words, byte[] kinds, int methodStart, String whole) {

    static final byte CLASS = 0;

    static final byte METHOD = 1;

    static final byte NAME = 2;

    static final byte VALUE = 3;

    static final byte MODE = 4;

    /** A benchmark's full JMH name: the package is left out (every benchmark of a project shares it). */
    static Text of(String benchmark, List<String> params, String mode) {
        List<String> words = new ArrayList<>();
        List<Byte> kinds = new ArrayList<>();
        int method = benchmark.lastIndexOf('.');
        int type = benchmark.lastIndexOf('.', method - 1);
        add(words, kinds, Words.of(benchmark.substring(type + 1, Math.max(method, 0))), CLASS);
        int methodStart = words.size();
        add(words, kinds, Words.of(benchmark.substring(method + 1)), METHOD);
        StringBuilder whole = new StringBuilder(benchmark.substring(type + 1));
        for (String pair : params) {
            int equals = pair.indexOf('=');
            add(words, kinds, Words.of(pair.substring(0, Math.max(equals, 0))), NAME);
            add(words, kinds, Words.of(pair.substring(equals + 1)), VALUE);
            whole.append(' ').append(pair);
        }
        if (mode != null) {
            add(words, kinds, List.of(mode), MODE);
            whole.append(' ').append(mode);
        }
        byte[] kindArray = new byte[kinds.size()];
        for (int i = 0; i < kindArray.length; i++) {
            kindArray[i] = kinds.get(i);
        }
        return new Text(words.toArray(String[]::new), kindArray, methodStart,
                whole.toString().toLowerCase(java.util.Locale.ROOT));
    }

    private static void add(List<String> words, List<Byte> kinds, List<String> more, byte kind) {
        for (String word : more) {
            words.add(word);
            kinds.add(kind);
        }
    }
}
