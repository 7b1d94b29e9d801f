import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signing. Each POST carries
 *   X-Watchtower-Timestamp: <unix time in seconds, decimal ASCII>
 *   X-Watchtower-Signature: sha256=<64 lowercase hex digits>
 * where the hex is HMAC-SHA256 (RFC 2104) keyed with the shared secret's UTF-8 bytes over the
 * exact bytes: the timestamp as sent, one "." (0x2E), then the raw request body (UTF-8 JSON,
 * byte for byte as received). The timestamp is signed so a receiver can refuse replays.
 */
export const SIGNATURE_HEADER = 'X-Watchtower-Signature';
export const TIMESTAMP_HEADER = 'X-Watchtower-Timestamp';
export const DELIVERY_HEADER = 'X-Watchtower-Delivery';

export function signedBytes(timestamp: string, body: string): Buffer {
  return Buffer.concat([Buffer.from(timestamp, 'ascii'), Buffer.from('.', 'ascii'), Buffer.from(body, 'utf8')]);
}

export function signWebhook(secret: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8')).update(signedBytes(timestamp, body)).digest('hex');
  return `sha256=${mac}`;
}

/** What a receiver runs: true when `header` is the signature of `body` at `timestamp` (constant-time). */
export function verifyWebhook(secret: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body), 'ascii');
  const given = Buffer.from(header, 'ascii');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
