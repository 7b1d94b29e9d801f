import { describe, expect, it } from 'vitest';
import {
  STATED_LIMITS,
  envelopeFingerprint,
  mergeEnvelopes,
  parseEnvelope,
  serializeEnvelope,
  type StatedFacts,
} from '../../../src-core/envelope';
import { EnvelopeError } from '../../../src-core/errors';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';
import { multisig, mutable, proposal } from './helpers';

const TOKEN = '41' + 'ab'.repeat(20);
const stated: StatedFacts = {
  tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 6 }],
  names: [
    { address: K.K3.hex, name: 'Carol' },
    { address: K.K1.hex, name: 'Treasury' },
  ],
};

/** The proposal's JSON with `stated` replaced (or added) as a reader would receive it. */
function withSection(section: unknown): string {
  const json = mutable(proposal());
  json.stated = section;
  return JSON.stringify(json);
}

describe('the stated section', () => {
  it('is optional: an envelope written without it parses and carries none', () => {
    const old = mutable(proposal());
    expect('stated' in old).toBe(false);
    expect(parseEnvelope(JSON.stringify(old)).stated).toBeUndefined();
  });

  it('travels through text in canonical form (entries sorted, hex lowercase)', () => {
    const envelope = proposal({
      stated: { ...stated, tokens: [{ asset: 'TRC20', contract: TOKEN.toUpperCase(), symbol: 'TT', decimals: 6 }] },
    });
    const read = parseEnvelope(serializeEnvelope(envelope));
    expect(read.stated).toEqual({
      tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 6 }],
      names: [...stated.names!].sort((a, b) => (a.address < b.address ? -1 : 1)),
    });
  });

  it('does not change the fingerprint: it is information, not what is signed', () => {
    const without = envelopeFingerprint(proposal());
    const withIt = envelopeFingerprint(proposal({ stated }));
    const otherStatement = envelopeFingerprint(
      proposal({ stated: { tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'USDT', decimals: 18 }] } }),
    );
    expect(withIt.digest).toBe(without.digest);
    expect(otherStatement.digest).toBe(without.digest);
  });

  it('keeps the section when signatures are added and merged', () => {
    const base = proposal({ stated });
    const [sigK2] = multisig.signatures_lowercase as string[];
    const signed = parseEnvelope({
      ...mutable(base),
      transaction: { ...mutable(base).transaction, signature: [sigK2] },
    });
    expect(mergeEnvelopes([proposal(), signed]).stated).toEqual(signed.stated);
  });

  it('refuses merging copies whose statements disagree', () => {
    const other = proposal({ stated: { names: [{ address: K.K3.hex, name: 'Mallory' }] } });
    expectWalletError(() => mergeEnvelopes([proposal({ stated }), other]), EnvelopeError, 'ENVELOPE_CONTEXT_DIFFERS');
  });

  const refused: [string, unknown, RegExp][] = [
    ['a formula as a name', { names: [{ address: K.K3.hex, name: '=HYPERLINK("http://x")' }] }, /= \+ - or @/],
    [
      'a formula as a symbol',
      { tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: '+SUM(A1)', decimals: 6 }] },
      /letters and digits/,
    ],
    ['a huge name', { names: [{ address: K.K3.hex, name: 'x'.repeat(STATED_LIMITS.nameLength + 1) }] }, /at most 64/],
    ['a name with a direction override', { names: [{ address: K.K3.hex, name: 'Carol\u202Eloraf' }] }, /formatting/],
    ['a name with a line break', { names: [{ address: K.K3.hex, name: 'Carol\nBob' }] }, /control/],
    [
      'too many names',
      {
        names: Array.from({ length: STATED_LIMITS.names + 1 }, (_, i) => ({
          address: '41' + i.toString(16).padStart(40, '0'),
          name: `n${i}`,
        })),
      },
      /too_big|at most|Too big/i,
    ],
    ['absurd decimals', { tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 255 }] }, /36/],
    [
      'one address named twice',
      {
        names: [
          { address: K.K3.hex, name: 'A' },
          { address: K.K3.hex, name: 'B' },
        ],
      },
      /twice/,
    ],
    ['a field it does not define', { names: [], script: 'x' }, /script/],
  ];
  for (const [what, section, message] of refused) {
    it(`refuses ${what} with ENVELOPE_BAD_STATED or an unknown-field error naming it`, () => {
      let error: unknown;
      try {
        parseEnvelope(withSection(section));
      } catch (e) {
        error = e;
      }
      expect(error).toBeDefined();
      const { code, message: text } = error as { code: string; message: string };
      expect(['ENVELOPE_BAD_STATED', 'ENVELOPE_UNKNOWN_FIELD']).toContain(code);
      expect(text).toMatch(/stated/);
      expect(text).toMatch(message);
    });
  }

  it('refuses a proposer writing an invalid section, before anything is stored', () => {
    expectWalletError(
      () => proposal({ stated: { names: [{ address: K.K3.hex, name: '@cmd' }] } }),
      EnvelopeError,
      'ENVELOPE_BAD_STATED',
    );
  });
});
