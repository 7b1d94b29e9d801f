import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import BaseNotice from '@renderer/components/base/BaseNotice.vue';

describe('BaseNotice', () => {
  it('uses role=alert for errors and warnings and role=status otherwise', () => {
    expect(mount(BaseNotice, { props: { kind: 'error' } }).attributes('role')).toBe('alert');
    expect(mount(BaseNotice, { props: { kind: 'warning' } }).attributes('role')).toBe('alert');
    expect(mount(BaseNotice, { props: { kind: 'success' } }).attributes('role')).toBe('status');
  });

  it('offers a dismiss button only when dismissible', async () => {
    expect(
      mount(BaseNotice, { slots: { default: 'Saved' } })
        .find('button')
        .exists(),
    ).toBe(false);
    const wrapper = mount(BaseNotice, { props: { dismissible: true, title: 'Done' }, slots: { default: 'Saved' } });
    expect(wrapper.get('.notice__title').text()).toBe('Done');
    await wrapper.get('button').trigger('click');
    expect(wrapper.emitted('dismiss')).toHaveLength(1);
  });
});
