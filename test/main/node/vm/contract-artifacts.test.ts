import { describe, expect, it } from 'vitest';
import { compileContracts, loadArtifacts } from '../../../fixtures/contracts/compile';

describe('Solidity fixtures', () => {
  it('match their committed artifacts (regenerate with `npx tsx test/fixtures/contracts/write-artifacts.ts`)', () => {
    const { version, artifacts } = compileContracts();
    expect(version).toMatch(/^0\.8\.37\+/);
    expect(artifacts).toEqual(loadArtifacts());
  });
});
