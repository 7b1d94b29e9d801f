import { chainParametersFromNode } from '../../../src-core/chain/parameters';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { WalletError } from '../../../src-core/errors';
import { readPayoutCsv } from '../../../src-core/payouts/read';
import { readAddressBookCsv } from '../address-book/address-book-csv';
import { ChainReads } from '../chain-knowledge/chain-reads';
import { parsePayoutsCommand, PAYOUTS_HELP, PayoutsUsageError } from './cli-options';
import { chainPayoutLookups } from './payout-lookups';
import { planPayouts } from './plan';
import { planJson } from './plan-json';

export interface HeadlessIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<string>;
  readonly fetch: FetchLike;
}

export const PAYOUTS_EXIT = { good: 0, rowsFail: 1, badFile: 2, noNode: 3 } as const;

/**
 * `npm run payouts -- plan …`: the file read and planned by the same code as the app's
 * (`readPayoutCsv`, `planPayouts`), against a node named by URL. A remote node cannot apply many
 * transactions privately, so the rows are judged by the node's constant calls and the balances
 * counted down row by row. Resolves with the exit code.
 */
export async function runPayoutsCommand(argv: readonly string[], io: HeadlessIo): Promise<number> {
  let command;
  try {
    command = parsePayoutsCommand(argv);
  } catch (error) {
    if (!(error instanceof PayoutsUsageError)) throw error;
    io.stderr(`${error.message}\n\n${PAYOUTS_HELP}`);
    return PAYOUTS_EXIT.badFile;
  }
  if (command.help) {
    io.stdout(PAYOUTS_HELP);
    return PAYOUTS_EXIT.good;
  }
  let text: string;
  let book: { name: string; address: string }[] = [];
  try {
    text = await io.readFile(command.file);
    if (command.book) {
      const read = readAddressBookCsv(await io.readFile(command.book));
      if (read.problems.length > 0) {
        io.stderr(
          `The address book ${command.book} has problems:\n${read.problems.map((p) => p.message).join('\n')}\n`,
        );
        return PAYOUTS_EXIT.badFile;
      }
      book = read.rows.map((r) => ({ name: r.name, address: r.address }));
    }
  } catch (error) {
    io.stderr(`The file could not be read: ${(error as Error).message}\n`);
    return PAYOUTS_EXIT.badFile;
  }

  const client = new TronNodeClient({
    fullNodeUrl: command.node.replace(/\/+$/, ''),
    fetch: io.fetch,
    ...(command.apiKey ? { apiKey: command.apiKey } : {}),
  });
  const reads = new ChainReads();
  try {
    const watched = await Promise.all(
      command.tokens.map(async (address) => ({ address, ...(await reads.trc20(client, address)) })),
    );
    const file = await readPayoutCsv(text, {
      owner: command.from,
      lookups: chainPayoutLookups({ client, reads, book, watched }),
    });
    if (file.issues.length > 0) {
      io.stderr(
        `${command.file}: ${file.issues.length} problem${file.issues.length === 1 ? '' : 's'}; nothing was planned.\n` +
          file.issues.map((i) => `${i.message} [${i.code}]`).join('\n') +
          '\n',
      );
      return PAYOUTS_EXIT.badFile;
    }
    const plan = await planPayouts(command.from, file.rows, {
      client,
      parameters: chainParametersFromNode(await client.getChainParameters()),
      reads,
      sequence: null,
      held: [],
      chainMsPerWallMs: 1,
    });
    io.stdout(`${JSON.stringify(planJson(plan), null, 2)}\n`);
    return plan.failing.length > 0 || !plan.covered ? PAYOUTS_EXIT.rowsFail : PAYOUTS_EXIT.good;
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    io.stderr(`The plan could not be made: ${error.message}\n`);
    return PAYOUTS_EXIT.noNode;
  }
}
