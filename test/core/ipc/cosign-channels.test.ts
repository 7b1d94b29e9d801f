import { describe, expect, it } from 'vitest';
import { addressBookChannels } from '../../../src-core/ipc/channels/address-book';
import { cosignChannels, cosignEvents } from '../../../src-core/ipc/channels/cosign';
import { historyChannels } from '../../../src-core/ipc/channels/history';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): [string, string][] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('cosign channels', () => {
  it('name envelopes by their store id and accounts by theirs', () => {
    expect(cosignChannels['cosign:get'].input.parse({ id: 'env_0123456789abcdef' })).toEqual({
      id: 'env_0123456789abcdef',
    });
    expect(issues(cosignChannels['cosign:get'].input.safeParse({ id: '../../etc/passwd' }))).toEqual([
      ['id', 'must be an envelope id'],
    ]);
    expect(
      issues(cosignChannels['cosign:sign'].input.safeParse({ id: 'env_0123456789abcdef', accountId: 'Alice' })),
    ).toEqual([['accountId', 'must be an account id']]);
  });

  it('take envelope text up to 4 MB from a file, a paste, a drop or QR codes, and nothing else', () => {
    expect(cosignChannels['cosign:import'].input.parse({ text: '{}', source: 'drop' })).toEqual({
      text: '{}',
      source: 'drop',
    });
    expect(issues(cosignChannels['cosign:import'].input.safeParse({ text: '{}', source: 'url' }))).toEqual([
      ['source', 'must be file, paste, drop or qr'],
    ]);
    expect(
      issues(cosignChannels['cosign:import'].input.safeParse({ text: 'x'.repeat(4_000_001), source: 'file' })),
    ).toEqual([['text', 'is larger than any genuine envelope']]);
    expect(
      issues(
        cosignChannels['cosign:import'].input.safeParse({ text: '{}', source: 'file', path: '/etc/passwd' }),
      )[0]![1],
    ).toMatch(/Unrecognized key/);
    expect(issues(cosignChannels['cosign:importQr'].input.safeParse({ frames: [] }))).toEqual([
      ['frames', 'must hold at least one code'],
    ]);
  });

  it('bound the note the proposer may set', () => {
    expect(
      issues(
        cosignChannels['cosign:setOptions'].input.safeParse({ id: 'env_0123456789abcdef', note: 'n'.repeat(4001) }),
      ),
    ).toEqual([['note', 'must be at most 4,000 characters']]);
  });

  it('announce changes with the stage', () => {
    expect(
      cosignEvents['cosign:changed'].payload.parse({
        id: 'env_0123456789abcdef',
        txid: 'AB'.repeat(32),
        stage: 'ready',
      }),
    ).toMatchObject({ txid: 'ab'.repeat(32) });
    expect(
      cosignEvents['cosign:changed'].payload.safeParse({
        id: 'env_0123456789abcdef',
        txid: 'ab'.repeat(32),
        stage: 'lost',
      }).success,
    ).toBe(false);
  });
});

describe('address book and history channels', () => {
  it('check a contact as typed', () => {
    expect(addressBookChannels['addressBook:save'].input.parse({ name: ' Carol ', address: address.base58 })).toEqual({
      name: 'Carol',
      address: address.base58,
    });
    expect(issues(addressBookChannels['addressBook:save'].input.safeParse({ name: '', address: 'T123' }))).toEqual([
      ['name', 'must not be empty'],
      ['address', 'must be a TRON address (T… or 41…) with a valid checksum'],
    ]);
  });

  it('say whether a CSV import is a preview or applied, and bound its size', () => {
    expect(issues(addressBookChannels['addressBook:importCsv'].input.safeParse({ csv: 'a', apply: 'yes' }))).toEqual([
      ['apply', 'must be true or false'],
    ]);
    expect(
      issues(
        addressBookChannels['addressBook:importCsv'].input.safeParse({ csv: 'a'.repeat(2_000_001), apply: false }),
      ),
    ).toEqual([['csv', 'is larger than 2 MB']]);
  });

  it('bound the history list', () => {
    expect(historyChannels['history:list'].input.parse(undefined)).toBeUndefined();
    expect(issues(historyChannels['history:list'].input.safeParse({ limit: 0 }))).toEqual([
      ['limit', 'must be 1 to 5000'],
    ]);
  });
});
