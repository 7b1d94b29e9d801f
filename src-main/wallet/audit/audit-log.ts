import { join } from 'node:path';
import { toHexAddress } from '../../../src-core/address/address';
import {
  AuditError,
  AuditErrorCode,
  verifyAuditBundle,
  type AuditBodyInput,
  type AuditBundle,
} from '../../../src-core/audit';
import { WalletError } from '../../../src-core/errors';
import type { AuditSink, AuditStep, AuditVerdictStep } from '../chain-knowledge/audit-sink';
import type { WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { AuditFile } from './audit-file';

/** The folder of the audit logs inside a network's folder (`networks/<key>/audit/`). */
export const AUDIT_FOLDER = 'audit';

export interface AuditLogOptions {
  readonly chain: Pick<ChainAccess, 'stores'>;
  /** This install's stable id (`desk-id.ts`). */
  readonly deskId: string;
  readonly appVersion: string;
  readonly log: WalletLog;
  readonly now?: () => number;
  /** Whether this desk is the offline signer now: its vault keys are then recorded as `offline`. */
  readonly offline?: () => boolean;
}

/** The chain's lowercase hex form, the one spelling the audit entries use. */
export function auditAddress(address: string): string {
  return toHexAddress(address).toLowerCase();
}

/** The audit log file of `account` in a network's folder. */
export function auditFilePath(networkDir: string, account: string): string {
  return join(networkDir, AUDIT_FOLDER, `${auditAddress(account)}.jsonl`);
}

/**
 * This desk's audit logs: one append-only file per network and account
 * (`networks/<key>/audit/<41… hex>.jsonl`, `audit-file.ts`), opened on first use and kept open.
 * Every step goes through src-core/audit's `appendAuditEntry` on this desk's own chain.
 */
export class AuditLog implements AuditSink {
  private readonly files = new Map<string, Promise<AuditFile>>();
  private readonly opened = new Map<string, AuditFile>();

  constructor(private readonly options: AuditLogOptions) {}

  get deskId(): string {
    return this.options.deskId;
  }

  get appVersion(): string {
    return this.options.appVersion;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The open log of `account` on the current network (the file is read the first time). */
  file(account: string): Promise<AuditFile> {
    const path = auditFilePath(this.options.chain.stores().dir, account);
    let file = this.files.get(path);
    if (!file) {
      file = AuditFile.open(path, auditAddress(account), this.now()).then((opened) => {
        if (opened.problems.length > 0) {
          this.options.log.error('Part of an audit log could not be read; the damaged file was kept aside', {
            file: path,
            setAside: opened.setAside,
            lines: opened.problems.map((p) => `${p.line}: ${p.reason}`).join('; '),
          });
        }
        this.opened.set(path, opened);
        return opened;
      });
      file.catch(() => this.files.delete(path));
      this.files.set(path, file);
    }
    return file;
  }

  async append(step: AuditStep): Promise<void> {
    try {
      const file = await this.file(step.account);
      await file.append({
        desk: this.options.deskId,
        at: this.now(),
        ...(step.txId !== undefined ? { txId: step.txId.toLowerCase() } : {}),
        ...(step.bundleId !== undefined ? { bundleId: step.bundleId } : {}),
        body: this.normalized(step.body),
      });
    } catch (error) {
      this.options.log.error('An audit entry could not be written', {
        kind: step.body.kind,
        code: error instanceof WalletError ? error.code : undefined,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  appendVerdict(step: AuditVerdictStep): Promise<void> {
    return this.append({ ...step, body: { kind: 'verdict', ...step.body } });
  }

  async bundleFor(account: string): Promise<AuditBundle | undefined> {
    const file = await this.file(account);
    return file.size > 0 ? file.bundle() : undefined;
  }

  heldBundle(account: string): AuditBundle | undefined {
    let file: AuditFile | undefined;
    try {
      file = this.opened.get(auditFilePath(this.options.chain.stores().dir, account));
    } catch {
      return undefined;
    }
    return file && file.size > 0 ? file.bundle() : undefined;
  }

  /**
   * Refuses a received log that does not verify (its first broken entry named) or that forks a
   * chain held here; otherwise its new entries join this desk's file.
   */
  async receive(bundle: AuditBundle): Promise<void> {
    const verdict = await verifyAuditBundle(bundle);
    if (!verdict.ok) {
      throw new AuditError(
        AuditErrorCode.malformed,
        `The audit log this envelope carries does not check out, so nothing was imported: ${verdict.message}`,
        { code: verdict.code, desk: verdict.entry.desk, seq: verdict.entry.seq },
      );
    }
    await (await this.file(bundle.account)).merge(bundle);
  }

  /** Addresses in lowercase hex; a vault key on the offline signer is an `offline` key. */
  private normalized(body: AuditBodyInput): AuditBodyInput {
    switch (body.kind) {
      case 'proposal':
        return { ...body, proposer: auditAddress(body.proposer) };
      case 'consent':
        return {
          ...body,
          signer: auditAddress(body.signer),
          keyKind: body.keyKind === 'vault' && this.options.offline?.() ? 'offline' : body.keyKind,
        };
      case 'signature':
        return { ...body, signer: auditAddress(body.signer), signature: body.signature.toLowerCase() };
      case 'checks':
        return {
          ...body,
          simulation: {
            ...body.simulation,
            balanceChanges: body.simulation.balanceChanges.map((c) => ({ ...c, address: auditAddress(c.address) })),
          },
        };
      case 'confirmation':
        return {
          ...body,
          balanceChanges: body.balanceChanges.map((c) => ({ ...c, address: auditAddress(c.address) })),
        };
      default:
        return body;
    }
  }
}
