import nock from 'nock';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACE_ENDPOINTS } from '../../drivers/face/network.js';
import { FIXTURES_DIR } from './fixtures.js';

/**
 * FACe's staging endpoint played by nock: it takes one enviarFactura and answers with its recorded
 * "correcto"; nothing else leaves 127.0.0.1. `request()` is the SOAP envelope it was sent.
 */
export function faceReceivesOne(): { scope: nock.Scope; request: () => string } {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  const url = new URL(FACE_ENDPOINTS.staging);
  let request = '';
  const scope = nock(`${url.protocol}//${url.host}`)
    .post(url.pathname, (b: string) => ((request = b), b.includes('<web:enviarFactura>')))
    .reply(200, readFileSync(join(FIXTURES_DIR, 'face', 'transport', 'enviarFactura-correcto.xml'), 'utf8'), { 'content-type': 'text/xml;charset=UTF-8' });
  return { scope, request: () => request };
}
