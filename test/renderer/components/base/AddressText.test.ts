import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { serializeError, ValidationError } from '../../../../src-core/errors';

const TREASURY = 'TNWtoufpsNepTJdNzbcimHrPEUSHLDCJE1';

const copies: unknown[] = [];
let refuse = false;

/** Main's `app:copy` as the window reaches it: it records the request, or refuses it. */
function installCopy(): void {
  (window as unknown as { api: unknown }).api = {
    app: {
      copy: async (request: unknown) => {
        if (refuse)
          return {
            ok: false,
            error: serializeError(new ValidationError('VALIDATION_FAILED', 'The request to app:copy was refused.')),
          };
        copies.push(request);
        return { ok: true, value: { text: TREASURY } };
      },
    },
  };
}

// The bridge reads `window.api` once, when it loads.
installCopy();
const { default: AddressText } = await import('../../../../src-renderer/components/base/AddressText.vue');
const { useNamesStore } = await import('../../../../src-renderer/stores/names');
const { useNoticesStore } = await import('../../../../src-renderer/stores/notices');

function mountAddress(props: Record<string, unknown> = {}) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const names = useNamesStore();
  names.ensure = async () => undefined;
  return mount(AddressText, { props: { address: TREASURY, ...props }, global: { plugins: [pinia] } });
}

describe('AddressText', () => {
  beforeEach(() => {
    copies.length = 0;
    refuse = false;
  });

  it('shortens the address in the middle and keeps the whole of it in the tooltip', () => {
    const wrapper = mountAddress();
    expect(wrapper.get('code').text()).toBe(`${TREASURY.slice(0, 6)}…${TREASURY.slice(-6)}`);
    expect(wrapper.get('[data-testid="address"]').attributes('title')).toBe(TREASURY);
  });

  it('has main copy the full address and says so for a moment', async () => {
    const wrapper = mountAddress();
    const button = wrapper.get('[data-testid="copy-address"]');
    expect(button.attributes('aria-label')).toBe(`Copy address ${TREASURY}`);
    await button.trigger('click');
    await flushPromises();
    expect(copies).toEqual([{ kind: 'address', address: TREASURY }]);
    expect(button.text()).toBe('Copied');
  });

  it('turns a refused copy into a notice and keeps saying Copy', async () => {
    refuse = true;
    const wrapper = mountAddress();
    await wrapper.get('[data-testid="copy-address"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="copy-address"]').text()).toBe('Copy');
    expect(useNoticesStore().items.map((n) => n.kind)).toEqual(['error']);
  });

  it('leaves the button out where copying makes no sense', () => {
    expect(mountAddress({ copyable: false }).find('[data-testid="copy-address"]').exists()).toBe(false);
  });
});
