import { describe, expect, it } from 'vitest';
import * as b from '@core/tx/builders';
import { contractSettings } from '@main/watchtower/rules/contract-settings';
import { signedTx, testKey } from '../fake-chain';
import { context, facts } from './rule-context';

const deployer = testKey();
const contract = testKey().hex;
const elsewhere = testKey().hex;

describe('contract settings changed', () => {
  it('reports updatesetting, updateenergylimit and clearabi on the watched contract', () => {
    const specs = [
      b.updateSettingContract({ owner: deployer.hex, contract, consumeUserResourcePercent: 40 }),
      b.updateEnergyLimitContract({ owner: deployer.hex, contract, originEnergyLimit: 5_000n }),
      b.clearAbiContract({ owner: deployer.hex, contract }),
    ];
    const titles = specs.map(
      (spec) => contractSettings(facts(signedTx(spec, [deployer])), context(contract))[0]!.title,
    );
    expect(titles[0]).toContain('caller energy share was set to 40 %');
    expect(titles[1]).toContain('origin energy limit was set to 5000');
    expect(titles[2]).toContain('ABI was cleared');
  });

  it('ignores another contract and a rule turned off', () => {
    const other = signedTx(b.clearAbiContract({ owner: deployer.hex, contract: elsewhere }), [deployer]);
    expect(contractSettings(facts(other), context(contract))).toEqual([]);
    const mine = signedTx(b.clearAbiContract({ owner: deployer.hex, contract }), [deployer]);
    expect(
      contractSettings(facts(mine), context(contract, { rules: { contractSettings: { enabled: false } } })),
    ).toEqual([]);
  });
});
