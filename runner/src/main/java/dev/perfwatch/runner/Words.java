package dev.perfwatch.runner;

import java.util.ArrayList;
import java.util.List;

/** Splits option text into arguments the way a shell would for plain words and double or single quotes. */
final class Words {

    private Words() {
    }

    static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : text.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                else {
                    word.append(c);
                }
            }
            else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            }
            else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            }
            else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
