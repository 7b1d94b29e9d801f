import { describe, expect, it } from 'vitest';
import { watchChannels, watchEvents } from '../../../src-core/ipc/channels/watch';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;
const rules = {
  permissionChanged: true,
  unexpectedSigner: true,
  signersFromChain: true,
  expectedSigners: [] as string[],
  outgoingValue: true,
  outgoingTrxSun: 0n,
  stakingChanged: true,
  contractSettings: true,
  balanceFloor: true,
  floorTrxSun: 100_000_000n,
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('watch channel schemas', () => {
  it('take an address in either form and a label for watch:add', () => {
    for (const form of [address.base58, address.hex])
      expect(watchChannels['watch:add'].input.safeParse({ address: form, label: ' Treasury ' })).toMatchObject({
        success: true,
        data: { label: 'Treasury' },
      });
    expect(messages(watchChannels['watch:add'].input.safeParse({ address: 'T123', label: 'x' }))).toEqual([
      ['address', 'must be a TRON address (T… or 41…) with a valid checksum'],
    ]);
  });

  it('want every rule and thresholds as whole sun for watch:setRules', () => {
    expect(watchChannels['watch:setRules'].input.safeParse({ address: address.base58, rules }).success).toBe(true);
    expect(
      messages(
        watchChannels['watch:setRules'].input.safeParse({
          address: address.base58,
          rules: { ...rules, floorTrxSun: -1n },
        }),
      ),
    ).toEqual([['rules.floorTrxSun', 'must not be negative']]);
    expect(
      messages(
        watchChannels['watch:setRules'].input.safeParse({
          address: address.base58,
          rules: { ...rules, expectedSigners: ['T123'] },
        }),
      ),
    ).toEqual([['rules.expectedSigners.0', 'must be a TRON address (T… or 41…) with a valid checksum']]);
    const { stakingChanged: _left, ...missing } = rules;
    expect(watchChannels['watch:setRules'].input.safeParse({ address: address.base58, rules: missing }).success).toBe(
      false,
    );
  });

  it('mark alerts read only by id, refusing a call that names none and what is no alert id', () => {
    expect(messages(watchChannels['watch:markRead'].input.safeParse({}))).toEqual([
      ['ids', 'must list the alert ids to mark read'],
    ]);
    expect(messages(watchChannels['watch:markRead'].input.safeParse({ ids: [] }))).toEqual([
      ['ids', 'must name at least one alert'],
    ]);
    expect(watchChannels['watch:markRead'].input.safeParse({ ids: ['ab'.repeat(32)] }).success).toBe(true);
    expect(messages(watchChannels['watch:markRead'].input.safeParse({ ids: ['nope'] }))).toEqual([
      ['ids.0', 'must be an alert id'],
    ]);
  });

  it('announce an alert change with the unread count', () => {
    expect(
      watchEvents['watch:alert'].payload.safeParse({ change: 'raised', id: 'ab'.repeat(32), txid: null, unread: 3 })
        .success,
    ).toBe(true);
    expect(
      watchEvents['watch:alert'].payload.safeParse({ change: 'moved', id: 'ab'.repeat(32), txid: null, unread: 3 })
        .success,
    ).toBe(false);
  });
});
