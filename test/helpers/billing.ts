import Chargebee from 'chargebee';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling, type BillingRuntime } from '../../src/runtime/billing-runtime.js';
import { tempDir } from './temp-dir.js';

export const BILLING_TEST_KEY = 'test_billing_key_0123456789';

export interface TestBilling {
  url: string;
  runtime: BillingRuntime;
  /** The platform's official client, pointed at this module as the issue describes. */
  client: InstanceType<typeof Chargebee>;
  /**
   * Raw HTTP with Basic auth (`key: null` sends none); `form` is sent form-urlencoded as is, `body`
   * exactly as given with `headers` (a POST).
   */
  call(path: string, init?: { method?: string; form?: string; key?: string | null; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startTestBilling(options: { clock?: () => Date } = {}): Promise<TestBilling> {
  const dataDir = tempDir('billing-test-');
  const settings = resolveSettings({ BILLING_PORT: '0', DATA_DIR: dataDir, BILLING_API_KEY: BILLING_TEST_KEY, SHUTDOWN_TIMEOUT: '1' });
  const runtime = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined, ...(options.clock && { clock: options.clock }) });
  const client = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: runtime.port, apiPath: '/api/v1' } as never);
  return {
    url: runtime.url,
    runtime,
    client,
    async call(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const key = init.key === undefined ? BILLING_TEST_KEY : init.key;
      if (key !== null) headers.authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const body = init.form ?? init.body;
      const res = await fetch(`${runtime.url}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, ...(body !== undefined && { body }) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    close: () => runtime.close(),
  };
}

/** The error a client call rejected with (the client rejects with the platform's error body). */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, any>> {
  try {
    await promise;
  } catch (err) {
    return err as Record<string, any>;
  }
  throw new Error('expected the call to fail');
}
