import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import BaseButton from '@renderer/components/base/BaseButton.vue';

describe('BaseButton', () => {
  it('is a non-submitting button by default and passes clicks through', async () => {
    const wrapper = mount(BaseButton, {
      slots: { default: 'Save' },
      attrs: { onClick: () => wrapper.vm.$emit('clicked') },
    });
    expect(wrapper.attributes('type')).toBe('button');
    await wrapper.trigger('click');
    expect(wrapper.emitted('clicked')).toHaveLength(1);
    expect(wrapper.classes()).toContain('btn--secondary');
  });

  it('blocks clicks and announces itself while busy', () => {
    const wrapper = mount(BaseButton, { props: { busy: true, variant: 'primary' }, slots: { default: 'Sign' } });
    expect(wrapper.attributes('disabled')).toBeDefined();
    expect(wrapper.attributes('aria-busy')).toBe('true');
    expect(wrapper.find('.btn__spinner').exists()).toBe(true);
  });
});
