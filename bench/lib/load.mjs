import autocannon from "autocannon";

/** One autocannon run; answers requests/s, latency percentiles and every kind of failure. */
export function load({
  url,
  method = "GET",
  headers = {},
  body,
  connections = 32,
  duration = 8,
  amount,
  requests,
}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        connections,
        duration: amount ? undefined : duration,
        amount,
        requests,
        timeout: 10,
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          mean: result.latency.mean,
          errors: result.errors + result.timeouts + result.non2xx,
          total: result.requests.total,
        });
      },
    );
  });
}
