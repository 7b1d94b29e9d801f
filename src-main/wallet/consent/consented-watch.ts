import { toBase58Address } from '../../../src-core/address/address';
import type { WatchRules, WatchedAccountView } from '../../../src-core/ipc/channels/watch';
import type { ConsentGate } from './consent-gate';
import { watchRulesConsent } from './watch-rules-consent';

interface Watch {
  watched(): WatchedAccountView[];
  setRules(input: { address: string; rules: WatchRules }): Promise<WatchedAccountView>;
}

/**
 * The watchtower's rules as the page reaches them: a rule turned off or made less sensitive passes
 * main's confirmation first, composed from the rules main holds for that account.
 */
export class ConsentedWatch {
  constructor(
    private readonly watch: Watch,
    private readonly consent: Pick<ConsentGate, 'approve'>,
  ) {}

  async setRules(input: { address: string; rules: WatchRules }): Promise<WatchedAccountView> {
    const address = toBase58Address(input.address);
    const account = this.watch.watched().find((a) => a.address === address);
    const draft = account ? watchRulesConsent(account, input.rules) : null;
    if (draft) await this.consent.approve(draft);
    return this.watch.setRules(input);
  }
}
