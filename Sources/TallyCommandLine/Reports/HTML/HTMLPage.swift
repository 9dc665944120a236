/// One self-contained page of the requirements report: its own style, no script, no request to any
/// other address, so it reads the same from a CI artifact, a file share or paper.
struct HTMLPage {
    /// The page's file name in the report folder, such as `table-claims-visits.html`.
    var path: String
    /// The title, in the browser tab and the page's heading.
    var title: String
    /// The page's content, HTML.
    var body: String
    /// Whether the page uses the window's whole width, for wide tables.
    var isWide = false

    /// The whole document; `index` is the report's index page, `footer` a line of HTML for the end.
    func document(index: String, footer: String) -> String {
        let home = path == index ? "" : "<nav><a href=\"\(index.htmlEscaped)\">← All requirements</a></nav>"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(ReportPlace.htmlMarker)
            <title>\(title.htmlEscaped)</title>
            <style>
            \(HTMLStyle.css)
            </style>
            </head>
            <body\(isWide ? " class=\"wide\"" : "")>
            <header class="site">\(home)</header>
            <main>
            <h1>\(title.htmlEscaped)</h1>
            \(body)
            </main>
            <footer>\(footer)</footer>
            </body>
            </html>

            """
    }
}

extension String {
    /// The text with `&`, `<`, `>` and `"` escaped, for HTML content and attributes.
    var htmlEscaped: String { xmlEscaped }

    /// A name made safe for a file or an anchor: letters, digits, `-` and `_`; anything else is `-`.
    var fileSafe: String {
        String(map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
    }
}
