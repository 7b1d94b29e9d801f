import type { AuditCommand, AuditCommandIo } from './command-io';
import { runExportCommand } from './export-command';
import { runVerifyCommand } from './verify-command';

/**
 * The subcommands of `npm run audit`, by name. `verify-control` (a proof of control checked
 * against a node) is its own module's `runVerifyControlCommand(args, io)`, with this signature;
 * it joins this table as one more row.
 */
export const AUDIT_COMMANDS: Readonly<Record<string, AuditCommand>> = {
  verify: runVerifyCommand,
  export: runExportCommand,
};

const USAGE = `Usage: npm run audit -- <command> …
  verify <bundle> [--node <url>]     check a bundle: 0 intact, 1 broken (the first broken entry named), 2 unreadable
  export --account <address> --from <date> --to <date> --out <folder> [--data <user data folder>] [--network <name>]
                                     write the account's bundle and an HTML report of the period
`;

/** Runs one subcommand; an unknown or missing one prints the usage and exits 2. */
export async function runAuditCommand(args: readonly string[], io: AuditCommandIo): Promise<number> {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : AUDIT_COMMANDS[name];
  if (!command) {
    io.stderr(`${name === undefined ? '' : `Unknown command ${name}.\n`}${USAGE}`);
    return 2;
  }
  return command(rest, io);
}
