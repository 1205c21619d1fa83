import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

const invoice = (id: string) => ({ ...(JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, unknown>), id });

describe('load shedding (MAX_IN_FLIGHT)', () => {
  let adapter: TestAdapter;
  const sockets: Socket[] = [];
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none', MAX_IN_FLIGHT: '2' } });
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await adapter.close();
  });

  /** A submission whose body arrives only when `finish` is called: in flight until then. */
  async function slowSubmission(id: string): Promise<{ finish: () => Promise<string> }> {
    const { port } = new URL(adapter.url);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify(invoice(id));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write(
      `POST /einvoicing/documents HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${adapter.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    return {
      finish: async () => {
        socket.write(body.slice(10));
        while (!/\r\n\r\n[\s\S]*\}$/.test(answer)) await new Promise((r) => setTimeout(r, 10));
        return answer;
      },
    };
  }

  it('answers 503 with Retry-After at once above the bound, keeps /health fast, and takes submissions again below it', async () => {
    const first = await slowSubmission('INV-SHED-1');
    const second = await slowSubmission('INV-SHED-2');
    // Both are in flight once the adapter has read their headers: until then a third one may still pass.
    let shed: Response | undefined;
    for (let i = 0; i < 40 && shed?.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      shed = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice(`INV-SHED-PROBE-${i}`) });
      if (shed.status === 503) expect(Date.now() - started, 'answered at once').to.be.below(1000);
    }
    expect(shed!.status).to.equal(503);
    expect(shed!.headers.get('retry-after')).to.equal('1');
    const body = await bodyOf(shed!);
    expectShape(ErrorResponseSchema, body);
    expect(body.errors[0].code).to.equal('SERVICE_UNAVAILABLE');

    // Reads and the health check are not bounded.
    const health = await adapter.call('/health', { key: null });
    expect(health.status).to.equal(200);

    expect(await first.finish()).to.match(/^HTTP\/1\.1 200 /);
    expect(await second.finish()).to.match(/^HTTP\/1\.1 200 /);
    const again = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice('INV-SHED-3') });
    expect(again.status).to.equal(200);
  });
});
