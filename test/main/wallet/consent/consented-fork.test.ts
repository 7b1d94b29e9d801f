import { describe, expect, it } from 'vitest';
import { ConsentGate } from '../../../../src-main/wallet/consent/consent-gate';
import { ConsentedFork } from '../../../../src-main/wallet/consent/consented-fork';
import type { ForkStatus, ForkTargetView } from '../../../../src-core/ipc/channels/fork';
import { ScriptedConsent } from '../../../fixtures/consent-surface';

const HOLDER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** A fork service that records what reached it; the consent gate in front of it is the real one. */
function setup(surface: ScriptedConsent, active: boolean) {
  const reached: string[] = [];
  const status: ForkStatus = {
    active,
    target: active ? 'mainnet' : null,
    name: active ? 'Mainnet' : null,
    report: null,
    rehearsal: { available: false, network: null, reason: 'none' },
  };
  const targets: ForkTargetView[] = [
    { target: 'mainnet', name: 'Mainnet', url: 'https://api.trongrid.io', hasApiKey: false },
    { target: 'custom', name: 'Custom node', url: null, hasApiKey: false },
  ];
  const fork = new ConsentedFork(
    {
      targets: () => targets,
      status: () => status,
      startEmbedded: async (input) => (reached.push(`start ${input.target}`), status),
      impersonate: async (input) => (reached.push(`impersonate ${input.address}`), status),
    },
    new ConsentGate({ surface, vault: { verifyPassword: async () => {} }, log: { info() {}, warn() {}, error() {} } }),
  );
  return { fork, reached };
}

describe('ConsentedFork', () => {
  it('asks main with the impersonated address in full and the forked network; declined, the fork never impersonates', async () => {
    const surface = ScriptedConsent.decline();
    const { fork, reached } = setup(surface, true);
    await expect(fork.impersonate({ address: HOLDER })).rejects.toMatchObject({
      code: 'CONSENT_DECLINED',
      message: `Nothing changed: you declined impersonating ${HOLDER} in the confirmation window.`,
    });
    expect(surface.last!.rows).toContainEqual({ label: 'Address', value: HOLDER, monospace: true });
    expect(surface.last!.rows).toContainEqual({ label: 'Fork of', value: 'Mainnet' });
    expect(reached).toEqual([]);
  });

  it('asks main before a fork of a real network starts, saying the chain in use runs until the fork answers; declined, nothing starts', async () => {
    const surface = ScriptedConsent.decline();
    const { fork, reached } = setup(surface, false);
    await expect(fork.startEmbedded({ target: 'mainnet', apiKey: 'typed-key' })).rejects.toMatchObject({
      code: 'CONSENT_DECLINED',
      message: 'Nothing changed: you declined starting a fork of Mainnet in the confirmation window.',
    });
    expect(surface.asked).toHaveLength(1);
    expect(surface.last!.rows).toContainEqual({
      label: 'Reads from',
      value: 'https://api.trongrid.io',
      monospace: true,
    });
    expect(surface.last!.warnings).toContainEqual(
      expect.stringMatching(
        /keeps running until the fork answers; then it stops\. If the fork does not start, nothing changes/,
      ),
    );
    expect(surface.last!.warnings.join(' ')).toContain('"Back to the dev chain"');
    expect(reached).toEqual([]);
  });

  it('starts the fork only after main’s window approved it', async () => {
    const surface = ScriptedConsent.approve();
    const { fork, reached } = setup(surface, false);
    await fork.startEmbedded({ target: 'mainnet' });
    expect(surface.asked).toHaveLength(1);
    expect(reached).toEqual(['start mainnet']);
  });

  it('impersonates once approved in main’s window', async () => {
    const { fork, reached } = setup(ScriptedConsent.approve(), true);
    await fork.impersonate({ address: HOLDER });
    expect(reached).toEqual([`impersonate ${HOLDER}`]);
  });

  it('leaves a start the service refuses anyway (no saved custom node) and an impersonation without a fork to the service', async () => {
    const surface = ScriptedConsent.decline();
    const { fork, reached } = setup(surface, false);
    await fork.startEmbedded({ target: 'custom' });
    await fork.impersonate({ address: HOLDER });
    expect(surface.asked).toHaveLength(0);
    expect(reached).toEqual(['start custom', `impersonate ${HOLDER}`]);
  });
});
