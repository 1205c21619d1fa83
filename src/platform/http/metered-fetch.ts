import { outcomeOf, type CallMeter } from '../../spi/network-calls.js';

// fetch with a network's call meter, for the clients that take a fetch rather than use
// httpRequest (oauth4webapi's token requests, through its customFetch option): the same outcomes
// as httpRequest's, timed to the answer's headers.

export function meteredFetch(meter: CallMeter): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const res = await fetch(url, init);
      meter(outcomeOf(res.status), seconds());
      return res;
    } catch (err) {
      // AbortSignal.timeout aborts with a TimeoutError; anything else is no answer.
      meter(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network', seconds());
      throw err;
    }
  };
}
