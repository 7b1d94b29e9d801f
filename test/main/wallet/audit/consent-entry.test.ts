import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConsentError } from '@core/errors';
import { canonicalJson } from '@core/envelope/canonical';
import type { AuditStep } from '@main/wallet/chain-knowledge/audit-sink';
import { ConsentGate, type ConsentDraft } from '@main/wallet/consent/consent-gate';
import { ScriptedConsent } from '../../../fixtures/consent-surface';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const TX = 'ab'.repeat(32);
const subject = {
  account: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  txId: TX,
  signer: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  keyKind: 'ledger' as const,
};
const draft: ConsentDraft = {
  kind: 'transaction',
  title: 'Sign: send 1 TRX',
  rows: [{ label: 'Amount', value: '1 TRX' }],
  warnings: [],
  password: { required: false, reason: 'below the amount' },
  approveLabel: 'Sign',
};

function gate(surface: ScriptedConsent) {
  const steps: AuditStep[] = [];
  const g = new ConsentGate({
    surface,
    vault: { verifyPassword: async () => undefined },
    log: silent,
    audit: { append: async (step) => void steps.push(step) },
  });
  return { g, steps };
}

describe('the consent entry main’s gate writes', () => {
  it('records an approved signature with its signer, key kind and the SHA-256 of the request as shown', async () => {
    const surface = ScriptedConsent.approve();
    const { g, steps } = gate(surface);
    await g.approve(draft, subject);
    const { id: _id, ...shown } = surface.asked[0]!.request;
    expect(steps).toEqual([
      {
        account: subject.account,
        txId: TX,
        body: {
          kind: 'consent',
          signer: subject.signer,
          keyKind: 'ledger',
          shownHash: createHash('sha256').update(canonicalJson(shown)).digest('hex'),
        },
      },
    ]);
  });

  it('records nothing for a decline, nor for a request that signs no transaction', async () => {
    const declined = gate(ScriptedConsent.decline());
    await expect(declined.g.approve(draft, subject)).rejects.toBeInstanceOf(ConsentError);
    expect(declined.steps).toEqual([]);
    const setting = gate(ScriptedConsent.approve());
    await setting.g.approve({ ...draft, kind: 'vault-setting' });
    expect(setting.steps).toEqual([]);
  });
});
