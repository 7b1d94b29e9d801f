import type { AuditCommand, AuditCommandIo } from '../audit/command-io';
import { runExportCommand } from '../audit/export-command';
import { runVerifyCommand } from '../audit/verify-command';
import { runVerifyControlCommand } from '../control/verify-control-command';

/**
 * The subcommands of `npm run audit`, by name: the audit log's (audit/) and the proof of control's
 * (control/), which is why the command line stands on the floor above both.
 */
export const AUDIT_COMMANDS: Readonly<Record<string, AuditCommand>> = {
  verify: runVerifyCommand,
  export: runExportCommand,
  'verify-control': (args, io) => runVerifyControlCommand(args, { out: io.stdout, err: io.stderr, fetch: io.fetch }),
};

const USAGE = `Usage: npm run audit -- <command> …
  verify <bundle> [--node <url>]     check a bundle: 0 intact, 1 broken (the first broken entry named), 2 unreadable
  export --account <address> --from <date> --to <date> --out <folder> [--data <user data folder>] [--network <name>]
                                     write the account's bundle and an HTML report of the period
  verify-control <file> --node <url> check a proof of control against a node: 0 verified, 1 fails, 2 unreadable
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
