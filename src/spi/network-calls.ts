// What a driver's network reports of each call it makes to a service outside the adapter (issue
// 44): an SMP lookup, an AS4 send, a request to a tax platform's API. The network gets it through
// NetworkDeps.calls, bound to its driver; absent (metrics off), nothing is reported. A call's name
// comes from a small fixed set each client writes in its code (`smp_lookup`, `as4_send`,
// `platform_createFlow`), never from a request's values, so the series stay bounded.

/** How a call ended: an HTTP answer by its class (3xx counts as ok: the client asked no redirect), or none (network, timeout). */
export type CallOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'network' | 'timeout';

/** Records one call of a kind: its outcome and how long it took. */
export type CallMeter = (outcome: CallOutcome, seconds: number) => void;

export interface NetworkCalls {
  /** The meter of one kind of call. */
  meter(call: string): CallMeter;
  /** A receiver lookup answered from the lookup cache, or asked of the network (SML and SMP). */
  lookup(source: 'cache' | 'network'): void;
}

/** The outcome of an HTTP answer. */
export function outcomeOf(status: number): CallOutcome {
  return status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'ok';
}
