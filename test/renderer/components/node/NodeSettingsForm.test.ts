import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddedNodeSettings } from '@core/ipc/channels/node';
import { DEFAULT_EMBEDDED_NODE } from '@main/wallet/stores/settings';
import { installWindowApi, type MainStub } from '../../stub-window-api';

/** The embedded node's settings on the Node screen: browser access and the dev endpoints, both off by default. */
const SETTINGS: EmbeddedNodeSettings = { ...DEFAULT_EMBEDDED_NODE };

const calls: { channel: string; args: unknown }[] = [];
const main: MainStub = {
  node: { saveSettings: (settings: EmbeddedNodeSettings) => ({ settings }) },
  network: { current: () => ({ kind: 'embedded' }) },
};
installWindowApi(main, calls);

const { default: NodeSettingsForm } = await import('@renderer/components/node/NodeSettingsForm.vue');

function checkbox(form: VueWrapper, label: string) {
  const box = form.findAll('.check').find((check) => check.get('label').text() === label);
  if (!box) throw new Error(`no checkbox labelled ${label}`);
  return { input: box.get<HTMLInputElement>('input'), hint: box.get('.check__hint').text() };
}

describe('embedded node settings form', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
  });

  it('shows browser access and the dev endpoints off, each with a sentence saying what it allows', () => {
    const form = mount(NodeSettingsForm, { props: { settings: SETTINGS, dataDir: '/data', running: true } });
    const browser = checkbox(form, 'Allow browser access');
    expect(browser.input.element.checked).toBe(false);
    expect(browser.hint).toMatch(/^Lets web pages open in a browser on this computer call the node/);
    expect(browser.hint).toContain('no website can use it');
    const admin = checkbox(form, 'Serve dev endpoints (/admin/*)');
    expect(admin.input.element.checked).toBe(false);
    expect(admin.hint).toContain("read the dev accounts' private keys");
  });

  it('saves both when the operator turns them on', async () => {
    const form = mount(NodeSettingsForm, { props: { settings: SETTINGS, dataDir: '/data', running: false } });
    await checkbox(form, 'Allow browser access').input.setValue(true);
    await checkbox(form, 'Serve dev endpoints (/admin/*)').input.setValue(true);
    await form.get('form').trigger('submit');
    await flushPromises();
    const saved = calls.find((call) => call.channel === 'node:saveSettings');
    expect(saved?.args).toEqual({ ...SETTINGS, allowBrowserAccess: true, adminEndpoints: true });
  });
});
