import { ValidationError } from '../../../src-core/errors';
import type { PayoutProgress } from '../../../src-core/ipc/channels/payouts';
import { PAYOUT_CSV_MAX_CHARS } from '../../../src-core/ipc/channels/payouts';
import type { EmitEvent, FileDialogs } from '../context';
import type { PayoutPlanResult, PayoutsService } from './payouts-service';

const CSV_FILTERS = [
  { name: 'CSV', extensions: ['csv'] },
  { name: 'Text', extensions: ['txt'] },
] as const;

export interface PayoutsScreenOptions {
  readonly payouts: Pick<PayoutsService, 'plan'>;
  readonly emit: EmitEvent;
  /** Main's open dialog; absent, the page reads the file with a file input and sends its text. */
  readonly files?: FileDialogs;
}

/**
 * IPC domain `payouts`: what the Payouts screen asks of main. The plan is PayoutsService's own, so
 * the screen, the headless command and the bundle see the same figures; progress goes out as
 * `payouts:progress` events tagged with the page's run id, because one IPC call has one answer.
 */
export class PayoutsScreen {
  constructor(private readonly options: PayoutsScreenOptions) {}

  async plan(input: { owner: string; csv: string; runId?: string | undefined }): Promise<PayoutPlanResult> {
    const runId = input.runId ?? null;
    const report = (progress: Omit<PayoutProgress, 'runId'>) =>
      this.options.emit('payouts:progress', { runId, ...progress });
    report({ phase: 'read', done: 0, total: 1 });
    return this.options.payouts.plan({ csv: input.csv, owner: input.owner }, (progress) => report(progress));
  }

  async openFile(): Promise<{ csv: string; name: string } | null> {
    const open = this.options.files?.openText;
    if (!open)
      throw new ValidationError(
        'PAYOUTS_NO_DIALOG',
        'This window cannot show the open dialog; choose the file with the file field instead.',
      );
    const file = await open.call(this.options.files, {
      title: 'Open a payout file (CSV)',
      filters: CSV_FILTERS,
      maxBytes: PAYOUT_CSV_MAX_CHARS,
    });
    return file ? { csv: file.text, name: file.name } : null;
  }
}
