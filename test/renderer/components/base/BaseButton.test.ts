import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe('BaseButton warning variant', () => {
  /** WCAG 2.1 relative luminance and contrast ratio of two #rrggbb colours. */
  function contrast(a: string, b: string): number {
    const luminance = (hex: string) => {
      const [r, g, bl] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  }

  it('is live (not disabled) and styled as a warning, not as the disabled look', () => {
    const wrapper = mount(BaseButton, {
      props: { variant: 'warning' },
      slots: { default: 'Sign although it would fail' },
    });
    expect(wrapper.classes()).toContain('btn--warning');
    expect(wrapper.attributes('disabled')).toBeUndefined();
  });

  it('draws its text at a contrast of at least 4.5:1 against its background', () => {
    const css = readFileSync(join(process.cwd(), 'src-renderer/styles/base.css'), 'utf8');
    const sfc = readFileSync(join(process.cwd(), 'src-renderer/components/base/BaseButton.vue'), 'utf8');
    const variable = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6});`))?.[1];
    const rule = sfc.match(/\.btn--warning \{([^}]*)\}/)?.[1] ?? '';
    const background = rule.match(/background:\s*var\(--([\w-]+)\)/)?.[1];
    const text = rule.match(/\bcolor:\s*var\(--([\w-]+)\)/)?.[1];
    expect(background && text).toBeTruthy();
    expect(contrast(variable(text!)!, variable(background!)!)).toBeGreaterThanOrEqual(4.5);
  });
});
