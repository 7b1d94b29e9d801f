import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import jsQR from 'jsqr';
import { EnvelopeQrReader, envelopeUrParts } from '@core/envelope/qr-codes';
import { qrTextFromBytes } from '@core/envelope/qr-frames';
import type { CheckView } from '@core/ipc/channels/cosign';
import ExpiryCountdown from '@renderer/components/cosign/ExpiryCountdown.vue';
import SigningProgress from '@renderer/components/cosign/SigningProgress.vue';
import StageBadge from '@renderer/components/cosign/StageBadge.vue';
import VerificationChecks from '@renderer/components/cosign/VerificationChecks.vue';
import { formatRemaining } from '@renderer/components/cosign/chain-clock';
import { QUIET_ZONE, qrMatrix } from '@renderer/components/cosign/qr';
import { useNodeStatusStore } from '@renderer/stores/node-status';
import { paymentsProgress } from '../../fixtures/progress';

/** Paints a matrix's SVG path into RGBA pixels (`scale` px per module), as a screenshot would. */
function rasterize(path: string, size: number, scale: number): { data: Uint8ClampedArray; width: number } {
  const side = (size + 2 * QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(w) * scale; dx++) {
        const px = Number(x) * scale + dx;
        const py = Number(y) * scale + dy;
        const at = (py * side + px) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
    }
  }
  return { data, width: side };
}

describe('QR codes of envelopes', () => {
  const text = JSON.stringify({
    format: 'tron-cosign-envelope',
    note: 'Zahlung für Q3 — ünïcödé ✓',
    data: 'ab'.repeat(900),
  });

  function readBack(matrix: Awaited<ReturnType<typeof qrMatrix>>): string {
    const { data, width } = rasterize(matrix.path, matrix.size, 3);
    const found = jsQR(data, width, width);
    expect(found).not.toBeNull();
    return qrTextFromBytes(Uint8Array.from(found!.binaryData));
  }

  it('draw each UR part in alphanumeric mode so that a reader gets the part back, in any order', async () => {
    const parts = envelopeUrParts(text).map((part) => part.toUpperCase());
    expect(parts.length).toBeGreaterThan(2);
    const reader = new EnvelopeQrReader();
    for (const part of [...parts].reverse()) {
      const read = readBack(await qrMatrix(part));
      expect(read).toBe(part);
      reader.add(read);
    }
    expect(reader.result()).toBe(text);
  });

  it('draw other text as UTF-8 bytes, unchanged', async () => {
    expect(readBack(await qrMatrix(text.slice(0, 300)))).toBe(text.slice(0, 300));
  });

  it('keep a part within a small code a phone camera reads quickly (version 13 at most)', async () => {
    const [part] = envelopeUrParts('x'.repeat(5000));
    expect((await qrMatrix(part!.toUpperCase())).version).toBeLessThanOrEqual(13);
  });
});

describe('co-signing components', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('count down on chain time from the head block and warn in the last minutes', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const nodeStatus = useNodeStatusStore();
    nodeStatus.head = { number: 10, id: '0'.repeat(64), timestamp: 1_000_000, transactionCount: 0 };
    const wrapper = mount(ExpiryCountdown, { props: { expiresAt: 1_000_000 + 6 * 60_000, headTime: null } });
    expect(wrapper.get('[data-testid="countdown"]').text()).toBe('Expires in 6 min 00 s (chain time)');
    expect(wrapper.get('[data-testid="countdown"]').attributes('data-state')).toBe('open');
    // Two minutes of monotonic time later, without a new block.
    now.mockReturnValue(121_000);
    vi.advanceTimersByTime(500);
    await nextTick();
    expect(wrapper.get('[data-testid="countdown"]').attributes('data-state')).toBe('expiring');
    expect(wrapper.text()).toContain('sign and send it now');
    // A block whose time is past the expiration.
    nodeStatus.head = { number: 200, id: '0'.repeat(64), timestamp: 1_000_000 + 6 * 60_000, transactionCount: 0 };
    await nextTick();
    vi.advanceTimersByTime(500);
    await nextTick();
    expect(wrapper.get('[data-testid="countdown"]').attributes('data-state')).toBe('expired');
    expect(wrapper.get('[data-testid="countdown"]').text()).toBe('Expired');
    now.mockRestore();
  });

  it('say the time left is unknown without a head block', () => {
    const wrapper = mount(ExpiryCountdown, { props: { expiresAt: 5, headTime: null } });
    expect(wrapper.get('[data-testid="countdown"]').attributes('data-state')).toBe('unknown');
  });

  it('format the time left', () => {
    expect(formatRemaining(3_600_000)).toBe('1 h 00 min');
    expect(formatRemaining(245_000)).toBe('4 min 05 s');
    expect(formatRemaining(12_400)).toBe('12 s');
    expect(formatRemaining(-5)).toBe('0 s');
  });

  it('show who signed and who is missing, by name, and the node cross-check', () => {
    const progress = paymentsProgress();
    const wrapper = mount(SigningProgress, { props: { progress } });
    expect(wrapper.get('h2').text()).toContain('weight 1 of 2');
    // The permission reads as the builder's review and main's confirmation write it.
    expect(wrapper.get('.card__text').text()).toBe('Active permission "payments" (id 2), as this node holds it now.');
    const rows = wrapper.findAll('[data-testid="signer"]');
    expect(rows.map((r) => [r.attributes('data-signed'), r.text().includes('your vault holds this key')])).toEqual([
      ['true', false],
      ['false', true],
      ['false', false],
    ]);
    expect(rows[2]!.text()).toContain('Unknown key');
    expect(wrapper.get('[data-testid="node-cross-check"]').text()).toContain('Your node counts the same');
    // The node's own calls are named only in the technical details.
    expect(wrapper.get('[data-testid="node-cross-check"]').text()).not.toContain('getsignweight');
    expect(wrapper.get('[data-testid="technical-details"]').text()).toContain('getsignweight');
    expect(wrapper.html()).not.toContain('style=');
  });

  it('say when the node’s own count differs from this wallet’s, with the node’s weight or message', () => {
    const progress = paymentsProgress({
      signers: [
        {
          address: 'TAlice',
          name: 'Alice',
          source: 'vault',
          weight: 1n,
          signed: true,
          accountId: 'acc_0000000000000001',
          key: 'key 1 — vault key, signed',
          custody: 'vault',
        },
      ],
      node: {
        checked: true,
        currentWeight: 2n,
        approved: ['TAlice', 'TBob'],
        thresholdMet: true,
        agrees: false,
        message: null,
      },
    });
    const differs = mount(SigningProgress, { props: { progress } }).get('[data-testid="node-cross-check"]');
    expect(differs.attributes('data-agrees')).toBe('false');
    expect(differs.text()).toBe('The node’s count differs: weight 2.');
    const quoted = mount(SigningProgress, {
      props: { progress: { ...progress, node: { ...progress.node, message: 'Signature count is 2' } } },
    });
    expect(quoted.get('[data-testid="node-cross-check"]').text()).toBe(
      'The node’s count differs: Signature count is 2.',
    );
    const refused = mount(SigningProgress, {
      props: {
        progress: {
          ...progress,
          node: { ...progress.node, agrees: null, currentWeight: null, message: 'Validate signature error' },
        },
      },
    });
    // getsignweight failed: there is no count to differ from.
    expect(refused.get('[data-testid="node-cross-check"]').text()).toBe(
      'The node refused to count the signatures: Validate signature error.',
    );

    const checks: CheckView[] = [
      {
        id: 'node-weight',
        outcome: 'warning',
        title: 'Node disagrees',
        message: 'The node counts weight 2 (2 approved) where this wallet counts 1.',
      },
    ];
    const item = mount(VerificationChecks, { props: { checks } }).get('[data-check="node-weight"]');
    expect(item.attributes('data-outcome')).toBe('warning');
    expect(item.text()).toContain('Node disagrees. The node counts weight 2 (2 approved) where this wallet counts 1.');
  });

  it('list the checks with their outcome and name each stage', () => {
    const checks: CheckView[] = [
      { id: 'integrity', outcome: 'passed', title: 'Transaction intact', message: 'ok' },
      { id: 'expiry', outcome: 'warning', title: 'Expired', message: 're-propose' },
    ];
    const wrapper = mount(VerificationChecks, { props: { checks } });
    expect(wrapper.findAll('[data-outcome]').map((c) => c.attributes('data-outcome'))).toEqual(['passed', 'warning']);
    // A passed check reads as its title; how it was made folds into the technical details.
    expect(wrapper.get('[data-check="integrity"]').text()).toBe('✓Transaction intact.');
    expect(wrapper.get('[data-testid="technical-details"] [data-how="integrity"]').text()).toBe(
      'Transaction intact: ok',
    );
    expect(wrapper.get('[data-check="expiry"]').text()).toContain('Expired. re-propose');
    expect(mount(StageBadge, { props: { stage: 'ready' } }).text()).toBe('Ready to broadcast');
    expect(mount(StageBadge, { props: { stage: 'replaced' } }).classes()).toContain('stage--replaced');
  });
});
