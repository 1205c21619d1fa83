import type { Database } from '../../../platform/store/db.js';

// The webhook outbox: one row per (event, endpoint). A row is `scheduled` until its first
// attempt, `re_scheduled` while automatic retries remain, and ends `succeeded`, `failed` or
// `skipped` (the endpoint was disabled, deleted, or not subscribed to the event's type).

export type DeliveryState = 'scheduled' | 're_scheduled' | 'succeeded' | 'failed' | 'skipped';

export interface DeliveryRow {
  id: number;
  /** The queue worker's key: an event's endpoints are called one after another. */
  documentId: string;
  eventId: string;
  endpointId: string;
  state: DeliveryState;
  attempts: number;
  retries: number;
  manual: boolean;
}

export interface DeliveryUpdate {
  id: number;
  state: DeliveryState;
  attempts: number;
  retries: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  at: string;
}

/** The live states of the outbox, what the metrics' gauges show (queue `billing_webhooks`). */
export const LIVE_DELIVERY_STATES = { billing_webhooks: ['scheduled', 're_scheduled'] } as const;

const SELECT = `SELECT id, event_id AS eventId, event_id AS documentId, endpoint_id AS endpointId, state, attempts, retries, manual FROM webhook_deliveries`;

export function webhookDeliveries(db: Database) {
  const insert = db.prepare("INSERT INTO webhook_deliveries (event_id, endpoint_id, state, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const due = db.prepare<[string, number], DeliveryRow>(`${SELECT} WHERE state IN ('scheduled', 're_scheduled') AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`);
  const nextDue = db.prepare<[], { at: string | null }>("SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE state IN ('scheduled', 're_scheduled')");
  const update = db.prepare(
    'UPDATE webhook_deliveries SET state = @state, attempts = @attempts, retries = @retries, next_attempt_at = @nextAttemptAt, last_status = @lastStatus, last_error = @lastError, updated_at = @at WHERE id = @id',
  );
  const ofEvent = db.prepare<[string], { endpointId: string; state: DeliveryState }>('SELECT endpoint_id AS endpointId, state FROM webhook_deliveries WHERE event_id = ? ORDER BY id');
  const resend = db.prepare(
    "UPDATE webhook_deliveries SET state = CASE WHEN state IN ('scheduled', 're_scheduled') THEN state ELSE 'scheduled' END, manual = CASE WHEN state IN ('scheduled', 're_scheduled') THEN manual ELSE 1 END, next_attempt_at = @at, updated_at = @at WHERE event_id = @eventId AND (@endpointId IS NULL OR endpoint_id = @endpointId)",
  );
  const get = db.prepare<[number], DeliveryRow & { nextAttemptAt: string | null; lastStatus: number | null; lastError: string | null }>(
    `SELECT id, event_id AS eventId, event_id AS documentId, endpoint_id AS endpointId, state, attempts, retries, manual, next_attempt_at AS nextAttemptAt, last_status AS lastStatus, last_error AS lastError FROM webhook_deliveries WHERE id = ?`,
  );
  // Through the partial index of the live rows (webhook_deliveries_due): the finished ones are never read.
  const depths = db.prepare<[], { queue: string; state: string; count: number; oldest: string | null }>(
    "SELECT 'billing_webhooks' AS queue, state, count(*) AS count, min(created_at) AS oldest FROM webhook_deliveries WHERE state IN ('scheduled', 're_scheduled') GROUP BY state",
  );
  const toRow = (r: DeliveryRow): DeliveryRow => ({ ...r, manual: Boolean(r.manual) });
  return {
    insert: (eventId: string, endpointId: string, state: 'scheduled' | 'skipped', at: string) => void insert.run(eventId, endpointId, state, state === 'scheduled' ? at : null, at, at),
    due: (now: string, limit: number) => due.all(now, limit).map(toRow),
    nextDueAt: () => nextDue.get()?.at ?? undefined,
    /** Live rows per state with the oldest's creation, for the queue gauges; a state without rows is absent. */
    depths: () => depths.all(),
    update: (u: DeliveryUpdate) => void update.run(u),
    ofEvent: (eventId: string) => ofEvent.all(eventId),
    get: (id: number) => {
      const r = get.get(id);
      return r && { ...r, manual: Boolean(r.manual) };
    },
    /** Sends the event's deliveries (or one endpoint's) again now; a pending one just comes forward. Returns how many rows. */
    resend: (eventId: string, endpointId: string | null, at: string) => resend.run({ eventId, endpointId, at }).changes,
  };
}

export type WebhookDeliveries = ReturnType<typeof webhookDeliveries>;
