// The product's import graph as TypeScript sees it, every kind of edge included: value imports,
// `import type`, re-exports, lazy `import()` and `import('x').T` in type positions. ESLint's
// import-x/no-cycle skips type-only imports by design, so the cycle check walks this graph itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Every TypeScript source file under `dir` (declaration files and node_modules left out). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The module specifiers a file names, of any kind (static, type-only, re-export, lazy, type query). */
export function specifiersOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) out.push(e.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) out.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The file a relative specifier names, as the bundler and tsc resolve it; undefined for packages. */
export function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs|cjs|ts|tsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

/** The graph of the files under `dirs`, as paths relative to `root`; edges leaving the dirs are dropped. */
export function importGraph(root: string, dirs: string[]): Map<string, Set<string>> {
  const files = dirs.flatMap((d) => (existsSync(join(root, d)) ? sourceFiles(join(root, d)) : []));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const to = new Set<string>();
    for (const spec of specifiersOf(f)) {
      const target = resolveSpecifier(f, spec);
      if (target && known.has(target) && target !== f) to.add(relative(root, target));
    }
    graph.set(relative(root, f), to);
  }
  return graph;
}

/** A circle: every file caught in it, and one shortest loop through the first, naming imports to undo. */
export interface Circle {
  files: string[];
  loop: string[];
}

/** The circles of a graph: each strongly connected component of more than one file (Tarjan). */
export function cycles(graph: Map<string, Set<string>>): Circle[] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const comps: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) comps.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return comps
    .map((files) => ({ files, loop: loopThrough(graph, files[0]!, new Set(files)) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest path from `start` back to itself inside `within` (breadth first). */
function loopThrough(graph: Map<string, Set<string>>, start: string, within: Set<string>): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]!)!);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
