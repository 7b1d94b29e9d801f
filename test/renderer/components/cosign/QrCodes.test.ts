import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnvelopeQrReader, envelopeUrParts } from '@core/envelope/qr-codes';
import QrCodes from '@renderer/components/cosign/QrCodes.vue';
import { QR_FRAME_MS } from '@renderer/components/cosign/qr';

const text = JSON.stringify({ format: 'tron-cosign-envelope', data: 'cd'.repeat(1200) });

/** Waits on real time for the async drawing (QR matrices load the qrcode chunk) to land. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(check()).toBe(true);
}

describe('QrCodes', () => {
  beforeAll(async () => {
    await import('qrcode');
  });
  // Only the animation's interval is faked; drawing still settles on real timeouts.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('shows one code that moves on to the next part of the envelope every frame', async () => {
    const wrapper = mount(QrCodes, { props: { text } });
    const animated = () => wrapper.find('[data-testid="qr-animated"]');
    await until(() => animated().exists());
    expect(wrapper.findAll('svg')).toHaveLength(1);
    const seqLen = Number(animated().attributes('data-parts'));
    expect(seqLen).toBe(envelopeUrParts(text).length);

    const shown: string[] = [];
    const paths = new Set<string>();
    for (let frame = 1; frame <= seqLen + 3; frame++) {
      await until(() => animated().attributes('data-seq') === String(frame));
      shown.push(animated().attributes('data-part')!);
      paths.add(animated().find('path').attributes('d')!);
      vi.advanceTimersByTime(QR_FRAME_MS);
    }
    expect(wrapper.findAll('svg')).toHaveLength(1);
    expect(new Set(shown).size).toBe(seqLen + 3);
    expect(paths.size).toBe(seqLen + 3);
    // The first frames are the printed parts; the ones after them are fountain mixtures.
    expect(shown.slice(0, seqLen)).toEqual(envelopeUrParts(text).map((part) => part.toUpperCase()));
    const reader = new EnvelopeQrReader();
    for (const part of shown.slice(1)) reader.add(part);
    expect(reader.result()).toBe(text);
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows every code for printing only on request', async () => {
    const wrapper = mount(QrCodes, { props: { text } });
    await until(() => wrapper.find('[data-testid="qr-animated"]').exists());
    expect(wrapper.find('[data-testid="qr-print"]').exists()).toBe(false);
    await wrapper.get('button').trigger('click');
    const codes = () => wrapper.findAll('[data-testid="qr-code"]');
    await until(() => codes().length > 0);
    const parts = envelopeUrParts(text);
    expect(codes().map((code) => code.attributes('data-index'))).toEqual(parts.map((_, i) => String(i + 1)));
    expect(codes()[0]!.text()).toBe(`Code 1 of ${parts.length}`);
    expect(wrapper.get('button').text()).toBe('Hide the codes for printing');
    await wrapper.get('button').trigger('click');
    expect(wrapper.find('[data-testid="qr-print"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('shows a small envelope as one still code', async () => {
    const wrapper = mount(QrCodes, { props: { text: '{"format":"tron-cosign-envelope"}' } });
    await until(() => wrapper.find('[data-testid="qr-animated"]').exists());
    expect(wrapper.text()).toContain('The whole envelope in one code.');
    expect(wrapper.find('button').exists()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    wrapper.unmount();
  });
});
