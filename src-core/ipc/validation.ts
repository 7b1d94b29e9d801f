import type { z } from 'zod';
import { ValidationError } from '../errors';

export interface IssueSummary {
  /** Dotted path into the value, e.g. `target.txid`; empty for the value itself. */
  readonly path: string;
  readonly message: string;
}

export function summarizeIssues(error: z.ZodError): IssueSummary[] {
  return error.issues.map((issue) => ({
    path: issue.path
      .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
      .join('.')
      .replace(/\.\[/g, '['),
    message: issue.message,
  }));
}

/**
 * A schema failure as a sentence a person can act on, e.g.
 * `The request to app:openExplorer was refused: txid: must be 64 hex characters.`
 */
export function validationErrorFrom(error: z.ZodError, subject: string): ValidationError {
  const issues = summarizeIssues(error);
  const parts = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  const sentence = `${subject} was refused: ${parts.join('; ') || 'the value does not match the expected shape'}.`;
  return new ValidationError('VALIDATION_FAILED', sentence.replace(/\.\.$/, '.'), { issues });
}
