package dev.perfwatch.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The UI's pages under their own paths, so that links from messages (a pull request's comparison) and Codespeed's
 * permalinks ({@code /timeline/?ben=…}, {@code /changes/?rev=…}) open the page: the one HTML shell answers them all
 * and turns the path into its {@code #/page?…} view (web/src/main/resources/static/js/app.js).
 */
@Controller
class PageController {

    @GetMapping({ "/home", "/home/", "/timeline", "/timeline/", "/grid", "/grid/", "/changes", "/changes/", "/comparison",
            "/comparison/", "/environments", "/environments/", "/alerts", "/alerts/", "/requests", "/requests/", "/runners",
            "/runners/" })
    String page() {
        return "forward:/index.html";
    }
}
