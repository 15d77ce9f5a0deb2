package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A realistic JMH project for measuring the search: benchmark classes and methods named as in Flink's, Netty's,
 * OpenTelemetry's, Jackson's and protobuf's suites (shared prefixes such as String…, Serializ…, State…, many methods
 * per class), each class with the {@code @Param} grid of its {@code @State} so that every method of it is a family of
 * cases differing only in parameter values (the 60-case cardinality × aggregationType family among them). The 66
 * classes give 3,926 cases; beyond them the classes come again as variants in a {@code microbench} package
 * ({@code LeakyByteBufAllocatorBenchmark}, {@code AdaptiveByteBufAllocatorBenchmark}: the same method names under
 * class names sharing their ends), which is what makes 10,000 cases hard to tell apart.
 */
final class JmhCorpus {

    private static final Map<String, List<String>> PARAMS = new LinkedHashMap<>();

    static {
        param("cardinality", "1 10 100 1000");
        param("aggregationType", "SUM LAST_VALUE EXPLICIT_BUCKET_HISTOGRAM BASE2_EXPONENTIAL_BUCKET_HISTOGRAM DROP");
        param("aggregationTemporality", "DELTA CUMULATIVE");
        param("instrumentType", "COUNTER UP_DOWN_COUNTER HISTOGRAM GAUGE");
        param("memoryMode", "IMMUTABLE_DATA REUSABLE_DATA");
        param("size", "00000 00256 01024 04096 16384 65536");
        param("lengthStr", "1 16 128 1024");
        param("type", "ascii russian chinese");
        param("alphabet", "ASCII NON_ASCII");
        param("stringLength", "1 16 128 1024");
        param("backendType", "HEAP ROCKSDB HEAP_CHANGELOG ROCKSDB_CHANGELOG");
        param("messageSize", "SMALL LARGE");
        param("bufferSize", "256 4096 65536");
        param("pooled", "true false");
        param("direct", "true false");
        param("recordType", "RECORD CLASS");
        param("keyCount", "16 1024 65536");
        param("compression", "NONE LZ4 ZSTD SNAPPY GZIP");
        param("parallelism", "1 4 16");
        param("batchSize", "1 64 1024");
        param("payload", "EMPTY SMALL MEDIUM LARGE");
        param("format", "JSON SMILE CBOR");
        param("charset", "UTF8 UTF16 LATIN1");
        param("depth", "1 4 16");
        param("spanCount", "1 10 100");
        param("exporter", "OTLP_GRPC OTLP_HTTP ZIPKIN");
        param("headerCount", "4 16 64");
        param("chunkSize", "512 8192");
        param("mapSize", "10 1000 100000");
        param("valueSize", "8 64 1024");
        param("attributeCount", "1 4 16");
        param("sampled", "true false");
        param("dimensions", "64 256 1024");
        param("topicCount", "10 100 1000");
    }

    /** package.Class | methods | params of its @State. */
    private static final String[] CLASSES = {
        "org.apache.flink.benchmark.SerializationFrameworkMiniBenchmarks | serializerPojo serializerHeavyString serializerTuple serializerKryo serializerAvro serializerRow serializerAvroReflect serializerAvroGeneric serializerKryoThrift serializerKryoProtobuf serializerPojoWithoutRegistration serializerKryoWithoutRegistration |",
        "org.apache.flink.benchmark.StringSerializationBenchmark | stringRead stringWrite | lengthStr type",
        "org.apache.flink.benchmark.StringSerializerBenchmark | serializeString deserializeString copyString | alphabet stringLength",
        "org.apache.flink.benchmark.StateBackendBenchmarks | valueUpdate valueAdd valueGet listUpdate listAdd listGet listAddAll mapUpdate mapAdd mapGet mapContainsKey mapKeys mapValues mapEntries mapIterator mapRemove mapPutAll | backendType keyCount valueSize",
        "org.apache.flink.benchmark.StateBenchmark | keyedStateAccess operatorStateAccess broadcastStateAccess | backendType keyCount parallelism",
        "org.apache.flink.benchmark.WindowBenchmarks | globalWindow tumblingWindow slidingWindow sessionWindow | parallelism backendType",
        "org.apache.flink.benchmark.KeyByBenchmarks | tupleKeyBy arrayKeyBy pojoKeyBy | parallelism batchSize",
        "org.apache.flink.benchmark.NetworkThroughputBenchmark | networkThroughput networkLatency | parallelism compression chunkSize",
        "org.apache.flink.benchmark.CheckpointingTimeBenchmark | checkpointSingleInput checkpointMultiInput | backendType parallelism batchSize",
        "org.apache.flink.benchmark.SortingBoundedInputBenchmarks | sortedOneInput sortedTwoInput sortedMultiInput | batchSize",
        "io.opentelemetry.sdk.metrics.MetricsBenchmark | recordMeasurement recordMeasurementWithAttributes collectAll | cardinality aggregationType attributeCount",
        "io.opentelemetry.sdk.metrics.SynchronousMetricStorageBenchmark | recordAndCollect record | cardinality aggregationTemporality instrumentType memoryMode",
        "io.opentelemetry.sdk.metrics.HistogramBenchmark | aggregate_1Threads aggregate_5Threads aggregate_10Threads | aggregationType aggregationTemporality cardinality",
        "io.opentelemetry.sdk.metrics.ExemplarBenchmark | exemplarsOff exemplarsOn exemplarsTraceBased | instrumentType aggregationTemporality sampled",
        "io.opentelemetry.sdk.trace.SpanBenchmark | simpleSpanStartAddEventEnd spanWithAttributes spanWithLinks | spanCount attributeCount sampled",
        "io.opentelemetry.sdk.trace.export.BatchSpanProcessorBenchmark | export exportBatch | spanCount exporter batchSize",
        "io.opentelemetry.exporter.internal.otlp.RequestMarshalBenchmarks | marshalSpans marshalMetrics marshalLogs marshalSpansToString | payload attributeCount",
        "io.opentelemetry.api.baggage.BaggageBenchmark | baggageItemBenchmark baggageGetAll baggageToBuilder | mapSize",
        "io.netty.buffer.ByteBufAllocatorBenchmark | unpooledHeapAllocAndFree unpooledDirectAllocAndFree pooledHeapAllocAndFree pooledDirectAllocAndFree defaultPooledHeapAllocAndFree defaultPooledDirectAllocAndFree | size parallelism",
        "io.netty.buffer.ByteBufUtilBenchmark | writeAsciiStringViaArray writeAsciiStringViaArrayWrapped writeAsciiString writeAsciiStringWrapped writeUtf8String writeUtf8StringViaArray writeUtf8StringWrapped encodeStringAscii encodeStringUtf8 | charset size",
        "io.netty.buffer.CompositeByteBufBenchmark | addComponent readAll writeAll | pooled direct chunkSize size",
        "io.netty.handler.codec.http.HttpRequestDecoderBenchmark | testDecodeWholeRequestInMultipleStepsMixedDelimiters testDecodeWholeRequestInMultipleStepsCRLFDelimiters | chunkSize headerCount pooled",
        "io.netty.handler.codec.http.HttpRequestEncoderInsertBenchmark | oldEncoder newEncoder | headerCount",
        "io.netty.handler.codec.http2.Http2FrameWriterDataBenchmark | newWriter oldWriter | payload pooled direct",
        "io.netty.handler.codec.http2.HpackEncoderBenchmark | encode encodeSensitive | headerCount direct sampled",
        "io.netty.handler.codec.http2.HpackDecoderBenchmark | decode decodeSensitive | headerCount",
        "io.netty.util.AsciiStringBenchmark | hashCodeBenchmarkAsciiString hashCodeBenchmarkString equalsIgnoreCase contentEquals | size charset",
        "io.netty.util.concurrent.FastThreadLocalBenchmark | fastThreadLocal normalThreadLocal | parallelism",
        "com.fasterxml.jackson.perf.JsonReadBenchmark | readPojo readTree readMap readPojoAfterburner | format depth payload",
        "com.fasterxml.jackson.perf.JsonWriteBenchmark | writePojo writeTree writeMap writePojoAfterburner | format depth payload",
        "com.fasterxml.jackson.perf.JsonStringEscapeBenchmark | escapeAscii escapeNonAscii | stringLength alphabet charset",
        "com.fasterxml.jackson.perf.ParserNumberBenchmark | parseInt parseLong parseDouble parseBigDecimal | format batchSize",
        "com.google.protobuf.CodedOutputStreamBenchmark | writeToByteArray writeToOutputStream writeToByteBuffer | bufferSize messageSize direct",
        "com.google.protobuf.CodedInputStreamBenchmark | parseFromByteArray parseFromInputStream parseFromByteBuffer | bufferSize messageSize direct",
        "com.google.protobuf.ProtoSerializationBenchmark | serializeSmallMessage serializeLargeMessage deserializeSmallMessage deserializeLargeMessage | direct payload",
        "dev.perfwatch.suites.records.RecordSerializationBenchmark | writeObject readObject roundTrip | recordType depth payload",
        "dev.perfwatch.suites.records.RecordReflectionBenchmark | canonicalConstructor accessorCall componentLookup | recordType",
        "org.apache.kafka.jmh.record.RecordBatchIterationBenchmark | measureIteratorForBatchWithSingleMessage measureValidation measureSkipIteratorForVariableBatchSize | compression batchSize valueSize",
        "org.apache.kafka.jmh.producer.ProducerRecordBenchmark | constructorBenchmark serializeKeyValue | payload",
        "org.apache.kafka.jmh.common.ImplicitLinkedHashCollectionBenchmark | testCollectionSort testCollectionFind | mapSize",
        "org.apache.kafka.jmh.util.ByteUtilsBenchmark | testUnsignedReadVarint testUnsignedWriteVarint testUnsignedReadVarlong testUnsignedWriteVarlong | valueSize batchSize",
        "org.apache.kafka.jmh.metadata.MetadataRequestBenchmark | testMetadataRequestForAllTopics testRequestToJson | topicCount keyCount",
        "org.apache.kafka.jmh.log.StressTestLog | measureAppend measureRead | compression valueSize batchSize",
        "org.apache.lucene.benchmark.jmh.VectorUtilBenchmark | binaryCosineScalar binaryCosineVector binaryDotProductScalar binaryDotProductVector floatCosineScalar floatCosineVector floatDotProductScalar floatDotProductVector floatSquareScalar floatSquareVector | dimensions",
        "org.apache.lucene.benchmark.jmh.PostingIndexInputBenchmark | decode decodeAndPrefixSum | batchSize valueSize",
        "org.apache.lucene.benchmark.jmh.HammingDistanceBenchmark | xorBitCount xorBitCountVector | dimensions",
        "org.openjdk.bench.java.lang.StringConcat | concatConstInt concatConstString concatMethodConstString concat4String concat13String concatMix4String | stringLength charset",
        "org.openjdk.bench.java.lang.StringBuilders | appendLoop8 appendLoop16 toStringCharWithChar1 toStringCharWithChar8 appendWithNull8Latin1 appendWithNull8Utf16 | charset stringLength",
        "org.openjdk.bench.java.util.HashMapBench | put putAll get iterate | mapSize valueSize",
        "org.openjdk.bench.java.util.ArraysSort | sortInt sortLong sortFloat sortDouble parallelSortInt parallelSortLong | mapSize parallelism",
        "org.openjdk.bench.java.util.stream.ops.ref.MapBenchmark | seq_invert par_invert seq_lambda par_lambda | mapSize",
        "org.openjdk.bench.java.io.ObjectStreamBenchmark | writeRecord writeClass readRecord readClass | recordType depth payload",
        "org.openjdk.bench.java.util.zip.InflaterDeflater | inflate deflate inflateFromArray | chunkSize compression",
        "org.openjdk.bench.java.lang.invoke.MethodHandlesBenchmark | invokeExact invokeGeneric bindTo | parallelism",
        "io.grpc.benchmarks.TransportBenchmark | unaryCall streamingCallsMessageThroughput | payload direct parallelism",
        "io.grpc.benchmarks.netty.FlowControlledMessagesPerSecondBenchmark | stream unary | parallelism payload direct",
        "io.micrometer.benchmark.core.TimerBenchmark | sumTimer sumTimerWithTags histogramTimer | cardinality attributeCount",
        "io.micrometer.benchmark.core.CounterBenchmark | baseline increment incrementWithTags | cardinality aggregationTemporality attributeCount",
        "org.springframework.core.codec.StringDecoderBenchmark | parseSseLines parseJsonLines | chunkSize charset",
        "org.springframework.util.ConcurrentLruCacheBenchmark | lruCache | keyCount parallelism",
        "ch.qos.logback.perf.AppenderBenchmark | fileAppender asyncAppender rollingAppender | payload parallelism",
        "org.apache.avro.perf.test.basic.IntTest | encode decode | batchSize",
        "org.apache.avro.perf.test.record.RecordTest | encode decode | recordType batchSize",
        "org.apache.avro.perf.test.generic.GenericNestedTest | encode decode | depth batchSize",
        "com.esotericsoftware.kryo.benchmarks.FieldSerializerBenchmark | field compatible tagged version custom | recordType depth",
        "com.esotericsoftware.kryo.benchmarks.StringBenchmark | writeString readString writeAscii readAscii | stringLength alphabet charset",
    };

    /** Beyond the list, the classes again as variants of themselves (Netty's Leaky…, Adaptive… allocators). */
    private static final String[] VARIANTS = { "Leaky", "Adaptive", "Striped", "Pinned" };

    private JmhCorpus() {
    }

    private static void param(String name, String values) {
        PARAMS.put(name, List.of(values.split(" ")));
    }

    /** The first {@code wanted} cases of the project, ids from 1 on. */
    static List<Catalog.Stored> cases(int wanted) {
        List<Catalog.Stored> cases = new ArrayList<>();
        for (int round = 0; cases.size() < wanted; round++) {
            for (String line : CLASSES) {
                String[] parts = line.split("\\|", -1);
                String type = parts[0].trim();
                if (round > 0) {
                    int dot = type.lastIndexOf('.');
                    type = type.substring(0, dot) + ".microbench." + VARIANTS[(round - 1) % VARIANTS.length]
                            + type.substring(dot + 1);
                }
                List<List<String>> grid = grid(List.of(parts[2].trim().split(" ")));
                for (String method : parts[1].trim().split(" ")) {
                    for (List<String> pairs : grid) {
                        if (cases.size() == wanted) {
                            return cases;
                        }
                        String params = pairs.stream().map(pair -> pair.split("=", 2))
                            .map(pair -> "\"" + pair[0] + "\": \"" + pair[1] + "\"")
                            .collect(Collectors.joining(", ", "{", "}"));
                        cases.add(new Catalog.Stored("big", type + "." + method, cases.size() + 1L, "thrpt", 1,
                                params, pairs));
                    }
                }
            }
        }
        return cases;
    }

    /** Every combination of the parameters' values, as name=value sorted by name (as the catalog reads them). */
    private static List<List<String>> grid(List<String> names) {
        List<List<String>> grid = new ArrayList<>(List.of(List.of()));
        names.stream().filter(name -> !name.isEmpty()).sorted().forEach(name -> {
            List<List<String>> next = new ArrayList<>();
            for (List<String> partial : grid) {
                for (String value : PARAMS.get(name)) {
                    List<String> longer = new ArrayList<>(partial);
                    longer.add(name + "=" + value);
                    next.add(longer);
                }
            }
            grid.clear();
            grid.addAll(next);
        });
        return grid;
    }
}
