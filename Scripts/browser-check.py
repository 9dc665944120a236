#!/usr/bin/env python3
"""Checks the HTML requirements report in headless Chromium, driven over the DevTools protocol on a pipe.

    python3 Scripts/browser-check.py CHROMIUM REPORT_DIR TABLES_DIR

Loads REPORT_DIR/html/index.html and every page it links to from disk, and checks in the rendered DOM:
every table page has one row per CSV record, the row planted by Scripts/browser-check.sh is red with the
engine's actual values, passing cells are green, the planted mutation results show the survivor's place
and lines and the equivalent mutant's reason, the colors have WCAG AA contrast, every properties page
draws its charts, no page has a script or fetches anything but files, and every page fits a 375 px
phone screen without scrolling sideways. Saves REPORT_DIR/screenshot.png (the table with the planted
row), REPORT_DIR/screenshot-phone.png and REPORT_DIR/report.pdf (the index printed). Exit status 1 on
any failed check, with one line per check.
"""
import base64, csv, json, os, select, shutil, subprocess, sys, tempfile, time

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


def main():
    chromium, report_dir, tables_dir = sys.argv[1:4]
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
        check("mutants.html" in pages, "index: links the mutation results written beside it")

        # Each kind of check below runs only on the pages it fits; count them, so that a page renamed or
        # markup changed cannot skip a kind of check and still end in "all passed".
        seen = {"table pages": 0, "planted rows": 0, "properties pages": 0}
        for page in pages:
            url = "file://" + os.path.join(html, page)
            browser.open(url, 1280)
            check(browser.evaluate("document.scripts.length") == 0, "%s: no script" % page)
            binding = browser.evaluate("document.querySelector('table.examples')?.dataset.table ?? null")
            if binding:
                seen["table pages"] += 1
                records = csv_records(os.path.join(tables_dir, binding + ".csv"))
                shown = browser.evaluate("[...document.querySelectorAll('table.examples tr.example')].map(tr => Number(tr.dataset.line))")
                check(shown == [line for line, _ in records], "%s: %d rows, one per CSV record of %s.csv, in order" % (page, len(records), binding))
                check(browser.evaluate("document.querySelectorAll('td.expected.pass').length") > 0, "%s: passing expected cells are green" % page)
                for line, fields in records:
                    if fields.get("id") != "planted failure":
                        continue
                    seen["planted rows"] += 1
                    row = "document.getElementById('line-%d')" % line
                    check(browser.evaluate(row + ".classList.contains('failed')"), "%s: the planted row (line %d) is marked failed" % (page, line))
                    price = browser.evaluate(row + ".querySelector('td[data-column=\"price?\"]').textContent")
                    check(price == "✘ $4.95actual $5.55", "%s: its price cell shows expected $4.95 beside actual $5.55 (%r)" % (page, price))
                    weight = browser.evaluate(row + ".querySelector('td[data-column=\"billable grams?\"]').textContent")
                    check(weight == "✘ 500actual 1000", "%s: its billable grams cell shows 500 beside actual 1000 (%r)" % (page, weight))
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
                green = browser.evaluate(CONTRAST + "(document.querySelector('td.expected.pass'))")
                check(green["ratio"] >= 4.5, "%s: passing cells' text contrast %.1f:1" % (page, green["ratio"]))
            if page.startswith("properties-"):
                seen["properties pages"] += 1
                charts = browser.evaluate("document.querySelectorAll('svg.chart').length")
                bars = browser.evaluate("[...document.querySelectorAll('svg.chart rect.bar')].filter(r => r.getBBox().width > 0).length")
                sections = browser.evaluate("document.querySelectorAll('section.property').length")
                check(sections > 0 and charts > 0 and bars > 0, "%s: %d properties, %d label charts with %d bars drawn" % (page, sections, charts, bars))
            if page == "mutants.html":
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

        check(seen["table pages"] > 0 and seen["planted rows"] == 1 and seen["properties pages"] > 0,
              "the checks found what they check: %d table pages, %d planted row, %d properties pages"
              % (seen["table pages"], seen["planted rows"], seen["properties pages"]))
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
