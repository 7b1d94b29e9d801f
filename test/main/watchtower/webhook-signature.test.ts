import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, signedBytes, verifyWebhook } from '../../../src-main/watchtower/webhook-signature';

describe('webhook signatures', () => {
  const body = '{"seq":1,"event":{"type":"alert"}}';

  it('signs the timestamp, a dot and the body with HMAC-SHA256, as the README documents', () => {
    expect(signedBytes('1700000000', body).toString('utf8')).toBe(`1700000000.${body}`);
    const expected = createHmac('sha256', 'k3y').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('k3y', '1700000000', body)).toBe(`sha256=${expected}`);
  });

  it('accepts its own signature and refuses a changed body, timestamp or secret', () => {
    const signature = signWebhook('k3y', '1700000000', body);
    expect(verifyWebhook('k3y', '1700000000', body, signature)).toBe(true);
    expect(verifyWebhook('k3y', '1700000000', body.replace('1', '2'), signature)).toBe(false);
    expect(verifyWebhook('k3y', '1700000001', body, signature)).toBe(false);
    expect(verifyWebhook('other', '1700000000', body, signature)).toBe(false);
    expect(verifyWebhook('k3y', '1700000000', body, 'sha256=00')).toBe(false);
  });
});
