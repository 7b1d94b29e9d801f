import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src-core/errors';
import ErrorNotice from '../../../src-renderer/components/ErrorNotice.vue';

describe('ErrorNotice', () => {
  it('shows title, sentence, issues, class and code of a typed error', () => {
    const error = new ValidationError('VALIDATION_FAILED', 'The request to app:openExplorer was refused.', {
      issues: [{ path: 'txid', message: 'must be a transaction id of 64 hex characters' }],
    });
    const wrapper = mount(ErrorNotice, { props: { error } });
    expect(wrapper.get('.notice__title').text()).toBe('Please check the input');
    expect(wrapper.get('.error__message').text()).toBe('The request to app:openExplorer was refused.');
    expect(wrapper.findAll('.error__issues li').map((li) => li.text())).toEqual([
      'txid: must be a transaction id of 64 hex characters',
    ]);
    expect(wrapper.get('.error__code').text()).toBe('ValidationError · VALIDATION_FAILED');
    expect(wrapper.attributes('data-error-name')).toBe('ValidationError');
    expect(wrapper.attributes('role')).toBe('alert');
  });
});
