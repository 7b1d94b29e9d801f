import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import BaseDialog from '@renderer/components/base/BaseDialog.vue';

describe('BaseDialog', () => {
  it('opens and closes the native dialog with its model, titled for assistive tech', async () => {
    const wrapper = mount(BaseDialog, {
      props: { title: 'Leave the app?', open: false },
      slots: { default: 'Body', actions: '<button>OK</button>' },
      attachTo: document.body,
    });
    const dialog = wrapper.get('dialog');
    expect(dialog.element.hasAttribute('open')).toBe(false);
    expect(wrapper.get(`#${dialog.attributes('aria-labelledby')}`).text()).toBe('Leave the app?');
    await wrapper.setProps({ open: true });
    await nextTick();
    expect(dialog.element.hasAttribute('open')).toBe(true);
    await wrapper.setProps({ open: false });
    await nextTick();
    expect(dialog.element.hasAttribute('open')).toBe(false);
    wrapper.unmount();
  });

  it('reports a close coming from the element (Escape) through the model', async () => {
    const wrapper = mount(BaseDialog, { props: { title: 'T', open: true }, attachTo: document.body });
    await wrapper.get('dialog').trigger('close');
    expect(wrapper.emitted('update:open')).toEqual([[false]]);
    expect(wrapper.emitted('close')).toHaveLength(1);
    wrapper.unmount();
  });
});
