import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, ref } from 'vue';
import BaseField from '@renderer/components/base/BaseField.vue';

/** A form whose address field is invalid while it is shorter than 5 characters, as a page computes it. */
const Form = defineComponent({
  components: { BaseField },
  setup() {
    const value = ref('');
    return { value };
  },
  template: `<form @submit.prevent>
    <BaseField v-model="value" label="Address" :error="value.length < 5 ? 'Enter a whole address.' : null" />
  </form>`,
});

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

  it('does not raise an alert on every keystroke, and alerts once the field is left or the form submitted', async () => {
    const page = mount(Form, { attachTo: document.body });
    const input = page.get('input');
    // As a browser does: beforeinput, then the value changes and input fires.
    const type = async (value: string) => {
      await input.trigger('beforeinput');
      await input.setValue(value);
    };
    await type('T');
    await type('TW');
    const error = () => page.get('.field__error');
    expect(error().text()).toBe('Enter a whole address.');
    expect(error().attributes('role')).toBeUndefined();
    expect(input.attributes('aria-describedby')).toContain(error().attributes('id'));
    await input.trigger('blur');
    expect(error().attributes('role')).toBe('alert');
    await type('TWe');
    expect(error().attributes('role')).toBeUndefined();
    await page.get('form').trigger('submit');
    expect(error().attributes('role')).toBe('alert');
    page.unmount();
  });
});
