import { parseArgs } from 'node:util';
import { isValidAddress } from '../../../src-core/address/address';

export const PAYOUTS_HELP = `Usage: npm run payouts -- plan <file.csv> --from <address> --node <url> [options]

Reads a payout CSV (header recipient,asset,amount[,memo][,reference]), plans it on the node and
prints the plan as JSON: per-asset totals, new recipients, energy, TRX cost per resource option,
failing rows. Nothing is signed or sent.

Options:
  --from ADDR     the paying account (T… address)
  --node URL      a java-tron-compatible node's HTTP API, e.g. http://127.0.0.1:8090
  --book FILE     an address-book CSV (name,address[,note,tags]) for recipients given by name
  --token ADDR    a TRC-20 contract whose symbol the asset column may use (repeatable)
  --api-key KEY   sent as TRON-PRO-API-KEY (TronGrid)
  --help          this text

Exit codes: 0 a good plan; 1 some rows would fail or the balance falls short;
2 a bad file (every bad row on stderr with its line) or bad options; 3 the node could not be read.
`;

export interface PayoutsCommand {
  readonly help: boolean;
  readonly file: string;
  readonly from: string;
  readonly node: string;
  readonly book: string | null;
  readonly tokens: readonly string[];
  readonly apiKey: string | null;
}

export class PayoutsUsageError extends Error {}

export function parsePayoutsCommand(argv: readonly string[]): PayoutsCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        node: { type: 'string' },
        book: { type: 'string' },
        token: { type: 'string', multiple: true },
        'api-key': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new PayoutsUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true, file: '', from: '', node: '', book: null, tokens: [], apiKey: null };
  const [command, file, ...extra] = positionals;
  if (command !== 'plan') throw new PayoutsUsageError(`Unknown command “${command ?? ''}”: the command is plan.`);
  if (!file) throw new PayoutsUsageError('Name the payout CSV file: plan <file.csv>.');
  if (extra.length > 0) throw new PayoutsUsageError(`Unexpected arguments: ${extra.join(' ')}.`);
  if (!values.from || !isValidAddress(values.from))
    throw new PayoutsUsageError('--from must be the paying account, a T… address.');
  if (!values.node || !/^https?:\/\/./.test(values.node))
    throw new PayoutsUsageError('--node must be the node’s HTTP URL, e.g. http://127.0.0.1:8090.');
  const tokens = values.token ?? [];
  const bad = tokens.find((t) => !isValidAddress(t));
  if (bad) throw new PayoutsUsageError(`--token ${bad} is not a TRC-20 contract address.`);
  return {
    help: false,
    file,
    from: values.from,
    node: values.node,
    book: values.book ?? null,
    tokens,
    apiKey: values['api-key'] ?? null,
  };
}
