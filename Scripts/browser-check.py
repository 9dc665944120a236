#!/usr/bin/env python3
"""Checks the HTML requirements report in headless Chromium, driven over the DevTools protocol on a pipe.

    python3 Scripts/browser-check.py CHROMIUM REPORT_DIR TABLES_DIR PLANTED [IDENTIFYING]

Loads REPORT_DIR/html/index.html and every page it links to from disk, and checks in the rendered DOM:
every table page has one row per CSV record; at a 1280 px laptop window each row's name, identifying
cells and expected cells are in view without scrolling sideways, and no row is taller than its content;
IDENTIFYING is a JSON object naming, for a table's binding, the input columns its spec shows beside the
verdicts ({"claims/corrections": ["scenario", …]}): that page must show exactly those columns, in that
order, each row's cells holding its CSV fields; the row planted by
Scripts/browser-check.sh (id "planted failure") is red with the engine's actual values beside the
expected ones, and listed above the table with its line, column, expected and actual values; PLANTED
is a JSON object naming those cells, {"column?": ["expected", "actual"], …}. Passing cells are green,
the planted mutation results (when there are some) show the survivor's place and lines and the
equivalent mutant's reason, the colors have WCAG AA contrast, every properties page draws its charts,
no page has a script or fetches anything but files, every link is relative and finds its file in the
report folder (so the folder zipped and opened elsewhere keeps working), and every page fits a 375 px
phone screen without scrolling sideways. Saves REPORT_DIR/screenshot.png (the table with the planted
row), REPORT_DIR/screenshot-phone.png and REPORT_DIR/report.pdf (the index printed). Exit status 1 on
any failed check, with one line per check.
"""
import base64, csv, json, os, select, shutil, subprocess, sys, tempfile, time, urllib.parse

TIMEOUT = 60  # seconds to wait for any one answer from the browser


class Browser:
    """One headless Chromium, spoken to with DevTools protocol messages on file descriptors 3 and 4."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="tally-browser-check-")
        self.log = open(os.path.join(self.profile, "chromium.log"), "w")
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def attach_pipes():
            os.dup2(commands_read, 100)
            os.dup2(answers_write, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        flags = ["--headless", "--remote-debugging-pipe", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--no-default-browser-check", "--user-data-dir=" + self.profile, "about:blank"]
        if os.geteuid() == 0:
            flags.insert(0, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen([executable] + flags, preexec_fn=attach_pipes, pass_fds=(3, 4),
                                        stdout=self.log, stderr=subprocess.STDOUT)
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.requests = []
        try:
            target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Network", "Runtime"):
                self.send(domain + ".enable", session=True)
        except RuntimeError:
            # Nothing may stay behind (Chromium, its profile in the temporary directory): show its log, then go.
            self.log.flush()
            with open(self.log.name) as log:
                sys.stderr.write(log.read()[-4000:])
            self.close()
            raise

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.time()
            if remaining <= 0 or not select.select([self.answers], [], [], remaining)[0]:
                raise RuntimeError("the browser did not answer within %d s (its log: %s)" % (TIMEOUT, self.log.name))
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser exited (its log: %s)" % self.log.name)
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(message)
        if message.get("method") == "Network.requestWillBeSent":
            self.requests.append(message["params"]["request"]["url"])
        return message

    def send(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.time() + TIMEOUT
        while True:
            answer = self.read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, event):
        deadline = time.time() + TIMEOUT
        while True:
            for index, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[: index + 1]
                    return message
            self.events.append(self.read_message(deadline))

    def open(self, url, width, height=900, mobile=False):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session=True)
        self.events = [message for message in self.events if message.get("method") != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url}, session=True)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError("the check's own script failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self, path):
        size = self.send("Page.getLayoutMetrics", session=True)["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 4000), "scale": 1}
        data = self.send("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True}, session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def csv_records(path):
    """The data records of a requirement table, each with the line it starts on (comments and blank lines skipped)."""
    with open(path, newline="", encoding="utf-8-sig") as file:
        lines = file.read().splitlines(keepends=True)
    records, header, number = [], None, 0
    while number < len(lines):
        start = number + 1
        if not lines[number].strip() or lines[number].startswith("#"):
            number += 1
            continue
        text = lines[number]
        number += 1
        while text.count('"') % 2 == 1 and number < len(lines):  # a quoted field holding a line break
            text += lines[number]
            number += 1
        fields = next(csv.reader([text]))
        if header is None:
            header = fields
        else:
            records.append((start, dict(zip(header, fields))))
    return records


# Runs in the page: the WCAG contrast ratio of an element's text on its background.
CONTRAST = """
(element => {
  const rgb = text => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = color => {
    const [r, g, b] = rgb(color).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(element);
  const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), color: style.color, background: style.backgroundColor};
})
"""


# Runs in a table page at a laptop's width: what of each row's name and expected cells lies outside the
# window, which rows stand taller than their tallest cell's content needs, and which column headings
# break inside a word ("me|mb|er visi|ts?" reads as nothing).
LAYOUT = """
(() => {
  const window_ = document.documentElement.clientWidth, outOfView = [], tooTall = [], brokenHeadings = [];
  for (const th of document.querySelectorAll('table.examples thead th')) {
    const text = th.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const word of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if (new Set([...range.getClientRects()].map(box => Math.round(box.top))).size > 1) brokenHeadings.push(word[0]);
    }
  }
  const rows = [...document.querySelectorAll('table.examples tr.example')];
  for (const tr of rows) {
    for (const td of tr.querySelectorAll('td.row, td.key, td.expected')) {
      const box = td.getBoundingClientRect();
      if (box.left < 0 || box.right > window_ + 0.5) outOfView.push(tr.dataset.line + ' ' + td.dataset.column);
    }
    let needed = 0;
    for (const td of tr.cells) {
      const range = document.createRange();
      range.selectNodeContents(td);
      const style = getComputedStyle(td);
      const content = range.getBoundingClientRect().height;
      needed = Math.max(needed, content + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth));
    }
    const height = tr.getBoundingClientRect().height;
    if (height > needed + Math.max(8, needed / 10)) tooTall.push(tr.dataset.line + ': ' + Math.round(height) + ' px for ' + Math.round(needed));
  }
  return {window: window_, pageWidth: document.documentElement.scrollWidth, rows: rows.length, outOfView, tooTall,
          brokenHeadings};
})()
"""


def main():
    chromium, report_dir, tables_dir = sys.argv[1:4]
    planted = json.loads(sys.argv[4])
    identifying = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
    html = os.path.join(report_dir, "html")
    failures = []

    def check(condition, what):
        print(("  ✔ " if condition else "  ✘ ") + what)
        if not condition:
            failures.append(what)

    browser = Browser(chromium)
    try:
        index_url = "file://" + os.path.join(html, "index.html")
        browser.open(index_url, 1280)
        links = browser.evaluate("[...document.querySelectorAll('main a[href$=\".html\"]')].map(a => a.getAttribute('href'))")
        pages = ["index.html"] + sorted(set(link for link in links if "#" not in link))
        check(browser.evaluate("document.querySelectorAll('table.summary tbody tr').length") >= 1, "index: a row of totals per spec")
        check("Not everything holds" in browser.evaluate("document.querySelector('.verdict').textContent"), "index: says the planted failure is there")
        has_mutants = os.path.exists(os.path.join(html, "mutants.json"))
        if has_mutants:
            check("mutants.html" in pages, "index: links the mutation results written beside it")

        # Each kind of check below runs only on the pages it fits; count them, so that a page renamed or
        # markup changed cannot skip a kind of check and still end in "all passed".
        seen = {"table pages": 0, "planted rows": 0, "properties pages": 0, "charts": 0, "links": 0, "rows measured": 0}
        if identifying:
            seen["pages with identifying columns"] = 0
        for page in pages:
            url = "file://" + os.path.join(html, page)
            browser.open(url, 1280)
            check(browser.evaluate("document.scripts.length") == 0, "%s: no script" % page)
            hrefs = browser.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))")
            seen["links"] += len(hrefs)
            absolute = [href for href in hrefs if ":" in href.split("/")[0] or href.startswith("/")]
            check(not absolute, "%s: every link is relative %s" % (page, absolute[:2] if absolute else ""))
            missing = [href for href in hrefs if not href.startswith("#") and href not in absolute
                       and not os.path.exists(os.path.join(html, urllib.parse.unquote(href.split("#")[0])))]
            check(not missing, "%s: every link finds its file in the report folder %s" % (page, missing[:2] if missing else ""))
            binding = browser.evaluate("document.querySelector('table.examples')?.dataset.table ?? null")
            if binding:
                seen["table pages"] += 1
                records = csv_records(os.path.join(tables_dir, binding + ".csv"))
                shown = browser.evaluate("[...document.querySelectorAll('table.examples tr.example')].map(tr => Number(tr.dataset.line))")
                check(shown == [line for line, _ in records], "%s: %d rows, one per CSV record of %s.csv, in order" % (page, len(records), binding))
                # A setup table (plans, zones) has no expected cells to color.
                checks_outputs = browser.evaluate("[...document.querySelectorAll('table.examples thead th')].some(th => th.textContent.trim().endsWith('?'))")
                check(not checks_outputs or browser.evaluate("document.querySelectorAll('td.expected.pass').length") > 0,
                      "%s: passing expected cells are green" % page)
                # At a laptop's width every row's name and verdicts are in view, and no row has empty space.
                layout = browser.evaluate(LAYOUT)
                seen["rows measured"] += layout["rows"]
                check(layout["pageWidth"] <= layout["window"] and not layout["outOfView"],
                      "%s: at 1280 px each row's name, identifying and expected cells are in view without scrolling sideways "
                      "(page %d px in a %d px window; out of view: %s)" % (page, layout["pageWidth"], layout["window"], layout["outOfView"][:3]))
                check(not layout["tooTall"], "%s: no row is taller than its content (%d rows; too tall: %s)" % (page, layout["rows"], layout["tooTall"][:3]))
                check(not layout["brokenHeadings"],
                      "%s: no column heading breaks inside a word (broken: %s)" % (page, layout["brokenHeadings"][:3]))
                keys = browser.evaluate("[...document.querySelectorAll('table.examples thead th.key')].map(th => th.textContent)")
                check(keys == identifying.get(binding, []), "%s: the columns identifying a row are %s (%r)" % (page, identifying.get(binding, "none"), keys))
                if binding in identifying:
                    seen["pages with identifying columns"] += 1
                    cells = browser.evaluate("[...document.querySelectorAll('table.examples tr.example')].map(tr => "
                                             "[...tr.querySelectorAll('td.key')].map(td => td.textContent))")
                    wanted = [[fields.get(column, "").strip() for column in identifying[binding]] for _, fields in records]
                    check(cells == wanted, "%s: each row shows its own %s beside its verdicts (first differing: %r)"
                          % (page, ", ".join(identifying[binding]), next(([a, b] for a, b in zip(cells, wanted) if a != b), None)))
                for line, fields in records:
                    if fields.get("id") != "planted failure":
                        continue
                    seen["planted rows"] += 1
                    row = "document.getElementById('line-%d')" % line
                    check(browser.evaluate(row + ".classList.contains('failed')"), "%s: the planted row (line %d) is marked failed" % (page, line))
                    listed = browser.evaluate("[...document.querySelectorAll('table.failures tbody tr')].map(tr => "
                                              "[tr.querySelector('a').getAttribute('href'), ...[...tr.cells].slice(1).map(td => td.textContent)])")
                    for column, (expected, actual) in planted.items():
                        cell = browser.evaluate(row + ".querySelector('td[data-column=\"%s\"]').textContent" % column).replace("\xa0", " ")
                        check(cell == "✘ %sactual %s" % (expected, actual),
                              "%s: its %s cell shows expected %s beside actual %s (%r)" % (page, column, expected, actual, cell))
                        check(["#line-%d" % line, column, expected, actual] in listed,
                              "%s: the list above the table gives line %d, %s, expected %s, actual %s (%r)" % (page, line, column, expected, actual, listed[:3]))
                    red = browser.evaluate(CONTRAST + "(" + row + ".querySelector('td.expected.fail'))")
                    check(red["ratio"] >= 4.5 and "253, 229, 229" in red["background"],
                          "%s: the failing cell is red, text contrast %.1f:1 (%s on %s)" % (page, red["ratio"], red["color"], red["background"]))
                    browser.open(url, 1440)
                    browser.screenshot(os.path.join(report_dir, "screenshot.png"))
                    browser.open(url, 375, 812, mobile=True)
                    browser.evaluate("window.scrollTo(0, %s.offsetTop)" % row)
                    data = browser.send("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
                    with open(os.path.join(report_dir, "screenshot-phone.png"), "wb") as file:
                        file.write(base64.b64decode(data))
                    browser.open(url, 1280)
                if checks_outputs:
                    green = browser.evaluate(CONTRAST + "(document.querySelector('td.expected.pass'))")
                    check(green["ratio"] >= 4.5, "%s: passing cells' text contrast %.1f:1" % (page, green["ratio"]))
            if page.startswith("properties-"):
                seen["properties pages"] += 1
                # Only properties that label their cases have a chart; every chart draws its bars.
                charts = browser.evaluate("document.querySelectorAll('svg.chart').length")
                drawn = browser.evaluate("[...document.querySelectorAll('svg.chart')].filter(svg => "
                                         "[...svg.querySelectorAll('rect.bar')].some(r => r.getBBox().width > 0)).length")
                sections = browser.evaluate("document.querySelectorAll('section.property').length")
                seen["charts"] += charts
                check(sections > 0 and drawn == charts, "%s: %d properties, %d label charts, each with its bars drawn (%d)" % (page, sections, charts, drawn))
            if page == "mutants.html" and has_mutants:
                survivor = browser.evaluate("[...document.querySelectorAll('section.mutant.survived')].map(s => "
                                            "[s.querySelector('code.location').textContent, s.querySelector('pre.diff').textContent])")
                check(survivor == [["Sources/Shipping/Rates.swift:12:24", "- if grams > 500 { return 1_000 }\n+ if grams >= 500 { return 1_000 }"]],
                      "%s: the planted survivor shows its file:line:column and its line before and after (%r)" % (page, survivor))
                reason = browser.evaluate("document.querySelector('table.mutants.equivalent td[data-column^=\"Why\"]')?.textContent ?? null")
                check(reason == "Planted by Scripts/browser-check.sh: both arguments are the same amount",
                      "%s: the equivalent mutant shows its reason (%r)" % (page, reason))
                score = browser.evaluate("document.querySelector('tr.target[data-target=\"Shipping\"] td[data-column=\"Score\"]').textContent")
                check(score == "✘ 50.0%", "%s: the target's score is marked failing (%r)" % (page, score))
            browser.open(url, 375, 812, mobile=True)
            widths = browser.evaluate("[document.documentElement.scrollWidth, window.innerWidth, "
                                      "Math.max(0, ...[...document.querySelectorAll('.scroll')].map(box => box.scrollWidth - box.clientWidth))]")
            # Against the phone's 375 px, not innerWidth: a mobile browser widens its layout viewport to
            # fit a page that overflows, so innerWidth grows with the very overflow being checked.
            check(widths[0] <= 375 and widths[1] <= 375 and widths[2] == 0,
                  "%s: fits a 375 px phone (page %d px wide in a %d px viewport, tables scroll sideways by %d px)"
                  % (page, widths[0], widths[1], widths[2]))

        check(all(seen[kind] > 0 for kind in seen) and seen["planted rows"] == 1
              and seen.get("pages with identifying columns", 0) == len(identifying),
              "the checks found what they check: %s" % ", ".join("%d %s" % (seen[kind], kind) for kind in seen))
        browser.open(index_url, 1280)
        pdf = base64.b64decode(browser.send("Page.printToPDF", {"printBackground": True}, session=True)["data"])
        with open(os.path.join(report_dir, "report.pdf"), "wb") as file:
            file.write(pdf)
        check(pdf.startswith(b"%PDF") and len(pdf) > 1000, "index: prints (report.pdf, %d bytes)" % len(pdf))
        fetched = [url for url in browser.requests if not url.startswith(("file:", "data:", "about:"))]
        check(not fetched, "no page fetched anything but local files %s" % (fetched[:3] if fetched else ""))
    finally:
        browser.close()

    print("Screenshot: %s" % os.path.join(report_dir, "screenshot.png"))
    print("Phone: %s   Printed: %s" % (os.path.join(report_dir, "screenshot-phone.png"), os.path.join(report_dir, "report.pdf")))
    if failures:
        print("error: %d browser check%s failed" % (len(failures), "" if len(failures) == 1 else "s"))
        sys.exit(1)
    print("Browser checks: all passed")


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as error:
        print("error: browser check could not run: %s" % error)
        sys.exit(1)
