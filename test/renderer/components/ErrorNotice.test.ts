import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { ConsentError, ValidationError } from '../../../src-core/errors';
import ErrorNotice from '../../../src-renderer/components/ErrorNotice.vue';

describe('ErrorNotice', () => {
  it('shows title, sentence and issues in words, with class and code in the details line only', () => {
    const error = new ValidationError('VALIDATION_FAILED', 'The request to app:openExplorer was refused.', {
      issues: [{ path: 'txid', message: 'must be a transaction id of 64 hex characters' }],
    });
    const wrapper = mount(ErrorNotice, { props: { error } });
    expect(wrapper.get('.notice__title').text()).toBe('Please check the input');
    expect(wrapper.get('.error__message').text()).toBe(
      'What was entered was not accepted. Correct the fields listed below and try again.',
    );
    expect(wrapper.findAll('.error__issues li').map((li) => li.text())).toEqual([
      'txid: must be a transaction id of 64 hex characters',
    ]);
    expect(wrapper.get('.error__details .error__code').text()).toBe('Code VALIDATION_FAILED (ValidationError)');
    const outsideDetails = wrapper.text().replace(wrapper.get('.error__details').text(), '');
    expect(outsideDetails).not.toMatch(/ValidationError|VALIDATION_FAILED|app:openExplorer/);
    expect(wrapper.attributes('data-error-name')).toBe('ValidationError');
    expect(wrapper.attributes('role')).toBe('alert');
  });

  it('puts the underlying reason a failure carries in the details line, beside the code', () => {
    const error = new ConsentError(
      'CONSENT_SURFACE_FAILED',
      'The confirmation window could not be shown, so nothing was signed. Try again.',
      { cause: 'The window was closed before the page loaded' },
    );
    const wrapper = mount(ErrorNotice, { props: { error } });
    expect(wrapper.get('.error__details .error__reason').text()).toBe(
      'Reason: The window was closed before the page loaded',
    );
    expect(wrapper.get('.error__message').text()).not.toContain('The window was closed');
  });
});
