import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyVerifier } from '../../src/platform/http/api-key.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { resolveSettings, type Settings } from '../../src/platform/config/settings.js';
import type { Driver } from '../../src/spi/driver.js';
import { createLogger } from '../../src/lib/log.js';
import { startAdapter, type AdapterRuntime } from '../../src/runtime/adapter-runtime.js';
import { databaseUrlFor } from './test-database.js';

export type LogLine = Record<string, unknown> & { msg: string; level: string };

export interface TestAdapter {
  url: string;
  key: string;
  dataDir: string;
  runtime: AdapterRuntime;
  logs: LogLine[];
  said: string[];
  /** fetch against the adapter; `key: null` sends no Authorization. */
  call(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestAdapterOptions {
  env?: Record<string, string>;
  drivers?: readonly Driver[];
  verifier?: KeyVerifier;
  dataDir?: string;
  clock?: () => Date;
}

/** The real runtime (config, store, migrations, Koa, HTTP) on an ephemeral port in a temp DATA_DIR. */
export async function startTestAdapter(options: TestAdapterOptions = {}): Promise<TestAdapter> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'adapter-test-'));
  // A registry of the test's own drivers takes the demo's entities without the demo's driver settings (keyed by ids it lacks).
  const ownConfig = options.drivers && !options.env?.ADAPTER_CONFIG ? { ADAPTER_CONFIG: demoWithoutDriverSettings(dataDir) } : {};
  const databaseUrl = options.env?.DATABASE_URL ?? (await databaseUrlFor(options.env?.DATA_DIR ?? dataDir));
  const shared = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const settings: Settings = resolveSettings({ ADAPTER_PORT: '0', DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: '2', ...ownConfig, ...shared, ...options.env });
  const logs: LogLine[] = [];
  const said: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  const runtime = await startAdapter(settings, {
    logger,
    say: (line) => void said.push(line),
    ...(options.drivers ? { drivers: options.drivers } : {}),
    ...(options.verifier ? { verifier: options.verifier } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const key = runtime.apiKey.key;
  return {
    url: runtime.url,
    key,
    dataDir,
    runtime,
    logs,
    said,
    call(path, init = {}) {
      const { key: k = key, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (k !== null && !headers.has('authorization')) headers.set('authorization', JSON.stringify({ api_key: k }));
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        rest.body = JSON.stringify(json);
      }
      return fetch(`${runtime.url}${path}`, { ...rest, headers });
    },
    async close() {
      await runtime.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function demoWithoutDriverSettings(dir: string): string {
  const { drivers: _drivers, ...config } = demoConfig();
  const file = join(dir, 'demo-entities.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}
