import type { SigningPolicy } from '../../../src-core/ipc/channels/vault';
import { Names } from '../chain-knowledge/names';
import type { ConsentDraft } from './consent-gate';
import { passwordForMessage } from './signing-policy';

/**
 * Main's confirmation of a signMessageV2 signature. The message is shown exactly as it will be
 * signed: it is the one piece of requested text a confirmation must show, so it is labelled as such.
 */
export function messageConsent(input: {
  readonly message: string;
  readonly signer: { readonly address: string; readonly device: string };
  readonly policy: SigningPolicy;
}): ConsentDraft {
  return {
    kind: 'message',
    title: 'Sign a message with your key',
    rows: [
      {
        label: 'Signing key',
        value: `${Names.base58(input.signer.address)} — ${input.signer.device}`,
        monospace: true,
      },
      { label: 'Message (exactly what is signed)', value: input.message, monospace: true },
    ],
    warnings: ['A signed message proves you hold this key. Sign only text you wrote or fully understand.'],
    password: passwordForMessage(input.policy),
    approveLabel: 'Sign message',
  };
}
