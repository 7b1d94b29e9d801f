import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../../src-core/envelope/canonical';
import { ConsentError, VaultError } from '../../../src-core/errors';
import type { AuditSink } from '../chain-knowledge/audit-sink';
import type { WalletLog } from '../context';
import type { ConsentAnswer, ConsentRequest, ConsentSurface } from './consent-request';

/** What the gate needs from the vault: a password check whose failures count toward the lockout. */
export interface PasswordCheck {
  verifyPassword(password: string): Promise<void>;
}

export interface ConsentGateOptions {
  /** Absent where the host has no surface of its own: then nothing can be approved. */
  readonly surface?: ConsentSurface;
  readonly vault: PasswordCheck;
  readonly log: WalletLog;
  /** This desk's audit log: each approved signature's consent is written there. */
  readonly audit?: Pick<AuditSink, 'append'>;
}

/** Who approved what, for the audit log: the request itself is hashed as the window showed it. */
export interface ConsentSubject {
  /** The account the signature is for (the transaction's owner). */
  readonly account: string;
  readonly txId: string;
  readonly signer: string;
  readonly keyKind: 'vault' | 'ledger' | 'offline';
}

/** How many answers one request may get before a wrong password or phrase ends it. */
const MAX_ATTEMPTS = 3;

export type ConsentDraft = Omit<ConsentRequest, 'id'>;

/** What an approval carries back to main: the password and the words, when the request asked for them. */
export interface ConsentResult {
  readonly password?: string;
  readonly words?: readonly string[];
}

/**
 * The single gate every signature and every loosening of the vault passes: it shows main's own
 * request on the consent surface, one request at a time, and resolves only when the person
 * approved there, with the password checked by the vault when the request asks for it. Nothing
 * the renderer sends can answer it: there is no channel that reaches `approve`'s outcome.
 */
export class ConsentGate {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ConsentGateOptions) {}

  /**
   * Resolves with the password the person typed (when one was asked for) and the words typed into
   * the request's `wordPrompts` (one string per prompt, empty where nothing was typed); throws
   * ConsentError CONSENT_DECLINED when they declined or closed the surface, CONSENT_NO_SURFACE
   * without one.
   */
  approve(draft: ConsentDraft, subject?: ConsentSubject): Promise<ConsentResult> {
    const run = this.tail.then(async () => {
      const result = await this.ask({ ...draft, id: randomBytes(16).toString('hex') });
      if (subject && this.options.audit) {
        await this.options.audit.append({
          account: subject.account,
          txId: subject.txId,
          body: { kind: 'consent', signer: subject.signer, keyKind: subject.keyKind, shownHash: shownHash(draft) },
        });
      }
      return result;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async ask(request: ConsentRequest): Promise<ConsentResult> {
    const surface = this.options.surface;
    if (!surface) {
      throw new ConsentError(
        'CONSENT_NO_SURFACE',
        'This build has no confirmation window of its own, so it cannot sign or change vault settings.',
      );
    }
    let retry: { reason: string } | undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      let answer: ConsentAnswer;
      try {
        answer = await surface.ask(request, retry);
      } catch (failure) {
        // The reason travels with the error: the notice's details line and the log both show it.
        const cause = failure instanceof Error ? failure.message : String(failure);
        this.options.log.error('The confirmation window failed', { kind: request.kind, cause });
        throw new ConsentError(
          'CONSENT_SURFACE_FAILED',
          'The confirmation window could not be shown, so nothing was signed. Try again.',
          { cause },
        );
      }
      if (!answer.approved) throw declined(request);
      if (request.typedConfirmation !== undefined && answer.typed !== request.typedConfirmation) {
        retry = { reason: `Type ${request.typedConfirmation} exactly to approve this change.` };
        continue;
      }
      const words = request.wordPrompts?.map((_, i) => answer.words?.[i] ?? '');
      const typedWords = words ? { words } : {};
      if (!request.password.required) return typedWords;
      const password = answer.password ?? '';
      try {
        await this.options.vault.verifyPassword(password);
        return { password, ...typedWords };
      } catch (error) {
        if (!(error instanceof VaultError) || error.code !== 'VAULT_WRONG_PASSWORD') throw error;
        retry = { reason: 'The password is wrong. Try again.' };
      }
    }
    throw new ConsentError(
      'CONSENT_DECLINED',
      `Nothing was done: the confirmation was refused ${MAX_ATTEMPTS} times.`,
      {
        kind: request.kind,
      },
    );
  }
}

/**
 * SHA-256 of the request as the window showed it, in canonical JSON and without its random id,
 * so the same request composed again from the same transaction and facts gives the same digest.
 */
export function shownHash(draft: ConsentDraft): string {
  return createHash('sha256').update(canonicalJson(draft), 'utf8').digest('hex');
}

function declined(request: ConsentRequest): ConsentError {
  if (request.declinedAct !== undefined)
    return new ConsentError(
      'CONSENT_DECLINED',
      `Nothing changed: you declined ${request.declinedAct} in the confirmation window.`,
      { kind: request.kind },
    );
  const what = request.kind === 'vault-setting' ? 'The setting was not changed' : 'Nothing was signed';
  return new ConsentError('CONSENT_DECLINED', `${what}: you declined in the confirmation window.`, {
    kind: request.kind,
  });
}
