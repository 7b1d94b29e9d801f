import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineChannels, defineEvents, mergeDefinitions, splitName } from '../../../src-core/ipc/define';

const spec = { summary: 's', input: z.undefined(), output: z.null() };

describe('contract building blocks', () => {
  it('qualifies actions with their domain', () => {
    const defined = defineChannels('wallet', { listAccounts: spec, rename: spec });
    expect(Object.keys(defined)).toEqual(['wallet:listAccounts', 'wallet:rename']);
    expect(Object.isFrozen(defined)).toBe(true);
    expect(Object.keys(defineEvents('node', { block: { summary: 's', payload: z.null() } }))).toEqual(['node:block']);
  });

  it.each([
    ['Wallet', 'x'],
    ['wallet-x', 'x'],
    ['wallet', 'list:all'],
    ['wallet', '1st'],
    ['wallet', ''],
  ])('refuses the name %s:%s', (domain, action) => {
    expect(() => defineChannels(domain, { [action]: spec })).toThrow(TypeError);
  });

  it('reserves the domain "on", which is the subscription function on window.api', () => {
    expect(() => defineChannels('on', { x: spec })).toThrow(/reserved/);
  });

  it('merges domains and refuses a name defined twice', () => {
    const a = defineChannels('a', { x: spec });
    const b = defineChannels('b', { x: spec });
    expect(Object.keys(mergeDefinitions(a, b))).toEqual(['a:x', 'b:x']);
    expect(() => mergeDefinitions(a, defineChannels('a', { x: spec }))).toThrow(/defined twice/);
  });

  it('splits a qualified name at its first colon', () => {
    expect(splitName('vault:unlock')).toEqual({ domain: 'vault', action: 'unlock' });
  });
});
