// ESLint rule `layers/no-upward-import`: the "may import" tables of the src-* READMEs as code.
// Each zone names the folder (or file, without extension) a file sits in and the folders it must not
// reach through a relative import (static, dynamic, re-export or vi.mock); `allow` lists the targets
// inside those folders it may still reach (from the files given, or from anywhere in the zone). Package imports (electron, node:*) are
// `no-restricted-imports`' job; this rule resolves relative paths, which patterns cannot judge.
import { dirname, relative, resolve, sep } from 'node:path';

const toPosix = (path) => path.split(sep).join('/');
const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);
const withoutExtension = (path) => path.replace(/\.(?:[cm]?[jt]s|vue)$/, '');

/** @type {import('eslint').Rule.RuleModule} */
export const noUpwardImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each layer to the imports its README allows.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                files: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                forbidden: { type: 'array', items: { type: 'string' } },
                allow: {
                  type: 'array',
                  items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
                },
                message: { type: 'string' },
              },
              required: ['files', 'forbidden', 'message'],
            },
          },
        },
        required: ['root', 'zones'],
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const file = toPosix(relative(root, context.filename));
    const importer = withoutExtension(file);
    const active = zones.filter((z) => within(importer, z.files) && !(z.except ?? []).some((e) => within(importer, e)));
    if (active.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = withoutExtension(toPosix(relative(root, resolve(dirname(context.filename), source))));
      for (const zone of active) {
        const allowed = (zone.allow ?? []).some((a) => (!a.from || within(importer, a.from)) && within(target, a.to));
        const hit = !allowed && zone.forbidden.find((folder) => within(target, folder));
        if (hit) context.report({ node, message: `${zone.message} (${file} imports ${target})` });
      }
    };
    const literal = (node) => (node?.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock)$/]': (node) =>
        check(node, literal(node.arguments[0])),
    };
  },
};

export default { rules: { 'no-upward-import': noUpwardImport } };
