import nock from 'nock';

// The platform's e-invoice status endpoints (POST /api/v2/{invoices|credit_notes}/{id}/einvoice_status)
// played with nock on `origin`: every callback the adapter posts, kept in order with its form.

export interface StatusCallback {
  path: string;
  status: string;
  body: URLSearchParams;
}

/** Answers every status callback to `origin` 200 and records it; the adapter's own 127.0.0.1 stays reachable. */
export function recordStatusCallbacks(origin: string): StatusCallback[] {
  const callbacks: StatusCallback[] = [];
  nock.enableNetConnect('127.0.0.1');
  nock(origin)
    .persist()
    .post(/\/api\/v2\/(invoices|credit_notes)\/.*\/einvoice_status/)
    .reply(200, function (path, body) {
      const form = new URLSearchParams(body as string);
      callbacks.push({ path, status: form.get('status') ?? '', body: form });
      return {};
    });
  return callbacks;
}
