import { describe, expect, it } from 'vitest';
import { parsePayoutsCommand, PayoutsUsageError } from '@main/wallet/payouts/cli-options';

const FROM = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';

describe('parsePayoutsCommand', () => {
  it('reads plan, the file, the account, the node, the address book and repeated tokens', () => {
    expect(
      parsePayoutsCommand([
        'plan',
        'run.csv',
        '--from',
        FROM,
        '--node',
        'http://127.0.0.1:8090',
        '--book',
        'book.csv',
        '--token',
        FROM,
        '--token',
        FROM,
      ]),
    ).toEqual({
      help: false,
      file: 'run.csv',
      from: FROM,
      node: 'http://127.0.0.1:8090',
      book: 'book.csv',
      tokens: [FROM, FROM],
      apiKey: null,
    });
  });

  it.each([
    [['pay', 'run.csv', '--from', FROM, '--node', 'http://x'], /the command is plan/],
    [['plan', '--from', FROM, '--node', 'http://x'], /Name the payout CSV file/],
    [['plan', 'a.csv', '--from', 'Tnope', '--node', 'http://x'], /--from must be/],
    [['plan', 'a.csv', '--from', FROM, '--node', 'localhost:8090'], /--node must be/],
    [['plan', 'a.csv', '--from', FROM, '--node', 'http://x', '--colour', 'red'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parsePayoutsCommand(argv)).toThrow(PayoutsUsageError);
    expect(() => parsePayoutsCommand(argv)).toThrow(message);
  });
});
