import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import BaseField from '@renderer/components/base/BaseField.vue';

describe('BaseField', () => {
  it('labels its input and updates the model', async () => {
    const wrapper = mount(BaseField, { props: { label: 'Address', modelValue: '' } });
    const input = wrapper.get('input');
    expect(wrapper.get('label').attributes('for')).toBe(input.attributes('id'));
    await input.setValue('TXYZ');
    expect(wrapper.emitted('update:modelValue')).toEqual([['TXYZ']]);
    expect(input.attributes('aria-invalid')).toBe('false');
  });

  it('shows the validation message, marks the control invalid and links them', () => {
    const wrapper = mount(BaseField, {
      props: { label: 'Address', modelValue: 'x', error: 'Must be a TRON address.', hint: 'T… or 41…' },
    });
    const input = wrapper.get('input');
    const message = wrapper.get('.field__error');
    expect(message.text()).toBe('Must be a TRON address.');
    expect(message.attributes('role')).toBe('alert');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(input.attributes('aria-describedby')!.split(' ')).toEqual([
      wrapper.get('.field__hint').attributes('id'),
      message.attributes('id'),
    ]);
  });

  it('renders a select when given options', async () => {
    const wrapper = mount(BaseField, {
      props: {
        label: 'Network',
        modelValue: 'nile',
        options: [
          { value: 'mainnet', label: 'Mainnet' },
          { value: 'nile', label: 'Nile' },
        ],
      },
    });
    expect(wrapper.findAll('option').map((option) => option.text())).toEqual(['Mainnet', 'Nile']);
    await wrapper.get('select').setValue('mainnet');
    expect(wrapper.emitted('update:modelValue')).toEqual([['mainnet']]);
  });

  it('carries no inline style attribute, which the CSP would refuse', () => {
    const wrapper = mount(BaseField, { props: { label: 'A', modelValue: '', error: 'bad' } });
    expect(wrapper.html()).not.toContain('style=');
  });
});
