import { JAVA } from '../../java-json/error-body';
import type { ApiRequest } from '../request';
import type { DryRunner, DryRunOptions } from '../../simulation/dry-run';
import { JavaError } from '../../errors';

/**
 * `POST /admin/dryrun` (dev mode only): `{"transaction": <tx JSON or hex>, "skip_signature_check"?,
 * "signers"?: [addresses], "state"?: "head"|"pending"}` → the DryRunResult as JSON (amounts in sun).
 */
type Json = Record<string, unknown>;

export const adminDryRun =
  (runner: DryRunner) =>
  async (req: ApiRequest): Promise<Json> => {
    const body = req.body();
    const tx = body.transaction;
    if (tx === undefined || tx === null || (typeof tx !== 'string' && typeof tx !== 'object') || Array.isArray(tx)) {
      throw new JavaError(
        JAVA.illegalArgument,
        'transaction must be a transaction JSON object or the hex of a serialized Transaction',
      );
    }
    const signers = body.signers;
    if (signers !== undefined && (!Array.isArray(signers) || signers.some((s) => typeof s !== 'string'))) {
      throw new JavaError(JAVA.illegalArgument, 'signers must be a list of addresses');
    }
    const state = body.state;
    if (state !== undefined && state !== 'head' && state !== 'pending')
      throw new JavaError(JAVA.illegalArgument, 'state must be "head" or "pending"');
    const options: DryRunOptions = {
      skipSignatureCheck: body.skip_signature_check === true,
      ...(signers ? { signers: signers as string[] } : {}),
      ...(state ? { state } : {}),
    };
    const input =
      typeof tx === 'string' ? tx : { ...(tx as Json), visible: (tx as Json).visible ?? body.visible ?? false };
    try {
      return { ...(await runner.dryRun(input, options)) };
    } catch (error) {
      if (error instanceof RangeError) throw new JavaError(JAVA.illegalArgument, error.message);
      throw error;
    }
  };
