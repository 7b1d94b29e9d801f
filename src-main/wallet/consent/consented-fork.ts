import { toBase58Address } from '../../../src-core/address/address';
import type { ForkStatus, ForkTarget, ForkTargetView } from '../../../src-core/ipc/channels/fork';
import type { ConsentGate } from './consent-gate';
import { forkStartConsent, impersonateConsent } from './fork-consent';

interface Fork {
  targets(): ForkTargetView[];
  status(): ForkStatus;
  startEmbedded(input: { target: ForkTarget; apiKey?: string | null | undefined }): Promise<ForkStatus>;
  impersonate(input: { address: string }): Promise<ForkStatus>;
}

/**
 * Fork mode as the page reaches it: starting a fork and impersonating an address pass main's
 * confirmation first. A start the service would refuse anyway (a custom target with no saved
 * node) and an impersonation without a running fork go straight to the service's own error.
 */
export class ConsentedFork {
  constructor(
    private readonly fork: Fork,
    private readonly consent: Pick<ConsentGate, 'approve'>,
  ) {}

  async startEmbedded(input: { target: ForkTarget; apiKey?: string | null | undefined }): Promise<ForkStatus> {
    const target = this.fork.targets().find((t) => t.target === input.target);
    if (target?.url) await this.consent.approve(forkStartConsent(target));
    return this.fork.startEmbedded(input);
  }

  async impersonate(input: { address: string }): Promise<ForkStatus> {
    const status = this.fork.status();
    if (status.active) await this.consent.approve(impersonateConsent(toBase58Address(input.address), status.name));
    return this.fork.impersonate(input);
  }
}
