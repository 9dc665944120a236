/// The report's one style sheet, inlined into every page: system fonts, colors with at least 4.5:1
/// contrast (WCAG AA) that also carry a symbol or a word, tables that scroll inside their box on a
/// phone, and print rules that keep the colors and drop the navigation.
enum HTMLStyle {
    static let css = """
        :root { --text: #1b1f24; --muted: #4a5360; --line: #c9d1da; --pass-bg: #e3f4e8; --pass: #0b5a27;
          --fail-bg: #fde5e5; --fail: #9b1111; --pending-bg: #fff1cc; --pending: #6b4a00; --review-bg: #e5edff;
          --review: #1c3f94; --code-bg: #f2f4f7; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--text); background: #fff; }
        main, header.site, footer { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
        body.wide main, body.wide header.site, body.wide footer { max-width: none; }
        header.site { padding-top: 1rem; }
        header.site nav a { color: var(--review); }
        h1 { font-size: 1.6rem; margin: .5rem 0; line-height: 1.25; overflow-wrap: anywhere; }
        h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
        h3 { font-size: 1.05rem; margin: 1.25rem 0 .25rem; }
        a { color: var(--review); }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
        p code, h3 code { overflow-wrap: anywhere; }
        pre { background: var(--code-bg); padding: .75rem; overflow-x: auto; white-space: pre-wrap;
          overflow-wrap: anywhere; border-radius: 4px; }
        p.meta, .meta { color: var(--muted); }
        .verdict { padding: .75rem 1rem; border-radius: 4px; font-weight: 600; margin: 1rem 0; }
        .verdict.pass { background: var(--pass-bg); color: var(--pass); }
        .verdict.fail { background: var(--fail-bg); color: var(--fail); }
        .badge { display: inline-block; padding: 0 .45rem; border-radius: 3px; font-size: .85em; font-weight: 600;
          white-space: nowrap; }
        .badge.passed { background: var(--pass-bg); color: var(--pass); }
        .badge.failed, .badge.invalid, .badge.unexpected { background: var(--fail-bg); color: var(--fail); }
        .badge.pending { background: var(--pending-bg); color: var(--pending); }
        .badge.review { background: var(--review-bg); color: var(--review); }
        .rule { border-left: 4px solid var(--line); padding: .25rem 1rem; margin: 1rem 0; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; margin: .5rem 0 1rem; }
        th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
        th { background: var(--code-bg); }
        td.number, th.number { text-align: right; }
        table.summary td.pass { color: var(--pass); } table.summary td.fail { color: var(--fail); font-weight: 600; }
        table.examples td.expected.pass { background: var(--pass-bg); color: var(--pass); }
        table.examples td.expected.fail { background: var(--fail-bg); color: var(--fail); font-weight: 600; }
        table.examples td.expected.unchecked { color: var(--muted); }
        td .actual { display: block; font-weight: 400; }
        table.examples { table-layout: fixed; width: 100%; font-size: .9rem; }
        table.examples th, table.examples td { overflow-wrap: break-word; padding: .25rem .4rem; }
        table.examples th { font-size: .85rem; }
        table.examples td.row .id, table.failures .id { display: block; font-size: .9em; color: var(--muted); }
        table.examples td.inputs { color: var(--muted); font-size: .9em; }
        td.inputs summary { cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        td.inputs summary span { white-space: nowrap; }
        td.inputs dl.facts { color: var(--text); }
        table.examples.keyed { table-layout: auto; font-size: .8rem; }
        table.examples.keyed th, table.examples.keyed td { padding: .25rem .3rem; }
        table.examples.keyed th { font-size: .75rem; }
        table.examples.keyed th.key, table.examples.keyed td.key.short, \
        table.examples.keyed td.row a { white-space: nowrap; }
        table.examples.keyed td.inputs { width: 4rem; max-width: 4rem; }
        table.examples.keyed td.inputs details { width: 0; min-width: 100%; }
        table.failures td.fail { color: var(--fail); font-weight: 600; }
        tr.example.pending td:first-child { box-shadow: inset 4px 0 var(--pending); }
        tr.example.review td:first-child { box-shadow: inset 4px 0 var(--review); }
        tr.example.failed td:first-child, tr.example.invalid td:first-child, tr.example.unexpected td:first-child {
          box-shadow: inset 4px 0 var(--fail); }
        tr.detail td { background: #fafbfc; color: var(--text); }
        ul.problems li { color: var(--fail); }
        svg.chart { width: 100%; max-width: 36rem; height: auto; display: block; margin: .5rem 0; }
        svg.chart text { font: 12px -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--text); }
        svg.chart .bar { fill: #3d6fd9; } svg.chart .bar.short { fill: var(--fail); }
        svg.chart .track { fill: var(--code-bg); } svg.chart .need { stroke: var(--text); stroke-width: 2; }
        section.property { margin-top: 1.5rem; }
        table.mutants code, .mutant code.location { overflow-wrap: anywhere; }
        pre.diff .removed { color: var(--fail); } pre.diff .added { color: var(--pass); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: .5rem 0; }
        dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
        footer { color: var(--muted); font-size: .85rem; padding: 2rem 1rem; }
        @media (max-width: 40rem) {
          body { font-size: 15px; }
          table.examples thead, table.failures thead, table.mutants thead { display: block; position: absolute;
            width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table.examples, table.examples tbody, table.examples tr, table.examples td, table.failures,
            table.failures tbody, table.failures tr, table.failures td, table.mutants, table.mutants tbody,
            table.mutants tr, table.mutants th, table.mutants td { display: block; width: 100%; }
          table.examples tr.example, table.failures tr, table.mutants tr { border: 1px solid var(--line);
            margin: 0 0 .75rem; }
          table.examples td, table.failures td, table.mutants th, table.mutants td { border: 0;
            border-bottom: 1px solid #eef0f3; }
          table.examples td, table.failures td, table.mutants td { display: grid;
            grid-template-columns: minmax(6rem, 40%) 1fr; gap: .5rem; }
          table.mutants td { text-align: left; }
          table.examples td::before, table.failures td::before, table.mutants td::before { content: attr(data-column);
            font-weight: 600; color: var(--muted); }
          table.examples td.blank { display: none; }
          table.examples.keyed td.inputs { width: 100%; max-width: none; }
          table.examples colgroup { display: none; }
          table.examples td > *, table.failures td > * { min-width: 0; }
        }
        @media print {
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          header.site nav, footer { display: none; }
          .scroll { overflow: visible; }
          a { color: inherit; text-decoration: none; }
          section.property, tr { break-inside: avoid; }
        }
        """
}
