import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NumberedEvent } from '../../../src-main/watchtower/types';
import { WebhookSender, type WebhookOptions } from '../../../src-main/watchtower/webhook';
import { startReceiver, type Receiver } from './webhook-receiver';

const SECRET = 'correct horse battery staple';
const EVENT: NumberedEvent = {
  seq: 7,
  network: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
  event: { type: 'gap-opened', gap: { from: 10, openedAt: 1 }, reason: 'node away' },
};

let dir: string;
let receiver: Receiver | undefined;
const waits: number[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webhook-'));
  waits.length = 0;
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  await rm(dir, { recursive: true, force: true });
});

function sender(url: string, options: Partial<WebhookOptions> = {}): WebhookSender {
  return new WebhookSender({
    url,
    secret: SECRET,
    deadLetterFile: join(dir, 'dead.jsonl'),
    backoffMs: 10,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

describe('the webhook', () => {
  it('posts the event signed so that the receiver’s HMAC check passes', async () => {
    receiver = await startReceiver(SECRET, [204]);
    expect(await sender(receiver.url).deliver(EVENT)).toEqual({ delivered: true, attempts: 1 });
    const [request] = receiver.received;
    expect(request!.signatureValid).toBe(true);
    expect(JSON.parse(request!.body)).toEqual(EVENT);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-watchtower-delivery']).toBe('0000000000000000-7');
  });

  it('delivers on the fourth try to a receiver that answers 500 three times, backing off in between', async () => {
    receiver = await startReceiver(SECRET, [500, 500, 500, 200]);
    expect(await sender(receiver.url).deliver(EVENT)).toEqual({ delivered: true, attempts: 4 });
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    expect(waits).toEqual([10, 20, 40]);
    await expect(readFile(join(dir, 'dead.jsonl'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes the event to the dead-letter file when the receiver never accepts it', async () => {
    receiver = await startReceiver(SECRET, [503]);
    const outcome = await sender(receiver.url, { maxAttempts: 3 }).deliver(EVENT);
    expect(outcome).toEqual({ delivered: false, attempts: 3, reason: 'HTTP 503' });
    const lines = (await readFile(join(dir, 'dead.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      attempts: 3,
      reason: 'HTTP 503',
      url: receiver.url,
      delivery: EVENT,
    });
  });

  it('gives up at once on a receiver that refuses the event (4xx)', async () => {
    receiver = await startReceiver(SECRET, [400, 200]);
    expect(await sender(receiver.url).deliver(EVENT)).toEqual({ delivered: false, attempts: 1, reason: 'HTTP 400' });
    expect(receiver.received).toHaveLength(1);
    expect(await readFile(join(dir, 'dead.jsonl'), 'utf8')).toContain('"reason":"HTTP 400"');
  });

  it('waits as long as a 429 asks (Retry-After) before trying again', async () => {
    receiver = await startReceiver(SECRET, [429, 200], { 'Retry-After': '2' });
    expect(await sender(receiver.url).deliver(EVENT)).toEqual({ delivered: true, attempts: 2 });
    expect(waits).toEqual([2000]);
  });

  it('retries a receiver that cannot be reached, then dead-letters', async () => {
    const outcome = await sender('http://127.0.0.1:9/unreachable', { maxAttempts: 2 }).deliver(EVENT);
    expect(outcome).toMatchObject({ delivered: false, attempts: 2 });
    expect(waits).toEqual([10]);
    expect(await readFile(join(dir, 'dead.jsonl'), 'utf8')).toContain('"seq":7');
  });

  it('refuses a URL that is not http(s) and an empty secret', () => {
    expect(() => sender('ftp://example.org/hook')).toThrow(expect.objectContaining({ code: 'WATCH_CONFIG_INVALID' }));
    expect(() => sender('https://example.org/hook', { secret: '' })).toThrow(
      expect.objectContaining({ code: 'WATCH_CONFIG_INVALID' }),
    );
  });
});
