package dev.perfwatch.suites.serialization.strings;

import java.util.Random;

/** Which chars a benchmark string holds: one byte per char on the wire, or two and three. */
public enum Alphabet {

    /** Latin letters and digits: one byte each on the wire. */
    ASCII("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),

    /** Cyrillic (two bytes each) mixed with CJK ideographs (three bytes each), as in Flink's russian/chinese cases. */
    NON_ASCII("абвгдежзийклмнопрстуфхцчшщэюяАБВГДЕЖЗИЙКЛМНОП一二三四五六七八九十百千万年月日时分秒数据序列化");

    private final String chars;

    Alphabet(String chars) {
        this.chars = chars;
    }

    /** A string of {@code length} chars drawn from this alphabet; the same seed gives the same string. */
    public String randomString(int length, long seed) {
        Random random = new Random(seed);
        StringBuilder builder = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            builder.append(chars.charAt(random.nextInt(chars.length())));
        }
        return builder.toString();
    }
}
