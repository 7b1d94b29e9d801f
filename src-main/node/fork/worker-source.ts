/**
 * Source of the upstream worker, run with `new Worker(source, { eval: true })` (text for the same
 * reason as signatures/worker-source.ts: one code path under tsx, vitest and the bundle).
 *
 * Why a worker: the node reads state synchronously (actuators and the VM read inside a
 * transaction's journal), so a fork's state miss must be answered before the read returns. The
 * main thread posts a batch of HTTP requests and blocks on `Atomics.wait`; the worker runs them
 * with at most `concurrency` in flight, retries 429, 5xx and connection failures with
 * exponential backoff, then posts the answers and wakes the main thread, which takes them with
 * `receiveMessageOnPort`.
 *
 * Protocol: { requests: [{ method, url, headers, body }], flag } → { results: [{ status, text }
 * | { error }] } on the port, then flag[0] = 1.
 */
export const UPSTREAM_WORKER_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const { port, concurrency, attempts, backoffMs, timeoutMs } = workerData;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function once(request) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    return { status: response.status, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}
async function withRetries(request) {
  let last;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
    try {
      const answer = await once(request);
      if (answer.status !== 429 && answer.status < 500) return { ...answer, attempts: attempt + 1 };
      last = { error: 'HTTP ' + answer.status + (answer.text ? ': ' + answer.text.slice(0, 200) : ''), attempts: attempt + 1 };
    } catch (error) {
      const cause = error && error.cause && (error.cause.code || error.cause.message);
      last = { error: (cause ? cause + ' ' : '') + String((error && error.message) || error), attempts: attempt + 1 };
    }
  }
  return last;
}
port.on('message', async ({ requests, flag }) => {
  const results = new Array(requests.length);
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const i = next++;
      results[i] = await withRetries(requests[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, lane));
  port.postMessage({ results });
  const cell = new Int32Array(flag);
  Atomics.store(cell, 0, 1);
  Atomics.notify(cell, 0);
});
`;
