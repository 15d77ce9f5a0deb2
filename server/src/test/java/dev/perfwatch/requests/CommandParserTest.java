package dev.perfwatch.requests;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfwatch.jobs.Profile;

import static org.assertj.core.api.Assertions.assertThat;

class CommandParserTest {

    @Test
    void parseWhenEveryOptionIsGivenReadsThemAll() {
        Optional<Command> command = CommandParser.parse("perfwatch", """
                Thanks, this looks promising.

                @perfwatch benchmark-request benchmarks=StringSerializer\\.write.* hosts=4-core,8-core jdk=17,25 profile=full forks=5 max-forks=8
                """, 10);

        assertThat(command).contains(new Command.Benchmark("StringSerializer\\.write.*", List.of("4-core", "8-core"),
                List.of("17", "25"), Profile.FULL, 5, 8));
    }

    @Test
    void parseWhenNoOptionIsGivenLeavesTheDefaults() {
        assertThat(CommandParser.parse("perfwatch", "@perfwatch benchmark-request", 10))
            .contains(new Command.Benchmark(null, null, null, null, null));
        assertThat(CommandParser.parse("perfwatch", "@PerfWatch   Benchmark-Request  ", 10))
            .contains(new Command.Benchmark(null, null, null, null, null));
    }

    @Test
    void parseWhenTheBotIsNotAddressedOnALineOfItsOwnFindsNothing() {
        assertThat(CommandParser.parse("perfwatch", "Could someone ask @perfwatch benchmark-request for me?", 10))
            .isEmpty();
        assertThat(CommandParser.parse("perfwatch", "> @perfwatch benchmark-request\nQuoted.", 10)).isEmpty();
        assertThat(CommandParser.parse("perfwatch", "```\n@perfwatch benchmark-request\n```", 10)).isEmpty();
        assertThat(CommandParser.parse("perfwatch", "@perfwatchers benchmark-request", 10)).isEmpty();
        assertThat(CommandParser.parse("perfwatch", "`@perfwatch benchmark-request` starts a run", 10)).isEmpty();
    }

    @Test
    void parseWhenTheBotHasAnotherNameAnswersToThatName() {
        assertThat(CommandParser.parse("bench-bot", "@bench-bot cancel", 10)).contains(new Command.Cancel());
        assertThat(CommandParser.parse("bench-bot", "@perfwatch cancel", 10)).isEmpty();
    }

    @Test
    void parseWhenHelpOrCancelIsAskedReadsThem() {
        assertThat(CommandParser.parse("perfwatch", "@perfwatch help", 10)).contains(new Command.Help());
        assertThat(CommandParser.parse("perfwatch", "@perfwatch cancel", 10)).contains(new Command.Cancel());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            @perfwatch                                          | no command given
            @perfwatch benchmark                                | `benchmark` is not a command
            @perfwatch cancel now                               | cancel takes no options, found `now`
            @perfwatch benchmark-request fast                   | `fast` is not an option: options are name=value
            @perfwatch benchmark-request forks=                 | `forks=` is not an option: options are name=value
            @perfwatch benchmark-request forks=1                | forks=`1` must be a number from 2 to 10
            @perfwatch benchmark-request forks=11               | forks=`11` must be a number from 2 to 10
            @perfwatch benchmark-request forks=three            | forks=`three` must be a number from 2 to 10
            @perfwatch benchmark-request profile=slow           | profile=`slow` must be quick or full
            @perfwatch benchmark-request benchmarks=(open       | benchmarks=`(open` is not a regular expression
            @perfwatch benchmark-request hosts=4-core,,8-core   | hosts=`4-core,,8-core` must be host class names, like 4-core,8-core
            @perfwatch benchmark-request jdk=17;rm              | jdk=`17;rm` must be JVM names, like 17,25
            @perfwatch benchmark-request iterations=5           | `iterations` is not an option
            @perfwatch benchmark-request forks=2 forks=3        | `forks` is given twice
            @perfwatch benchmark-request max-forks=11           | max-forks=`11` must be a number from 2 to 10
            @perfwatch benchmark-request forks=5 max-forks=3    | max-forks=3 is less than forks=5: the first round runs forks, later rounds add to it up to max-forks
            """)
    void parseWhenTheCommandIsMalformedSaysWhy(String comment, String reason) {
        assertThat(CommandParser.parse("perfwatch", comment, 10)).contains(new Command.Malformed(reason));
    }
}
