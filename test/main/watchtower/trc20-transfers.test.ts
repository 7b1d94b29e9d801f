import { describe, expect, it } from 'vitest';
import { trc20Transfers } from '../../../src-main/watchtower/trc20-transfers';

const TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TOKEN = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const FROM = '41' + '11'.repeat(20);
const TO = '41' + '22'.repeat(20);
const word = (hex: string): string => hex.padStart(64, '0');

describe('TRC-20 Transfer events from transaction logs', () => {
  it('reads from, to and amount from a standard event (from and to indexed)', () => {
    const logs = [{ address: TOKEN, topics: [TOPIC, word(FROM.slice(2)), word(TO.slice(2))], data: word('0f4240') }];
    expect(trc20Transfers(logs)).toEqual([{ token: `41${TOKEN}`, from: FROM, to: TO, amount: 1_000_000n }]);
  });

  it('reads an early token that indexes nothing and puts the three words in data', () => {
    const data = word(FROM.slice(2)) + word(TO.slice(2)) + word('ff');
    expect(trc20Transfers([{ address: TOKEN, topics: [`0x${TOPIC}`], data }])).toEqual([
      { token: `41${TOKEN}`, from: FROM, to: TO, amount: 255n },
    ]);
  });

  it('skips other events and words that are no address', () => {
    const approval = '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
    expect(
      trc20Transfers([
        { address: TOKEN, topics: [approval, word(FROM.slice(2)), word(TO.slice(2))], data: word('01') },
        { address: TOKEN, topics: [TOPIC, 'ff'.repeat(32), word(TO.slice(2))], data: word('01') },
        { address: TOKEN, topics: [TOPIC, word(FROM.slice(2))], data: word('01') },
      ]),
    ).toEqual([]);
  });
});
