// Reading the Prometheus text format the metrics endpoints answer (test/metrics/).

/** `name{labels} value` lines: the value of the series with exactly these labels; undefined when there is none. */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean).sort().join(',');
    if (got === want) return Number(m[3]);
  }
  return undefined;
}

/** Every label value of the samples whose line starts with `prefix`, to check none carries an id. */
export function labelValues(text: string, prefix: string): string[] {
  const values: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    for (const m of line.matchAll(/[a-zA-Z_]+="([^"]*)"/g)) values.push(m[1]!);
  }
  return values;
}

export const METRICS_KEY = 'metrics-key-0123456789abcdefghijklmnopqrstuv';

/** GET /metrics on `url` with the metrics key. */
export async function scrapeWithKey(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_KEY}` } });
  if (res.status !== 200) throw new Error(`GET ${url}/metrics answered ${res.status}`);
  return res.text();
}
