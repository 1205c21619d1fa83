import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../src/lib/paths.js';
import { databaseUrlForSync } from './test-database.js';

export const BIN = join(packageRoot, 'bin', 'einvoicing-adapter');

const live = new Set<ChildProcess>();

/** Kills every child still running (an afterEach hook: a failed assertion must not leave one behind). */
export async function killChildren(): Promise<void> {
  const waits = [...live].map((p) => new Promise((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(null) : p.once('close', resolve))));
  for (const p of live) p.kill('SIGKILL');
  await Promise.all(waits);
  live.clear();
}

export interface Child {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in stderr (rejects on exit or timeout). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the real bin as a child process with a clean, explicit environment. */
export function runBin(args: string[], options: { cwd: string; env?: Record<string, string> }): Child {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env };
  // On the suite's PostgreSQL run, the child's data directory has its schema there too.
  const databaseUrl = env.DATABASE_URL === undefined && databaseUrlForSync(resolve(options.cwd, env.DATA_DIR ?? './data'));
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  proc.once('close', () => live.delete(proc));
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = setInterval(() => {
          const m = err.match(pattern);
          if (m) {
            clearInterval(tick);
            resolve(m);
          } else if (proc.exitCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(tick);
            reject(new Error(`no ${pattern} in stderr (exit ${proc.exitCode}):\n${err}\n${out}`));
          }
        }, 20);
      });
    },
  };
}

/** Runs the bin to completion. */
export async function runBinToEnd(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  const child = runBin(args, options);
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}
