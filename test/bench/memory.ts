import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBodies, load, type HttpFigure } from './http.js';
import { serve } from './stores.js';

// Memory under load (issue 45): the real bin (`serve --workers 1`, SQLite), its resident set read
// from /proc while the bench's submission load runs. With --workers 1 the bin does not fork
// (src/cli/actions/serve.ts: a primary only for N > 1), so the process that serves is the one
// started, its SQLite writer thread inside it; the tree's total (the process and any children) is
// read beside it, to show that nothing else grows.

const KEY = 'bench-key-0123456789abcdef0123456789';
const auth = { authorization: `Bearer ${KEY}` };

/** Submissions of the long part: 1,000,000 for the claim, fewer by default (minutes, not an hour). */
export const MEMORY_SUBMISSIONS = Number(process.env.BENCH_MEMORY_SUBMISSIONS ?? 50_000);
/** Samples of the long part: one every tenth of it (every 100,000 of 1,000,000). */
const LONG_SAMPLES = 10;

/** A process's memory from /proc/PID/status, in MB: all resident (VmRSS) and its anonymous part (heaps, not mapped files). */
export interface Rss {
  rss: number;
  anon: number;
}

function statusOf(pid: number): Rss {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024 };
}

/** `pid` and its descendants, found by their parent in /proc/N/stat. */
function treeOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (field 2) may hold spaces; the parent follows its closing parenthesis.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

export interface Sample {
  /** Seconds since the load started (negative: before it). */
  at: number;
  /** Submissions sent so far in the long part. */
  sent?: number;
  serving: Rss;
  tree: Rss & { processes: number };
}

function sample(pid: number, at: number, sent?: number): Sample {
  const tree = treeOf(pid).map((p) => {
    try {
      return statusOf(p);
    } catch {
      return { rss: 0, anon: 0 };
    }
  });
  return {
    at,
    ...(sent !== undefined && { sent }),
    serving: statusOf(pid),
    tree: { rss: tree.reduce((s, r) => s + r.rss, 0), anon: tree.reduce((s, r) => s + r.anon, 0), processes: tree.length },
  };
}

export interface MemoryFigures {
  /** After the warm-up, before the load. */
  start: Sample;
  /** Every second of the 30 s of load, then of the 10 s after it. */
  during: Sample[];
  after: Sample[];
  load: HttpFigure;
  /** The long part: a sample every tenth of MEMORY_SUBMISSIONS. */
  long: Sample[];
  longLoad: HttpFigure;
  longSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function memoryFigures(loadSeconds = 30, afterSeconds = 10): Promise<MemoryFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adapter-bench-memory-'));
  const adapter = await serve(dataDir, 1);
  const url = `${adapter.url}/einvoicing/documents`;
  const { body } = benchBodies(`MEM-${Date.now()}`);
  try {
    // The warm-up fills what a first request fills (compiled code, prepared statements, the
    // directory): the start is the process ready to serve, not the process just born.
    await load('warm-up', url, auth, (n) => body(n + 10_000_000), 3);
    await sleep(2000);
    const start = sample(adapter.pid, 0);

    const began = Date.now();
    const since = () => (Date.now() - began) / 1000;
    const during: Sample[] = [];
    // Read on the bench's own event loop between autocannon's requests: about once a second.
    const timer = setInterval(() => during.push(sample(adapter.pid, since())), 1000);
    const loaded = await load(`POST /einvoicing/documents, ${loadSeconds} s`, url, auth, body, loadSeconds);
    clearInterval(timer);
    const after: Sample[] = [];
    const ended = Date.now();
    while (Date.now() - ended < afterSeconds * 1000) {
      await sleep(1000);
      after.push(sample(adapter.pid, since()));
    }

    const long: Sample[] = [];
    const every = Math.max(1, Math.floor(MEMORY_SUBMISSIONS / LONG_SAMPLES));
    const longBegan = Date.now();
    let sent = 0;
    const longLoad = await load(`POST /einvoicing/documents, ${MEMORY_SUBMISSIONS.toLocaleString('en-US')} submissions`, url, auth, (n) => {
      // A sample as each tenth is sent (the requests still in flight are at most the 32 connections').
      if (++sent % every === 0) long.push(sample(adapter.pid, (Date.now() - longBegan) / 1000, sent));
      return body(n + 1_000_000_000);
    }, { amount: MEMORY_SUBMISSIONS });
    return { start, during, after, load: loaded, long, longLoad, longSeconds: (Date.now() - longBegan) / 1000 };
  } finally {
    await adapter.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
