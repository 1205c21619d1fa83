import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/lib/paths.js';

// The command line's start-up (issue 39): `--help` and `drivers` as whole processes, and `start`
// from its spawn until GET /health answers 200, beside `node -e 0`, the floor no command beats.
// BENCH_BIN runs another checkout's bin (the before of a before-and-after).

const BIN = process.env.BENCH_BIN ?? join(packageRoot, 'bin', 'einvoicing-adapter');

export interface CliFigure {
  name: string;
  median: number;
  min: number;
  max: number;
  runs: number;
}

function figure(name: string, ms: number[]): CliFigure {
  const sorted = [...ms].sort((a, b) => a - b);
  return { name, median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)!, runs: ms.length };
}

function timed(args: string[], runs: number): number[] {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return ms;
}

/** From spawning `start` in a fresh data directory until /health answers 200. */
async function startToHealth(runs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, 'start'], { cwd: dir, env: { PATH: process.env.PATH ?? '', ADAPTER_PORT: '0', BILLING_PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /adapter listening on (http:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`start exited ${code}: ${err}`)));
    });
    for (;;) {
      const ok = await fetch(`${url}/health`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  return ms;
}

export async function cliFigures(runs = 10): Promise<CliFigure[]> {
  return [
    figure('node -e 0 (the floor)', timed(['-e', '0'], runs)),
    figure('einvoicing-adapter --help', timed([BIN, '--help'], runs)),
    figure('einvoicing-adapter drivers', timed([BIN, 'drivers'], runs)),
    figure('einvoicing-adapter start, until /health answers 200', await startToHealth(Math.max(3, Math.floor(runs / 2)))),
  ];
}
