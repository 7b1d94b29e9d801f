import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCommandLine } from '../../../src-main/watchtower/cli-options';

const cli = fileURLToPath(new URL('../../../src-main/watchtower/cli.ts', import.meta.url));

describe('npm run watch flags', () => {
  it('reads --config, --node, --state and --once', () => {
    expect(
      parseCommandLine(['--config', 'w.json', '--node', 'http://127.0.0.1:8090', '--state', 's', '--once']),
    ).toEqual({
      help: false,
      config: 'w.json',
      node: 'http://127.0.0.1:8090',
      state: 's',
      once: true,
    });
  });

  it('needs --config and refuses unknown flags', () => {
    expect(() => parseCommandLine(['--node', 'http://x'])).toThrow(CliUsageError);
    expect(() => parseCommandLine(['--config', 'w.json', '--bogus'])).toThrow(CliUsageError);
  });

  it('prints the help and exits 0, or the problem and exits 2', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--help']);
    expect(stdout).toContain('Usage: npm run watch -- --config watch.json');
    await expect(promisify(execFile)(process.execPath, ['--import', 'tsx', cli])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--config FILE is required.'),
    });
  });
});
