import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startAdapter, type AdapterRuntime } from '../../src/runtime/adapter-runtime.js';
import { Metrics } from '../../src/platform/metrics/metrics.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { benchBodies, load, type HttpFigure } from './http.js';

// What metrics cost (issue 44): submissions per second with metrics off and on, in the same run,
// the two adapters loaded in turn (off, on, on, off) so that the machine's drift falls on both.

const KEY = 'bench-key-0123456789abcdef0123456789';
const METRICS_KEY = 'bench-metrics-0123456789abcdef012345';

export interface MetricsFigures {
  off: HttpFigure;
  on: HttpFigure;
  /** Series in one scrape after the load (a check that metrics were on). */
  series: number;
  /** Microseconds a submission spends in the metrics' calls (its counter and its render timer), measured alone. */
  microsPerSubmission: number;
}

/** The hot path's calls alone, many times: a figure the machine's noise does not swamp. */
function instrumentationMicros(): number {
  const metrics = new Metrics({ merchantLabel: false, queues: [], clock: () => new Date() });
  const rounds = 200_000;
  const one = () => {
    metrics.timeRender('PEPPOL', () => 0);
    metrics.submission('PEPPOL', 'ubl-invoice', 'accepted', '');
  };
  for (let i = 0; i < 10_000; i++) one();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) one();
  return ((performance.now() - start) * 1000) / rounds;
}

export async function metricsFigures(seconds: number): Promise<MetricsFigures> {
  const dirs: string[] = [];
  const start = async (env: Record<string, string>): Promise<AdapterRuntime> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'adapter-bench-metrics-'));
    dirs.push(dataDir);
    const settings = resolveSettings({ ADAPTER_PORT: '0', DATA_DIR: dataDir, ADAPTER_CONFIG: FIXTURE_CONFIG, LOG_LEVEL: 'warn', ADAPTER_API_KEY: KEY, ...env });
    return startAdapter(settings, { logger: createLogger('warn'), say: () => undefined });
  };
  const off = await start({});
  const on = await start({ METRICS_API_KEY: METRICS_KEY });
  try {
    const headers = { authorization: `Bearer ${KEY}` };
    const run = (name: string, adapter: AdapterRuntime, prefix: string, s: number) => load(name, `${adapter.url}/einvoicing/documents`, headers, benchBodies(prefix).body, s);
    await run('warm-up', off, 'WARM-OFF', 2);
    await run('warm-up', on, 'WARM-ON', 2);
    const half = Math.max(1, Math.round(seconds / 2));
    const parts = { off: [] as HttpFigure[], on: [] as HttpFigure[] };
    parts.off.push(await run('off', off, 'OFF-1', half));
    parts.on.push(await run('on', on, 'ON-1', half));
    parts.on.push(await run('on', on, 'ON-2', half));
    parts.off.push(await run('off', off, 'OFF-2', half));
    const scrape = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_KEY}` } });
    const series = (await scrape.text()).split('\n').filter((l) => l && !l.startsWith('#')).length;
    return {
      off: merged('POST /einvoicing/documents, metrics off', parts.off),
      on: merged('POST /einvoicing/documents, metrics on (METRICS_API_KEY)', parts.on),
      series,
      microsPerSubmission: instrumentationMicros(),
    };
  } finally {
    await off.close();
    await on.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** Two halves as one line: mean rate, the worse percentile, the sums. */
function merged(name: string, [a, b]: HttpFigure[]): HttpFigure {
  return {
    name,
    requestsPerSecond: (a!.requestsPerSecond + b!.requestsPerSecond) / 2,
    p50: Math.max(a!.p50, b!.p50),
    p99: Math.max(a!.p99, b!.p99),
    non2xx: a!.non2xx + b!.non2xx,
    errors: a!.errors + b!.errors,
  };
}
