import { canonicalJson, toJsonSafe } from '../envelope/canonical';
import { ControlError } from './errors';
import { ProofOfControlSchema, type ProofOfControl } from './document';

/** Checks a proof built in memory or read from JSON; the first problem becomes one sentence. */
export function readProofOfControl(value: unknown): ProofOfControl {
  const result = ProofOfControlSchema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the file';
  throw new ControlError(
    'CONTROL_INVALID',
    `This proof of control cannot be read: ${where} ${issue?.message ?? 'is not valid'}. Ask its maker for the ` +
      'file as the app saved it.',
    { path: where },
  );
}

/** Reads the file's text: JSON first, then the schema, each problem in one sentence. */
export function parseProofOfControl(text: string): ProofOfControl {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ControlError(
      'CONTROL_NOT_JSON',
      'This file is not a proof of control: it is not JSON. Open the file the app saved, unchanged.',
    );
  }
  return readProofOfControl(json);
}

/**
 * The file's text: the envelope's canonical JSON (sorted keys, no whitespace, amounts as decimal
 * strings) and a newline, so the same proof is always the same bytes and two copies can be compared.
 */
export function serializeProofOfControl(proof: ProofOfControl): string {
  return `${canonicalJson(toJsonSafe(proof))}\n`;
}
