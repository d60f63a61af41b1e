#!/usr/bin/env node
// Prints the codebase-shape figures of issue 25 against their goals (`npm run check:shape`):
// each is counted from the source tree, test files excluded. `--strict` exits 1 when one misses.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const isTest = (f) =>
  /\.(test|spec|property\.test|emulator\.test)\.tsx?$/.test(f) || f.includes(`${sep}test-support${sep}`);

function files(dir, exts = ['.ts', '.tsx']) {
  const out = [];
  for (const name of readdirSync(join(root, dir))) {
    const p = join(dir, name);
    if (statSync(join(root, p)).isDirectory()) out.push(...files(p, exts));
    else if (exts.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') && !isTest(p)) out.push(p);
  }
  return out;
}
const read = (f) => readFileSync(join(root, f), 'utf8');
/** Relative import specifiers of a file, resolved to repo paths (no extension). */
function imports(f) {
  const out = [];
  for (const m of read(f).matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)) {
    out.push(
      relative(root, resolve(root, dirname(f), m[1]))
        .split(sep)
        .join('/'),
    );
  }
  return out;
}
const count = (list, fn) => list.reduce((n, f) => n + fn(f), 0);

const server = files('src/server');
const web = files('src/web');

const figures = [
  {
    name: 'query results whose row type is only asserted (.one<T> / .rows<T>)',
    goal: 40,
    value: count(
      server.filter((f) => !f.endsWith('db/client.ts')),
      (f) => [...read(f).matchAll(/\.(one|rows)<(?!T>)/g)].length,
    ),
  },
  {
    name: 'routes whose render error or failed chunk blanks the app (no error boundary)',
    goal: 0,
    value: (() => {
      // A route is covered when a RouteErrorBoundary is around it: its layout (a component that
      // wraps its <Outlet /> in one) is the element of an ancestor <Route>, or the boundary is
      // its own element, or the component holding its <Routes> is itself the element of a
      // covered route (the console's nested pages). Read with TypeScript's own parser.
      const layouts = new Set(
        web
          .filter((f) => /<RouteErrorBoundary\b/.test(read(f)) && /<Outlet\b/.test(read(f)))
          .map((f) =>
            f
              .split(sep)
              .pop()
              .replace(/\.tsx?$/, ''),
          ),
      );
      const routeFiles = web.filter((f) => /<Route\b/.test(read(f)));
      const coveredComponents = new Set();
      const tagOf = (n) => (ts.isJsxElement(n) ? n.openingElement : ts.isJsxSelfClosingElement(n) ? n : undefined);
      const elementOf = (tag) => {
        const attr = tag.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === 'element');
        const e = attr?.initializer && ts.isJsxExpression(attr.initializer) ? attr.initializer.expression : undefined;
        const inner = e && tagOf(e);
        return inner?.tagName.getText();
      };
      const scan = (f, fileCovered) => {
        let uncovered = 0;
        const source = ts.createSourceFile(f, read(f), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
        const visit = (n, covered) => {
          const tag = tagOf(n);
          if (tag && tag.tagName.getText() === 'Route') {
            const element = elementOf(tag);
            covered ||= element !== undefined && (layouts.has(element) || element === 'RouteErrorBoundary');
            if (!covered) uncovered++;
            else if (element) coveredComponents.add(element);
          }
          ts.forEachChild(n, (c) => visit(c, covered));
        };
        visit(source, fileCovered);
        return uncovered;
      };
      // Twice: the first pass learns which components render under a covered route.
      for (const f of routeFiles) scan(f, false);
      return count(routeFiles, (f) =>
        scan(
          f,
          coveredComponents.has(
            f
              .split(sep)
              .pop()
              .replace(/\.tsx?$/, ''),
          ),
        ),
      );
    })(),
  },
  {
    name: 'imports of sw/ from src/web',
    goal: 0,
    value: count(web, (f) => imports(f).filter((p) => p.startsWith('sw/')).length),
  },
  {
    name: 'imports of src/server/http from src/server/domain',
    goal: 0,
    value: count(
      server.filter((f) => f.startsWith(`src${sep}server${sep}domain`)),
      (f) => imports(f).filter((p) => p.startsWith('src/server/http')).length,
    ),
  },
  {
    name: 'imports between feature folders of src/web/features',
    goal: 0,
    value: count(
      web.filter((f) => f.startsWith(`src${sep}web${sep}features${sep}`)),
      (f) => {
        const own = f.split(sep)[3];
        return imports(f).filter((p) => p.startsWith('src/web/features/') && p.split('/')[3] !== own).length;
      },
    ),
  },
  {
    name: 'disabled react-hooks/exhaustive-deps',
    goal: 2,
    value: count(
      [...web, ...files('sw')],
      (f) => [...read(f).matchAll(/eslint-disable[^\n]*react-hooks\/exhaustive-deps/g)].length,
    ),
  },
];

let missed = 0;
for (const { name, goal, value } of figures) {
  const ok = value <= goal;
  if (!ok) missed++;
  console.log(`${ok ? 'ok  ' : 'MISS'}  ${String(value).padStart(4)}  (goal ≤ ${goal})  ${name}`);
}
console.log(missed ? `${missed} of ${figures.length} figures miss their goal` : 'every figure meets its goal');
if (missed && process.argv.includes('--strict')) process.exit(1);
