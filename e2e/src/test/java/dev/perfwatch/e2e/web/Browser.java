package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through its own chromedriver. Both binaries are named explicitly, so Selenium
 * Manager never runs and nothing is downloaded; each browser gets a fresh profile directory.
 */
public final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("perfwatch.chromium", "/usr/bin/chromium"));

    static final Path CHROMEDRIVER = Path.of(System.getProperty("perfwatch.chromedriver", "/usr/bin/chromedriver"));

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final ChromeDriver driver;

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    public static Browser start(Path profile, int width, int height) {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver at "
                    + CHROMIUM + " and " + CHROMEDRIVER + " (apt-get install chromium chromium-driver)");
        }
        ChromeDriverService service = new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--force-device-scale-factor=1", "--lang=en-US");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        return new Browser(new ChromeDriver(service, options));
    }

    /** Resizes the window (the viewport in headless Chromium), e.g. to a phone's 360 px. */
    void size(int width, int height) {
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
    }

    /**
     * A phone's screen through the DevTools protocol's device emulation (headless Chromium's window cannot be made
     * narrower than ~485 px on every build): the viewport, a touch device's overlay scrollbars and its meta viewport.
     */
    void phone(int width, int height) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", java.util.Map.of("width", width, "height",
                height, "deviceScaleFactor", 1, "mobile", true));
    }

    /** Back to the window's own size after {@link #phone}. */
    void desktop() {
        driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", java.util.Map.of());
    }

    public void open(String url) {
        driver.get(url);
    }

    String url() {
        return driver.getCurrentUrl();
    }

    public Object script(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    /**
     * How wide the page is against the screen: {@code width} the screen without its scrollbar, {@code scrollWidth}
     * the page (wider means sideways scrolling), {@code wider} the first elements matching {@code elements} that
     * reach past the screen, for the failure's message.
     */
    public record Sideways(long width, long scrollWidth, String wider) {
    }

    public Sideways sideways(String elements) {
        Object wider = script("""
                return [...document.querySelectorAll(arguments[0])]
                  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
                  .map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.getBoundingClientRect().right)
                  .slice(0, 6).join('; ')""", elements);
        return new Sideways((Long) script("return document.documentElement.clientWidth"),
                (Long) script("return document.documentElement.scrollWidth"), String.valueOf(wider));
    }

    /**
     * The change-point labels a timeline chart ({@code alloc}, {@code primary}) draws, each with {@code left},
     * {@code right}, {@code top}, {@code bottom} and {@code text}, under {@code labels}; and its chart area's
     * {@code left} and {@code right} and the pixel of 0 on its y axis, {@code zero}.
     */
    @SuppressWarnings("unchecked")
    public java.util.Map<String, Object> changePointLabels(String chart) {
        return (java.util.Map<String, Object>) script("""
                const chart = window.perfwatch.timeline.charts[arguments[0]];
                chart.update('none');
                const labels = Chart.registry.getPlugin('annotation').getAnnotations(chart)
                  .filter((a) => a.options.id.startsWith('mark') && a.elements?.length)
                  .map((a) => a.elements[0]).filter((label) => label.options.display)
                  .map((label) => ({ left: label.x, right: label.x + label.width, top: label.y,
                    bottom: label.y + label.height, text: [].concat(label.options.content).join(' ') }));
                const area = chart.chartArea;
                return { labels, left: area.left, right: area.right, zero: chart.scales.y.getPixelForValue(0) };""",
                chart);
    }

    /** Runs an asynchronous script that reports its result by calling {@code browserDone(value)}. */
    Object executeAsync(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeAsyncScript(
                "const browserDone = arguments[arguments.length - 1];\n" + script, arguments);
    }

    /** Waits until a JavaScript expression is true, and fails with the expression and the page's log if not. */
    public void await(String expression) {
        try {
            new WebDriverWait(driver, TIMEOUT)
                .until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript("return !!(" + expression + ")")));
        }
        catch (org.openqa.selenium.TimeoutException ex) {
            throw new AssertionError("not true within " + TIMEOUT + ": " + expression + "\nbrowser log: " + log(), ex);
        }
    }

    public WebElement element(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    public List<WebElement> elements(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Clicks an element at a point given from its top left corner (Selenium's offsets are from its centre). */
    void clickAt(WebElement element, double x, double y) {
        var size = element.getSize();
        new Actions(driver)
            .moveToElement(element, (int) Math.round(x - size.getWidth() / 2.0), (int) Math.round(y - size.getHeight() / 2.0))
            .click()
            .perform();
    }

    Actions actions() {
        return new Actions(driver);
    }

    /** The console messages and failed loads since the last call. */
    List<LogEntry> log() {
        return driver.manage().logs().get(LogType.BROWSER).getAll();
    }

    /** Severe console entries (errors, failed loads) since the last call. */
    public List<String> errors() {
        return log().stream()
            .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
            .map(LogEntry::getMessage)
            .toList();
    }

    void screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
