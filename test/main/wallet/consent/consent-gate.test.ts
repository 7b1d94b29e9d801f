import { describe, expect, it } from 'vitest';
import { ConsentError, VaultError } from '@core/errors';
import { ConsentGate, type ConsentDraft } from '@main/wallet/consent/consent-gate';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { expectWalletError } from '../helpers';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PASSWORD = 'the vault password';

function draft(overrides: Partial<ConsentDraft> = {}): ConsentDraft {
  return {
    kind: 'transaction',
    title: 'Sign: send 1 TRX',
    rows: [{ label: 'Amount', value: '1 TRX' }],
    warnings: [],
    password: { required: false, reason: 'below the amount' },
    approveLabel: 'Sign',
    ...overrides,
  };
}

function gate(surface?: ScriptedConsent) {
  const checked: string[] = [];
  const vault = {
    async verifyPassword(password: string) {
      checked.push(password);
      if (password !== PASSWORD) throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.');
    },
  };
  return { gate: new ConsentGate({ ...(surface ? { surface } : {}), vault, log: silent }), checked };
}

describe('ConsentGate', () => {
  it('resolves once the person approves, with a fresh request id each time', async () => {
    const surface = ScriptedConsent.approve();
    const { gate: g } = gate(surface);
    await expect(g.approve(draft())).resolves.toEqual({});
    await g.approve(draft());
    const [a, b] = surface.asked.map((x) => x.request.id);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it('refuses with CONSENT_DECLINED when the person declines', async () => {
    const { gate: g } = gate(ScriptedConsent.decline());
    await expectWalletError(g.approve(draft()), 'ConsentError', 'CONSENT_DECLINED');
  });

  it('refuses everything when the host has no surface of its own', async () => {
    const { gate: g } = gate();
    await expectWalletError(g.approve(draft()), 'ConsentError', 'CONSENT_NO_SURFACE');
  });

  it('checks the password with the vault when the request needs it, and hands it back', async () => {
    const { gate: g, checked } = gate(ScriptedConsent.approve(PASSWORD));
    const result = await g.approve(draft({ password: { required: true, reason: 'policy' } }));
    expect(result).toEqual({ password: PASSWORD });
    expect(checked).toEqual([PASSWORD]);
  });

  it('asks again after a wrong password, saying why, and gives up after three answers', async () => {
    const surface = new ScriptedConsent([
      { approved: true, password: 'wrong' },
      { approved: true, password: PASSWORD },
    ]);
    const { gate: g } = gate(surface);
    await g.approve(draft({ password: { required: true, reason: 'policy' } }));
    expect(surface.asked.map((a) => a.retry?.reason)).toEqual([undefined, 'The password is wrong. Try again.']);

    surface.answerWith({ approved: true, password: 'wrong' });
    await expectWalletError(
      g.approve(draft({ password: { required: true, reason: 'policy' } })),
      'ConsentError',
      'CONSENT_DECLINED',
    );
    expect(surface.asked).toHaveLength(3);
  });

  it('passes on the lockout error of the vault without asking again', async () => {
    const surface = ScriptedConsent.approve('any');
    const vault = {
      verifyPassword: async () => {
        throw new VaultError('VAULT_LOCKED_OUT', 'Too many wrong passwords.');
      },
    };
    const g = new ConsentGate({ surface, vault, log: silent });
    await expectWalletError(
      g.approve(draft({ password: { required: true, reason: 'p' } })),
      'VaultError',
      'VAULT_LOCKED_OUT',
    );
    expect(surface.asked).toHaveLength(1);
  });

  it('needs the typed phrase exactly when the request names one', async () => {
    const surface = new ScriptedConsent([
      { approved: true, typed: 'keys held elsewhere' },
      { approved: true, typed: 'KEYS HELD ELSEWHERE' },
    ]);
    const { gate: g } = gate(surface);
    await g.approve(draft({ typedConfirmation: 'KEYS HELD ELSEWHERE' }));
    expect(surface.asked[1]?.retry?.reason).toBe('Type KEYS HELD ELSEWHERE exactly to approve this change.');
  });

  it('shows one request at a time: a second waits until the first is answered', async () => {
    let release!: (answer: { approved: boolean }) => void;
    const order: string[] = [];
    const surface = {
      ask: (request: { title: string }) => {
        order.push(`ask ${request.title}`);
        return request.title === 'first'
          ? new Promise<{ approved: true }>((resolve) => (release = () => resolve({ approved: true })))
          : Promise.resolve({ approved: true as const });
      },
    };
    const g = new ConsentGate({ surface, vault: { verifyPassword: async () => undefined }, log: silent });
    const first = g.approve(draft({ title: 'first' }));
    const second = g.approve(draft({ title: 'second' }));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['ask first']);
    release({ approved: true });
    await Promise.all([first, second]);
    expect(order).toEqual(['ask first', 'ask second']);
  });

  it('reports a surface that failed as CONSENT_SURFACE_FAILED, approving nothing', async () => {
    const surface = { ask: () => Promise.reject(new Error('window crashed')) };
    const g = new ConsentGate({ surface, vault: { verifyPassword: async () => undefined }, log: silent });
    const error = await g.approve(draft()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsentError);
    expect((error as ConsentError).code).toBe('CONSENT_SURFACE_FAILED');
  });

  it('carries why the surface failed in the error’s details and the log', async () => {
    const logged: unknown[] = [];
    const log = { ...silent, error: (_message: string, fields?: unknown) => void logged.push(fields) };
    const surface = { ask: () => Promise.reject(new Error('window crashed')) };
    const g = new ConsentGate({ surface, vault: { verifyPassword: async () => undefined }, log });
    const error = (await g.approve(draft()).catch((e: unknown) => e)) as ConsentError;
    expect(error.details).toEqual({ cause: 'window crashed' });
    expect(logged).toEqual([{ kind: 'transaction', cause: 'window crashed' }]);
  });
});
