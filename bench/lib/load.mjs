import autocannon from "autocannon";

/**
 * One autocannon run; answers requests/s, latency percentiles and every kind of failure. Timed runs
 * start with a short unmeasured warm-up, so the figures are of a server past its first compilations.
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
}) {
  // The promise form: autocannon runs its warm-up only when no callback is given.
  return autocannon({
    url,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    requests,
    setupClient,
    timeout: 10,
    // Either a number of requests or a timed run after a warm-up (autocannon refuses an undefined duration).
    ...(amount ? { amount } : { duration, warmup: { connections, duration: 2 } }),
  }).then((result) => ({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  }));
}
