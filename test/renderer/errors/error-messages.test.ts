import { describe, expect, it } from 'vitest';
import * as core from '../../../src-core/errors';
import { deserializeError, WalletError } from '../../../src-core/errors';
import { IpcError } from '../../../src-core/ipc/errors';
import { validationErrorFrom } from '../../../src-core/ipc/validation';
import { walletErrorSites } from '../../fixtures/error-sites';
import { z } from 'zod';
import {
  CHANNEL,
  CLASS_NAME,
  ERROR_CODE,
  ERROR_TITLES,
  toErrorView,
  type ErrorView,
} from '../../../src-renderer/errors/error-view';

type ErrorClass = new (code: string, message: string, details?: Record<string, unknown>) => WalletError;

/** Every WalletError subclass src-core exports, plus the IPC layer's. */
const CLASSES: ErrorClass[] = [
  ...(Object.values(core) as unknown[]).filter(
    (value): value is ErrorClass =>
      typeof value === 'function' && (value as { prototype: unknown }).prototype instanceof WalletError,
  ),
  IpcError as unknown as ErrorClass,
];

/** Sentences as main writes them, including ones that name a class, a code or a channel. */
const MESSAGES = [
  'The password is not right.',
  'VaultError · VAULT_WRONG_PASSWORD',
  'Refused (VAULT_LOCKED): unlock the vault first.',
  'The readable transaction and its raw_data_hex differ (ENVELOPE_JSON_HEX_MISMATCH).',
  'The request to addressBook:save was refused: name: must not be empty.',
  'StoreError: the file history.json is damaged.',
];

/** The words a person reads in the notice: everything but the details line. */
function visibleText(view: ErrorView): string {
  return [view.title, view.message, ...view.issues.map((i) => `${i.path} ${i.message}`)].join('\n');
}

describe('error notices in words', () => {
  it('covers every error class with a title of its own', () => {
    expect(CLASSES.length).toBeGreaterThanOrEqual(18);
    for (const Class of CLASSES) {
      const error = new Class('SOME_CODE', 'x');
      expect(ERROR_TITLES[error.name], error.name).toBeDefined();
    }
  });

  it('never shows a class name, an error code or a channel name outside the details line', () => {
    for (const Class of CLASSES) {
      for (const message of MESSAGES) {
        const error = new Class('SOME_ERROR_CODE', message, {
          issues: [{ path: 'name', message: 'must not be empty (VALIDATION_FAILED)' }],
        });
        const view = toErrorView(error);
        const text = visibleText(view);
        expect(text, `${error.name}: ${message}`).not.toMatch(CLASS_NAME);
        expect(text, `${error.name}: ${message}`).not.toMatch(ERROR_CODE);
        expect(text, `${error.name}: ${message}`).not.toMatch(CHANNEL);
        // The details line keeps both, for a support request.
        expect(view.code).toBe('SOME_ERROR_CODE');
        expect(view.name).toBe(error.name);
      }
    }
  });

  it('says every error src-core and src-main throw in words, with its class and code only in the details line', () => {
    const sites = walletErrorSites();
    // Hundreds of throw sites across the vault, node host, builder, envelopes, Ledger, watchtower…
    expect(sites.length).toBeGreaterThan(300);
    expect(new Set(sites.map((s) => s.className)).size).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const site of sites) {
      // As the window receives it: serialized by main, rebuilt by the bridge.
      const view = toErrorView(deserializeError({ name: site.className, code: site.code, message: site.message }));
      const text = visibleText(view);
      if (ERROR_TITLES[site.className] === undefined) problems.push(`${site.where}: no title for ${site.className}`);
      for (const pattern of [CLASS_NAME, ERROR_CODE, CHANNEL]) {
        const found = text.match(pattern);
        if (found) problems.push(`${site.where}: "${found[0]}" shows in "${view.message}"`);
      }
      if (view.code !== site.code || view.name !== site.className)
        problems.push(`${site.where}: the details line lost ${site.className} ${site.code}`);
      if (view.message.trim().length < 3) problems.push(`${site.where}: no sentence left of "${site.message}"`);
    }
    expect(problems).toEqual([]);
  });

  it('says a refused request in words and keeps each field with its problem', () => {
    const parsed = z.strictObject({ name: z.string().min(1, 'must not be empty') }).safeParse({ name: '' });
    const view = toErrorView(validationErrorFrom(parsed.error!, 'The request to addressBook:save'));
    expect(view.message).toBe('What was entered was not accepted. Correct the fields listed below and try again.');
    expect(view.issues).toEqual([{ path: 'name', message: 'must not be empty' }]);
  });

  it('keeps a plain sentence as main wrote it', () => {
    expect(toErrorView(new core.VaultError('VAULT_WRONG_PASSWORD', 'The password is not right.')).message).toBe(
      'The password is not right.',
    );
  });
});
