import os from 'node:os';
import { CONSOLE_DOCUMENTS, consoleFigures } from './console.js';
import { billingFigures, STORED_INVOICES } from './billing.js';
import { callbackFigures, QUEUED_CALLBACKS } from './callbacks.js';
import { as4Figures, as4FiguresInParallel } from './as4.js';
import { cliFigures } from './cli.js';
import { eventFigures, STORED_EVENTS } from './events.js';
import { benchBodies, httpFigures, load, startEcho } from './http.js';
import { memoryFigures, MEMORY_SUBMISSIONS, type Sample } from './memory.js';
import { metricsFigures } from './metrics.js';
import { renderFigures, SIGNED_FACTURAE_IN_FLIGHT, SIGNED_FATTURAPA_IN_FLIGHT } from './render.js';
import { SEEDED_DOCUMENTS, storeFigures } from './stores.js';

// `npm run bench`: render throughput (10-line invoice) through the chosen serializer and the
// alternatives, then submissions over HTTP next to a bare Koa echo, all in one run on this
// machine. Targets (issue 3): render ≥ 5,000 documents/s; submissions ≥ half the echo's
// requests/s with p99 < 25 ms; (issue 45) ZUGFERD's hybrid PDF ≥ 200 PDFs/s. Then the billing module: customers and invoices created per
// second, and one list page with 100,000 invoices stored (figures to report; the billing issue
// sets no target). Then callbacks (issue 4): 10,000 queued callbacks drained to a local
// receiver; targets ≥ 2,000 callbacks/s and < 10 s. BENCH_SECONDS sets the HTTP duration
// (default 10). Then the events list (issue 6): each filter with 1,000,000 events stored, one
// request at a time; target median < 20 ms. Then submissions by store and worker count, and with
// 1,000,000 documents stored (issue 27). Then the command line's start-up (issue 39): --help and
// drivers under 300 ms. Then AS4 (issue 41): user messages sent (sign, encrypt, compress) and
// received (decrypt, verify, decompress, SBDH read) per second in one process, beside a Koa echo
// measured in the same run; target ≥ 500/s each way. Issue 45: signed Facturae and FatturaPA
// (render lines, 8 in flight) ≥ 1,000 docs/s each. Then metrics (issue 44): submissions per
// second with metrics off and on in the same run; target < 3 % apart. Then memory (issue 45):
// the bin's resident set under 30 s of submissions and 10 s after, then over
// BENCH_MEMORY_SUBMISSIONS (default 50,000; 1,000,000 for the issue's claim); targets: grows
// < 60 MB under load, back within 20 MB of its start after, a trend < 20 MB over the long part's
// last five samples. Then the console (issue 46): its documents list with 1,000,000 documents
// stored, each search one at a time; target p95 < 200 ms. BENCH_ONLY=adapter, billing, callbacks,
// events, stores, cli, as4, metrics, memory or console runs one part.

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

const only = process.env.BENCH_ONLY;
console.log(`node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'})\n`);
if (!only || only === 'adapter') await adapterBench();
if (!only || only === 'billing') await billingBench();
if (!only || only === 'callbacks') await callbacksBench();
if (!only || only === 'events') await eventsBench();
if (!only || only === 'stores') await storesBench();
if (!only || only === 'cli') await cliBench();
if (!only || only === 'as4') await as4Bench();
if (!only || only === 'metrics') await metricsBench();
if (!only || only === 'memory') await memoryBench();
if (!only || only === 'console') await consoleBench();

async function consoleBench(): Promise<void> {
  console.log(`\nconsole (issue 46): the overview and the documents list with ${fmt(CONSOLE_DOCUMENTS)} documents stored (SQLite), one request at a time, 30 rounds per page:`);
  const { figures, seedSeconds } = await consoleFigures();
  for (const f of figures) console.log(`  median ${fmt(f.median, 1).padStart(7)} ms  p95 ${fmt(f.p95, 1).padStart(7)} ms  rows ${String(f.rows).padStart(3)}  ${f.name}`);
  console.log(`  (seeding ${fmt(CONSOLE_DOCUMENTS)} documents took ${fmt(seedSeconds, 1)} s)`);
  const worst = Math.max(...figures.map((f) => f.p95));
  const ok = worst < 200;
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  every page's p95 < 200 ms (worst ${fmt(worst, 1)} ms)`);
  if (!ok) process.exitCode = 1;
}

async function memoryBench(): Promise<void> {
  console.log('\nmemory (issue 45): the bin (`serve --workers 1`, SQLite; one process, its writer thread inside) read from /proc/PID/status, 32 connections:');
  const f = await memoryFigures();
  const mb = (n: number) => `${fmt(n, 1)} MB`;
  const line = (label: string, s: Sample) =>
    console.log(`  ${label.padEnd(24)} RSS ${mb(s.serving.rss).padStart(9)} (anonymous ${mb(s.serving.anon).padStart(9)})   tree of ${s.tree.processes}: ${mb(s.tree.rss)}`);
  const during = f.during.length ? f.during : [f.start];
  const peak = during.reduce((a, b) => (b.serving.rss > a.serving.rss ? b : a));
  const end = f.after.at(-1) ?? f.start;
  console.log(`  ${fmt(f.load.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(f.load.p50, 1)} ms  p99 ${fmt(f.load.p99, 1)} ms  non-2xx ${f.load.non2xx}  errors ${f.load.errors}  ${f.load.name}`);
  line('start (after warm-up)', f.start);
  line(`peak (at ${fmt(peak.at)} s)`, peak);
  line(`end (${f.after.length} s after the load)`, end);
  console.log(`  per second under load (MB): ${during.map((s) => fmt(s.serving.rss)).join(' ')}`);
  console.log(`  per second after (MB): ${f.after.map((s) => fmt(s.serving.rss)).join(' ')}`);
  const growth = peak.serving.rss - f.start.serving.rss;
  const back = end.serving.rss - f.start.serving.rss;
  console.log(`  growth under load ${mb(growth)}; end − start ${mb(back)} (the figures are the serving process's: with --workers 1 it is the whole tree)`);
  console.log(`\n  ${fmt(f.longLoad.requestsPerSecond).padStart(7)} req/s  non-2xx ${f.longLoad.non2xx}  errors ${f.longLoad.errors}  ${f.longLoad.name} in ${fmt(f.longSeconds)} s`);
  for (const s of f.long) line(`${fmt(s.sent ?? 0)} sent`, s);
  // The trend of the last five (least squares, over their span), not their ends: V8 collects its
  // old space in a sawtooth (here 80-100 MB deep), so two single samples differ by its phase.
  const last = f.long.slice(-5).map((s) => s.serving.rss);
  const mid = (last.length - 1) / 2;
  const mean = last.reduce((a, b) => a + b, 0) / last.length;
  const slope = last.reduce((a, y, i) => a + (i - mid) * (y - mean), 0) / last.reduce((a, _, i) => a + (i - mid) ** 2, 0);
  const longGrowth = last.length === 5 ? slope * (last.length - 1) : NaN;
  const ok = [
    [`RSS grows < 60 MB under 30 s of load (${mb(growth)})`, growth < 60],
    // Not all the way back: V8 keeps the heap pages a load grew into for a while after their
    // objects die, and the allocator keeps freed native memory (SQLite's, OpenSSL's) for reuse.
    [`RSS returns within 20 MB of its start after (${mb(back)})`, back < 20],
    // 20 MB over the last 400,000 of 1,000,000 is a leak of 50 bytes a submission.
    [`RSS over the last five samples of ${fmt(MEMORY_SUBMISSIONS)} submissions grows < 20 MB (trend ${mb(longGrowth)})${MEMORY_SUBMISSIONS < 1_000_000 ? `; a shorter run than the issue's 1,000,000 (BENCH_MEMORY_SUBMISSIONS=1000000), its last five samples span ${fmt(MEMORY_SUBMISSIONS * 0.4)}` : ''}`, longGrowth < 20],
    ['every submission answered 2xx', f.load.non2xx + f.load.errors + f.longLoad.non2xx + f.longLoad.errors === 0],
  ] as const;
  for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}

async function metricsBench(): Promise<void> {
  console.log(`\nmetrics (issue 44): submissions with metrics off and on, one process each, in turn (off, on, on, off), ${Math.max(1, Math.round(seconds / 2))} s a turn, 32 connections:`);
  const figures = await metricsFigures(seconds);
  const { off, on, series } = figures;
  for (const f of [off, on]) {
    console.log(`  ${fmt(f.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(f.p50, 1).padStart(5)} ms  p99 ${fmt(f.p99, 1).padStart(5)} ms  non-2xx ${f.non2xx}  errors ${f.errors}  ${f.name}`);
  }
  const { microsPerSubmission } = figures;
  const ratio = on.requestsPerSecond / off.requestsPerSecond;
  // A submission's time at the measured rate, in one process: what the instrumentation adds to it.
  const share = (microsPerSubmission * off.requestsPerSecond) / 1e6;
  console.log(`  on / off ${fmt(ratio, 3)}× (two loads of one shared machine move by about 10 % between identical runs: read it with that)`);
  console.log(`  ${fmt(microsPerSubmission, 2)} µs a submission in the metrics' calls (counter and render timer, measured alone): ${fmt(share * 100, 2)} % of a submission at ${fmt(off.requestsPerSecond)} req/s`);
  const ok = [
    [`the instrumentation costs < 3 % of a submission`, share < 0.03],
    [`every submission answered 2xx; the scrape after it had ${series} series`, off.non2xx + off.errors + on.non2xx + on.errors === 0 && series > 0],
  ] as const;
  for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}

async function as4Bench(): Promise<void> {
  console.log('\nAS4 user messages, one process (Peppol AS4 profile: RSA-2048 signature and key transport, AES-128-GCM):');
  const { figures, payloadBytes, messageBytes } = await as4Figures();
  for (const f of figures) console.log(`  ${fmt(f.perSecond).padStart(7)} msgs/s  ${fmt(f.msPerMessage, 3).padStart(6)} ms/msg  ${f.name}`);
  console.log(`  (the invoice ${fmt(payloadBytes)} bytes of UBL; a message ${fmt(messageBytes)} bytes)`);
  const cores = os.cpus().length;
  console.log(`the same in ${cores} threads at once, one per core (the machine's figure), summed:`);
  const machine = await as4FiguresInParallel(cores);
  for (const f of machine) console.log(`  ${fmt(f.perSecond).padStart(7)} msgs/s  ${f.name.replace(/:.*/, '')}`);
  // The reference the adapter part prints: a bare Koa JSON echo on this machine, in this run.
  const { size, body } = benchBodies();
  const echo = await startEcho('10mb');
  try {
    const e = await load(`Koa JSON echo (${size} bytes), for scale`, echo.url, {}, body, seconds);
    console.log(`  ${fmt(e.requestsPerSecond).padStart(7)} req/s   p50 ${fmt(e.p50, 1)} ms  p99 ${fmt(e.p99, 1)} ms  ${e.name}`);
  } finally {
    await echo.close();
  }
  const ok = [
    [`AS4 sent ≥ 500 messages/s (${cores} cores)`, machine[0]!.perSecond >= 500],
    [`AS4 received ≥ 500 messages/s (${cores} cores)`, machine[1]!.perSecond >= 500],
  ] as const;
  for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}

async function cliBench(): Promise<void> {
  console.log('\nthe command line, whole processes (median of 10; start of 5, each in a fresh data directory):');
  const figures = await cliFigures();
  for (const f of figures) console.log(`  ${fmt(f.median).padStart(6)} ms  (min ${fmt(f.min)}, max ${fmt(f.max)})  ${f.name}`);
  const [, help, drivers] = figures;
  const ok = [
    ['--help < 300 ms', help!.median < 300],
    ['drivers < 300 ms', drivers!.median < 300],
  ] as const;
  for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}

async function storesBench(): Promise<void> {
  console.log(`\nsubmissions by store and processes (issue 27): the bin's \`serve --workers N\`, ${seconds} s each, 32 connections:`);
  const { lines, seeded, notes } = await storeFigures(seconds);
  const line = (f: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; name: string }) =>
    console.log(`  ${fmt(f.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(f.p50, 1).padStart(5)} ms  p99 ${fmt(f.p99, 1).padStart(5)} ms  non-2xx ${f.non2xx}  errors ${f.errors}  ${f.name}`);
  lines.forEach(line);
  for (const n of notes) console.log(`  (${n})`);
  // Issue 45: more processes are never slower than one, nor worse at p99. Identical loads of this
  // shared machine move by about 10 %, which the bounds allow.
  const byName = (name: string) => lines.find((f) => f.name === name);
  let scaled = true;
  for (const store of ['SQLite', 'PostgreSQL']) {
    const [one, two] = [byName(`${store}, 1 worker`), byName(`${store}, --workers 2`)];
    if (!one || !two) continue;
    const rate = two.requestsPerSecond / one.requestsPerSecond;
    const tail = two.p99 / one.p99;
    const ok = rate >= 0.9 && tail <= 1.1;
    scaled &&= ok;
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${store}: --workers 2 never slower than 1 worker (${fmt(rate, 2)}× the req/s, ≥ 0.90×; p99 ${fmt(tail, 2)}×, ≤ 1.10×)`);
  }
  // Issue 45: the shared store keeps up with the file in the same run (one process each).
  const rate = (name: string) => lines.find((f) => f.name === name)?.requestsPerSecond;
  const [sqliteOne, pgOne] = [rate('SQLite, 1 worker'), rate('PostgreSQL, 1 worker')];
  const pgKeepsUp = sqliteOne === undefined || pgOne === undefined || pgOne >= 0.7 * sqliteOne;
  if (sqliteOne !== undefined && pgOne !== undefined) console.log(`  ${pgKeepsUp ? 'PASS' : 'FAIL'}  PostgreSQL ≥ 0.7× SQLite (1 process): ${fmt(pgOne / sqliteOne, 2)}×`);
  console.log(`\nsubmission latency with ${fmt(SEEDED_DOCUMENTS)} documents stored against an empty store:`);
  let flat = true;
  for (const s of seeded) {
    line(s.empty);
    line(s.full);
    const ratio = s.full.p99 / s.empty.p99;
    // Within noise: this machine's p99 moves by about a quarter between identical runs.
    const ok = ratio <= 1.3;
    flat &&= ok;
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${s.store}: p99 full / empty ${fmt(ratio, 2)}× (≤ 1.30; seeding took ${fmt(s.seedSeconds, 1)} s)`);
  }
  const errors = [...lines, ...seeded.flatMap((s) => [s.empty, s.full])].some((f) => f.non2xx > 0 || f.errors > 0);
  if (errors) console.log('  FAIL  every submission answered 2xx');
  if (!flat || errors || !scaled || !pgKeepsUp) process.exitCode = 1;
}

async function eventsBench(): Promise<void> {
  console.log(`\nevents list (API v2) with ${fmt(STORED_EVENTS)} events stored, one request at a time, 200 rounds per query:`);
  const { figures, seedSeconds } = await eventFigures();
  for (const f of figures) console.log(`  median ${fmt(f.median, 2).padStart(6)} ms  p95 ${fmt(f.p95, 2).padStart(6)} ms  rows ${String(f.rows).padStart(3)}  ${f.name}`);
  console.log(`  (seeding ${fmt(STORED_EVENTS)} events took ${fmt(seedSeconds, 1)} s)`);
  const worst = Math.max(...figures.map((f) => f.median));
  const ok = worst < 20;
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  every filtered list's median < 20 ms (worst ${fmt(worst, 2)} ms)`);
  if (!ok) process.exitCode = 1;
}

async function callbacksBench(): Promise<void> {
  console.log(`\ncallbacks, ${fmt(QUEUED_CALLBACKS)} queued, drained by the worker to a local receiver (own process):`);
  const f = await callbackFigures();
  console.log(`  ${fmt(f.perSecond).padStart(7)} callbacks/s  drained ${fmt(f.drained)} in ${fmt(f.seconds, 2)} s  (concurrency ${f.concurrency}, receiver counted ${fmt(f.received)})`);
  const ok = [
    ['callbacks ≥ 2,000/s', f.perSecond >= 2000],
    [`${fmt(QUEUED_CALLBACKS)} drained in < 10 s`, f.drained === QUEUED_CALLBACKS && f.seconds < 10],
    ['the receiver got each callback once', f.received === QUEUED_CALLBACKS],
  ] as const;
  for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}

async function billingBench(): Promise<void> {
  console.log(`\nbilling module over HTTP, ${seconds} s per create line, 16 connections (4 for list pages):`);
  const { figures, seedSeconds } = await billingFigures(seconds);
  for (const f of figures) {
    console.log(`  ${fmt(f.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(f.p50, 1).padStart(5)} ms  p99 ${fmt(f.p99, 1).padStart(5)} ms  non-2xx ${f.non2xx}  errors ${f.errors}  ${f.name}`);
  }
  console.log(`  (${fmt(STORED_INVOICES)} invoices stored before the list lines; seeding through the service took ${fmt(seedSeconds, 1)} s)`);
  if (figures.some((f) => f.non2xx > 0 || f.errors > 0)) process.exitCode = 1;
}

async function adapterBench(): Promise<void> {
console.log('render, one 10-line invoice per call:');
const render = await renderFigures();
for (const f of render) console.log(`  ${fmt(f.perSecond).padStart(9)} docs/s  ${fmt(f.msPerDoc, 3).padStart(7)} ms/doc  ${f.name}`);

console.log(`\nHTTP, ${seconds} s each, 32 connections, a new document id per request:`);
const http = await httpFigures(seconds);
for (const f of http) {
  console.log(`  ${fmt(f.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(f.p50, 1).padStart(5)} ms  p99 ${fmt(f.p99, 1).padStart(5)} ms  non-2xx ${f.non2xx}  errors ${f.errors}  ${f.name}`);
}
const [echo, floor, submit] = [http[0]!, http[1]!, http[2]!];
const zugferd = render.find((f) => f.name.startsWith('ZUGFERD render'));
const perSecond = (name: string) => render.find((f) => f.name === name)!.perSecond;
console.log(`\n  storage floor / echo: ${fmt(floor.requestsPerSecond / echo.requestsPerSecond, 2)}×   submissions / storage floor: ${fmt(submit.requestsPerSecond / floor.requestsPerSecond, 2)}×`);
const ok = [
  // Issue 45: every XML syntax renders a 10-line invoice at ≥ 5,000 docs/s, each held on its own.
  ...render.filter((f) => f.syntax).map((f) => [`${f.syntax} render ≥ 5,000 docs/s (${fmt(f.perSecond)})`, f.perSecond >= 5000] as const),
  [`ZUGFERD ≥ 200 PDFs/s`, (zugferd?.perSecond ?? 0) >= 200],
  [`submissions ≥ half the echo (${fmt(submit.requestsPerSecond / echo.requestsPerSecond, 2)}×)`, submit.requestsPerSecond >= echo.requestsPerSecond / 2],
  [`submission p99 < 25 ms`, submit.p99 < 25],
  [`every submission answered 2xx`, submit.non2xx === 0 && submit.errors === 0],
  // A floor that measures slower than what it bounds measures something else (issue 45).
  [`the storage floor is above the submissions (${fmt(floor.requestsPerSecond / submit.requestsPerSecond, 2)}×)`, floor.requestsPerSecond >= submit.requestsPerSecond],
  [`signed Facturae ≥ 1,000 docs/s (${fmt(perSecond(SIGNED_FACTURAE_IN_FLIGHT))}, 8 in flight)`, perSecond(SIGNED_FACTURAE_IN_FLIGHT) >= 1000],
  [`signed FatturaPA ≥ 1,000 docs/s (${fmt(perSecond(SIGNED_FATTURAPA_IN_FLIGHT))}, 8 in flight)`, perSecond(SIGNED_FATTURAPA_IN_FLIGHT) >= 1000],
] as const;
console.log('');
for (const [label, pass] of ok) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${label}`);
if (!ok.every(([, pass]) => pass)) process.exitCode = 1;
}
