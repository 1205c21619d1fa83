// The console's one stylesheet, served at /console/assets/console.css (a module, so the build
// ships it with the code). System fonts, contrast above WCAG AA, a visible focus ring, and one
// column below 40rem so a phone reads every page: fields, buttons and the navigation 2.75rem
// (44 px) high to tap, a list's table scrolling sideways in its own frame (.table-wrap, see
// wide-table.ts), any other table fitting the screen by breaking long words in its cells (a
// table that scrolled without taking the keyboard's focus would shut keyboard users out).

export const CONSOLE_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5560; --line: #c9d1d9; --accent: #0b57d0; --bad: #a4161a; --good: #1a6b2f; --bg: #ffffff; --panel: #f4f6f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; }
.skip:focus { left: .5rem; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .5rem 1rem; border-bottom: 1px solid var(--line); background: var(--panel); }
.brand { margin: 0; font-weight: 700; }
.brand a { color: var(--ink); text-decoration: none; }
nav ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 700; color: var(--ink); }
.sign-out { margin-left: auto; display: flex; align-items: center; gap: .5rem; color: var(--muted); }
main { padding: 1rem; max-width: 72rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; }
.card { border: 1px solid var(--line); border-radius: .4rem; padding: .75rem 1rem; background: var(--panel); }
.card p { margin: .25rem 0; }
.figure { font-size: 1.6rem; font-weight: 700; }
.bad { color: var(--bad); }
.good { color: var(--good); }
.muted { color: var(--muted); }
form.stacked { display: grid; gap: .5rem; max-width: 28rem; }
label { font-weight: 600; }
input, select, button, textarea { font: inherit; }
input[type="password"], input[type="text"], input[type="search"], input[type="date"], input[type="email"], input[type="number"], input[type="file"], select, button { min-height: 2.75rem; }
input[type="password"], input[type="text"], input[type="search"], input[type="date"], input[type="email"], input[type="number"], input[type="file"], select, textarea { padding: .4rem .5rem; border: 1px solid var(--muted); border-radius: .3rem; width: 100%; }
button { padding: .4rem .9rem; border: 1px solid var(--accent); border-radius: .3rem; background: var(--accent); color: #fff; cursor: pointer; }
.sign-out button { background: var(--bg); color: var(--accent); }
.error { color: var(--bad); font-weight: 600; }
form.filters { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin-bottom: 1rem; }
form.filters select { width: auto; }
form.search { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem 1rem; align-items: end; margin-bottom: 1rem; }
.field { display: grid; gap: .2rem; }
.field .error { margin: 0; font-weight: 400; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dt { color: var(--muted); font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
pre.xml { max-height: 30rem; overflow: auto; background: var(--panel); border: 1px solid var(--line); padding: .5rem; font-size: .85rem; }
iframe.pdf { width: 100%; height: 40rem; border: 1px solid var(--line); }
footer { padding: 1rem; color: var(--muted); border-top: 1px solid var(--line); }
form.wide { max-width: 40rem; }
fieldset { border: 1px solid var(--line); border-radius: .4rem; padding: .5rem 1rem 1rem; margin: 0 0 .75rem; display: grid; gap: .5rem; }
legend { font-weight: 700; padding: 0 .25rem; }
input[readonly] { background: var(--panel); }
.hint { margin: 0; }
.stored { margin: -.25rem 0 .25rem; }
label.inline { font-weight: 400; margin-left: .5rem; }
.problems { border: 2px solid var(--bad); border-radius: .4rem; padding: .25rem 1rem; }
code.key { font-size: 1rem; overflow-wrap: anywhere; background: var(--panel); padding: .25rem; }
button.quiet { background: var(--bg); color: var(--accent); }
.table-wrap { overflow-x: auto; }
td.number a { display: inline-block; min-width: 1.5rem; }
pre.json { max-height: 30rem; overflow: auto; background: var(--panel); border: 1px solid var(--line); padding: .5rem; white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 40rem) {
  header { flex-direction: column; align-items: flex-start; }
  .sign-out { margin-left: 0; }
  nav a { display: inline-flex; align-items: center; min-height: 2.75rem; }
  th, td { padding: .3rem .25rem; }
  :not(.table-wrap) > table td { overflow-wrap: anywhere; }
  td a { display: inline-block; padding: .2rem 0; }
}
`;
