#!/usr/bin/env node
// Fails when a tracked file refers to a place outside the repository: a relative path that climbs
// above the repository's root from wherever the file sits, any climb into a `shared/` folder (the
// notes that sit beside the checkout on the build machines, whatever the depth), or an absolute
// path into the build machine's work folder. A clone on someone else's machine has none of those,
// so tests, docs and scripts must carry what they need. It also fails on a Markdown document named
// by its bare file name that the repository does not hold (notes kept beside the checkout): comments cite
// public sources instead.
//
// Usage: node scripts/check-standalone.mjs [--root DIR]   (default: this repository)
// A line that must keep such a string on purpose (a path-traversal test input) says
// `standalone-check: allow` in a comment on the same line or the line before.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIPPED = [/^package-lock\.json$/, /\.(png|jpe?g|gif|ico|icns|woff2?|ttf|y4m|mjpeg|bin)$/i];
const CLIMB = /(?<![\w.])((?:\.\.\/)+)([\w@.-][\w@.\-/]*)/g;
const MACHINE_PATHS = /(?<![\w.])\/work\/[\w.-]+/g;
const MARKDOWN_NAME = /(?<![\w./-])[\w.-]+\.md(?![\w-])/gi;
const ALLOW = 'standalone-check: allow';

function isOutside(root, target) {
  const path = relative(root, target);
  return path === '..' || path.startsWith('..' + sep);
}

export function findOutsideReferences(root) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !SKIPPED.some((pattern) => pattern.test(f)));
  const documents = new Set(files.filter((f) => /\.md$/i.test(f)).map((f) => f.split('/').pop().toLowerCase()));
  const found = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (text.includes('\0')) continue;
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (line.includes(ALLOW) || lines[index - 1]?.includes(ALLOW)) return;
      for (const match of line.matchAll(CLIMB)) {
        if (match[2].startsWith('shared/') || isOutside(root, resolve(root, dirname(file), match[1] + match[2]))) {
          found.push({ file, line: index + 1, reference: match[0] });
        }
      }
      for (const match of line.matchAll(MACHINE_PATHS)) found.push({ file, line: index + 1, reference: match[0] });
      for (const match of line.matchAll(MARKDOWN_NAME)) {
        if (!documents.has(match[0].toLowerCase())) found.push({ file, line: index + 1, reference: match[0] });
      }
    });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root');
  const root = resolve(at > 0 ? process.argv[at + 1] : join(dirname(fileURLToPath(import.meta.url)), '..'));
  const found = findOutsideReferences(root);
  for (const f of found) console.error(`${f.file}:${f.line}: refers outside the repository: ${f.reference}`);
  if (found.length > 0) {
    console.error(
      `\n${found.length} reference(s) to places outside the repository. Copy what is needed into the repository (test/fixtures/ for data) and refer to it there.`,
    );
    process.exit(1);
  }
  console.log(`standalone: no tracked file refers outside the repository`);
}
