import { describe, expect, it } from 'vitest';
import { channelNames } from '../../../src-core/ipc/contract';
import { CHANNEL_NAMES } from '../../../src-core/ipc/names';

describe('channel names without the schemas', () => {
  it('lists exactly the contract channels, each once', () => {
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
    expect([...CHANNEL_NAMES].sort()).toEqual([...channelNames].sort());
  });
});
