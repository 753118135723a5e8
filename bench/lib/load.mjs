import autocannon from "autocannon";

/**
 * One autocannon run; answers requests/s, latency percentiles and every kind of failure. Timed runs
 * start with a short unmeasured warm-up, so the figures are of a server past its first compilations
 * (`warmup: false` skips it, for a server measured a moment ago). autocannon's own percentiles skip
 * the 95th: with `p95`, every answer's time is kept and its 95th percentile answered too (nearest
 * rank, in milliseconds).
 */
export function load({
  url,
  method = "GET",
  headers = {},
  body,
  connections = 32,
  duration = 8,
  amount,
  requests,
  setupClient,
  p95 = false,
  warmup = true,
}) {
  // The promise form: autocannon runs its warm-up only when no callback is given.
  const run = autocannon({
    url,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    requests,
    setupClient,
    timeout: 10,
    // Either a number of requests or a timed run after a warm-up (autocannon refuses an undefined duration).
    ...(amount ? { amount } : { duration, ...(warmup && { warmup: { connections, duration: 2 } }) }),
  });
  // The measured run's answers only: the warm-up reports to a tracker of its own.
  const times = [];
  if (p95) run.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  return run.then((result) => ({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    p95: p95 ? nearestRank(times, 0.95) : undefined,
  }));
}

function nearestRank(values, fraction) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(fraction * sorted.length) - 1];
}
