// A mocha reporter for `npm run test:tronweb`: mocha's own spec output, then how many tests passed,
// failed and were skipped in each file of the suite, so one run of TronWeb's files gives per-file figures.
// CommonJS because mocha loads a reporter given by path with require(); the lint config gives Node
// globals to .js, .mjs and .ts files only, hence the two lines below.
/* global require, module, process */
/* eslint-disable @typescript-eslint/no-require-imports */
const { join, relative, resolve, sep } = require('node:path');

/** Where a test or hook came from, as the suite names it: trx, contract/method. */
function fileName(file, root) {
  if (!file) return '(no file)';
  return relative(root, file)
    .split(sep)
    .join('/')
    .replace(/\.test\.js$/, '');
}

/**
 * Counts mocha's pass, fail and pending events by the runnable's file. A failing hook counts as one
 * failure of its file, as mocha's own total does. The map keeps the order files first report in.
 */
function countByFile(runner, root) {
  const counts = new Map();
  const bump = (runnable, key) => {
    const name = fileName(runnable.file, root);
    const row = counts.get(name) ?? { passing: 0, failing: 0, pending: 0 };
    row[key] += 1;
    counts.set(name, row);
  };
  runner.on('pass', (test) => bump(test, 'passing'));
  runner.on('fail', (test) => bump(test, 'failing'));
  runner.on('pending', (test) => bump(test, 'pending'));
  return counts;
}

/** The per-file figures as a plain table with a total row. */
function formatCounts(counts) {
  const rows = [...counts].map(([name, row]) => [name, row.passing, row.failing, row.pending]);
  const total = rows.reduce(
    (sum, row) => [sum[0], sum[1] + row[1], sum[2] + row[2], sum[3] + row[3]],
    ['all', 0, 0, 0],
  );
  const table = [['file', 'passing', 'failing', 'pending'], ...rows, total];
  const width = table[0].map((_, column) => Math.max(...table.map((row) => String(row[column]).length)));
  return table
    .map((row) => row.map((cell, column) => String(cell)[column ? 'padStart' : 'padEnd'](width[column])).join('  '))
    .join('\n');
}

/**
 * Mocha's spec reporter with the per-file table after its summary. The reporter option `root` is the
 * folder the table names files from (the runner passes lib/commonjs/test/lib, or lib/commonjs/test).
 */
function FileSummary(runner, options) {
  // The checkout's own mocha, so its spec output is the one TronWeb's `npm test` prints.
  const Spec = require(require.resolve('mocha/lib/reporters/spec', { paths: [process.cwd()] }));
  const spec = new Spec(runner, options);
  const root = resolve(options?.reporterOptions?.root ?? join('lib', 'commonjs', 'test', 'lib'));
  const counts = countByFile(runner, root);
  runner.once('end', () => process.stdout.write(`\nper file:\n${formatCounts(counts)}\n`));
  return spec;
}

module.exports = FileSummary;
module.exports.countByFile = countByFile;
module.exports.formatCounts = formatCounts;
