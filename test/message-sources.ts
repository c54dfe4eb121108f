import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/*
 * Every message the code can say to a person, read from the source: the texts at a message's places
 * (a zod `error:`, an issue's or a detail's `message:`, an `AppError`'s message, an error class's
 * message, a status table's `[status, code, message]`, what `localizeMessage` is given), followed through constants, parameters (to
 * every call that passes one), small functions that build a phrase, a property taken from what such
 * a function returns (`const { problem } = check(q)`), and conditionals. A part known only when the
 * code runs (an id, a title, a time) becomes `SAMPLE`.
 */

/** What stands for a value known only at run time. */
export const SAMPLE = '7';
/** More variants than this of one message are not written out: the first ones show its forms. */
const MAX_SAMPLES = 400;

/** Where a message is written, the forms it takes, and the place that says it (file and expression, as `via`). */
export type MessageSite = { file: string; line: number; via: string; samples: string[] };
export type Unresolved = { file: string; line: number; text: string };
export type Options = {
  root: string;
  /** Folders whose files hold messages, from the root. */
  dirs: string[];
  /** Files (from the root) whose messages are not said to a person as the error shape or a mail; they are still read to follow names into them. */
  skip: (file: string) => boolean;
  /** Values of constants exported by packages whose names a message uses (`LIMITS.nameMax`). */
  constants: Record<string, unknown>;
  /** Names of error classes whose message is for the operator, never for a person using the site. */
  operatorErrors: string[];
  /** Properties that hold a message in one file (a refusal's `reason:` shown as it is), by file from the root. */
  messageProperties: Record<string, string[]>;
};

type Sample = { text: string; at: ts.Node };
type Result = { samples: Sample[]; unresolved: ts.Node[] };
type Env = ReadonlyMap<ts.ParameterDeclaration, { args: readonly ts.Expression[]; env: Env }>;
const NO_ENV: Env = new Map();

const MESSAGE_PROPERTIES = new Set(['error', 'message']);
/** zod's short form, `.min(1, 'Enter a title')`: the methods and the place of their message (string methods of the same names are left out). */
const ZOD_CHECKS: Record<string, number> = { min: 1, max: 1, length: 1, gte: 1, lte: 1, gt: 1, lt: 1, regex: 1, refine: 1, int: 0, positive: 0, nonnegative: 0, email: 0, url: 0 };

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const product = (parts: string[][]): string[] =>
  parts.reduce<string[]>((acc, part) => acc.flatMap((a) => part.map((p) => a + p)).slice(0, MAX_SAMPLES), ['']);

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node;

const isFunctionLike = (node: ts.Node): node is ts.ArrowFunction | ts.FunctionDeclaration | ts.FunctionExpression | ts.MethodDeclaration =>
  ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

export function collectMessages(options: Options): { sites: MessageSite[]; unresolved: Unresolved[] } {
  const sources = new Map<string, ts.SourceFile>();
  for (const dir of options.dirs) {
    for (const path of tsFiles(join(options.root, dir))) sources.set(path, ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    return { file: relative(options.root, file.fileName), line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
  };

  /** The module a specifier names, as one of the files read. */
  function moduleFile(from: string, specifier: string): string | undefined {
    if (specifier === '@abhyas/contracts') return join(options.root, 'packages/contracts/src/index.ts');
    if (!specifier.startsWith('.')) return undefined;
    const path = join(dirname(from), specifier).replace(/\.js$/, '.ts');
    return sources.has(path) ? path : undefined;
  }

  /** The declaration a file exports under `name`, following `export * from`. */
  function exported(file: string, name: string, seen = new Set<string>()): ts.Node | undefined {
    const source = sources.get(file);
    if (!source || seen.has(file)) return undefined;
    seen.add(file);
    for (const statement of source.statements) {
      const found = declarationIn(statement, name);
      if (found) return found;
      if (ts.isExportDeclaration(statement) && !statement.exportClause && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const next = moduleFile(file, statement.moduleSpecifier.text);
        const deeper = next && exported(next, name, seen);
        if (deeper) return deeper;
      }
    }
    return undefined;
  }

  function declarationIn(statement: ts.Node, name: string): ts.Node | undefined {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name) return d;
        // `const { problem: reason } = …`: the name one property is taken under.
        const taken = ts.isObjectBindingPattern(d.name) ? d.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === name) : undefined;
        if (taken) return taken;
      }
    }
    return undefined;
  }

  /** What a name stands for where it is used: a parameter, a variable or function in scope, or an import. */
  function declarationOf(id: ts.Identifier): ts.Node | undefined {
    for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
      if (isFunctionLike(node)) {
        const param = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
        if (param) return param;
      }
      if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node)) {
        for (const statement of node.statements) {
          const found = declarationIn(statement, id.text);
          if (found) return found;
          if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
            const bindings = statement.importClause?.namedBindings;
            if (bindings && ts.isNamedImports(bindings)) {
              const spec = bindings.elements.find((e) => e.name.text === id.text);
              if (spec) {
                const file = moduleFile(node.getSourceFile().fileName, statement.moduleSpecifier.text);
                return file ? exported(file, (spec.propertyName ?? spec.name).text) : undefined;
              }
            }
          }
        }
      }
    }
    return undefined;
  }

  /** Every call of the function declared by `decl` (named `name`) in the files read. */
  function callsOf(decl: ts.Node, name: string): ts.CallExpression[] {
    const calls: ts.CallExpression[] = [];
    for (const source of sources.values()) {
      if (!source.text.includes(name)) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name && declarationOf(node.expression) === decl) calls.push(node);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    return calls;
  }

  const functionOf = (decl: ts.Node): ts.FunctionLikeDeclaration | undefined => {
    if (ts.isFunctionDeclaration(decl)) return decl;
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
      const init = unwrap(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  };

  const returnsOf = (fn: ts.FunctionLikeDeclaration): ts.Expression[] => {
    if (!fn.body) return [];
    if (!ts.isBlock(fn.body)) return [fn.body];
    const out: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
      if (!isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
    return out;
  };

  const constantValue = (path: string[]): unknown => path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), options.constants);

  const join2 = (a: Result, b: Result): Result => ({ samples: [...a.samples, ...b.samples], unresolved: [...a.unresolved, ...b.unresolved] });
  const none = (node: ts.Node): Result => ({ samples: [], unresolved: [node] });

  /** A template's part: what it can be, or the sample when it is known only at run time. */
  function hole(expr: ts.Expression, env: Env, depth: number): string[] {
    const r = expand(expr, env, depth);
    const texts = r.samples.map((s) => s.text);
    return [...new Set(r.unresolved.length > 0 || texts.length === 0 ? [...texts, SAMPLE] : texts)];
  }
  const made = (texts: string[], at: ts.Node): Result => ({ samples: texts.map((text) => ({ text, at })), unresolved: [] });

  function expand(node: ts.Expression, env: Env, depth: number): Result {
    const expr = unwrap(node);
    if (depth > 14) return none(expr);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isNumericLiteral(expr)) return made([expr.text], expr);
    if (ts.isTemplateExpression(expr)) {
      const parts: string[][] = [[expr.head.text]];
      for (const span of expr.templateSpans) parts.push(hole(span.expression, env, depth + 1), [span.literal.text]);
      return made(product(parts), expr);
    }
    if (ts.isConditionalExpression(expr)) return join2(expand(expr.whenTrue, env, depth + 1), expand(expr.whenFalse, env, depth + 1));
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return join2(expand(expr.left, env, depth + 1), expand(expr.right, env, depth + 1));
      if (op === ts.SyntaxKind.PlusToken) return made(product([hole(expr.left, env, depth + 1), hole(expr.right, env, depth + 1)]), expr);
      return none(expr);
    }
    if (ts.isIdentifier(expr)) return expandName(expr, env, depth);
    if (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) return expandAccess(expr, env, depth);
    if (ts.isCallExpression(expr)) return expandCall(expr, env, depth);
    return none(expr);
  }

  function expandName(id: ts.Identifier, env: Env, depth: number): Result {
    const decl = declarationOf(id);
    if (!decl) return none(id);
    if (ts.isParameter(decl)) {
      const bound = env.get(decl);
      const index = (decl.parent as ts.FunctionLikeDeclaration).parameters.indexOf(decl);
      if (bound) {
        const arg = bound.args[index];
        return arg ? expand(arg, bound.env, depth + 1) : decl.initializer ? expand(decl.initializer, env, depth + 1) : { samples: [], unresolved: [] };
      }
      // Unbound: whatever any call passes, and the default.
      const fn = decl.parent;
      const holder = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? fn.parent : fn;
      const name = ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : ts.isFunctionDeclaration(holder) ? holder.name?.text : undefined;
      let out: Result = decl.initializer ? expand(decl.initializer, env, depth + 1) : { samples: [], unresolved: [] };
      const calls = name ? callsOf(holder, name) : [];
      if (calls.length === 0 && !decl.initializer) return none(id);
      for (const call of calls) {
        const arg = call.arguments[index];
        if (arg) out = join2(out, expand(arg, NO_ENV, depth + 1));
      }
      return out;
    }
    if (ts.isVariableDeclaration(decl) && decl.initializer) return expand(decl.initializer, NO_ENV, depth + 1);
    if (ts.isBindingElement(decl) && !decl.dotDotDotToken && ts.isVariableDeclaration(decl.parent.parent) && decl.parent.parent.initializer) {
      const key = decl.propertyName ?? decl.name;
      if (ts.isIdentifier(key)) return propertyOf(decl.parent.parent.initializer, key.text, NO_ENV, depth + 1);
    }
    return none(id);
  }

  /** The property `key` of what an expression is: an object written out, or one a function called there returns. */
  function propertyOf(node: ts.Expression, key: string, env: Env, depth: number): Result {
    const expr = unwrap(node);
    if (depth > 14) return none(expr);
    if (ts.isConditionalExpression(expr)) return join2(propertyOf(expr.whenTrue, key, env, depth + 1), propertyOf(expr.whenFalse, key, env, depth + 1));
    if (ts.isObjectLiteralExpression(expr)) {
      const prop = expr.properties.find((p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) && p.name.text === key);
      // An object without it (`{ language, translation: null }`) says nothing there.
      if (!prop) return { samples: [], unresolved: [] };
      return expand(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name, env, depth + 1);
    }
    const called = ts.isCallExpression(expr) ? calledFunction(expr, env) : undefined;
    if (!called) return none(expr);
    return returnsOf(called.fn).reduce<Result>((out, ret) => join2(out, propertyOf(ret, key, called.env, depth + 1)), { samples: [], unresolved: [] });
  }

  /** The function a call by name runs, with its parameters bound to the call's arguments. */
  function calledFunction(call: ts.CallExpression, env: Env): { fn: ts.FunctionLikeDeclaration; env: Env } | undefined {
    if (!ts.isIdentifier(call.expression)) return undefined;
    const decl = declarationOf(call.expression);
    const fn = decl && functionOf(decl);
    if (!fn) return undefined;
    const bound = new Map(env);
    for (const param of fn.parameters) bound.set(param, { args: call.arguments, env });
    return { fn, env: bound };
  }

  /** The object literals an expression can be: one written out, a constant declared as one, or any element of a constant list it is found in. */
  function objectsOf(expr: ts.Expression): ts.ObjectLiteralExpression[] {
    const e = unwrap(expr);
    if (ts.isObjectLiteralExpression(e)) return [e];
    if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((el) => objectsOf(el as ts.Expression));
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ['find', 'at'].includes(e.expression.name.text)) return objectsOf(e.expression.expression);
    if (!ts.isIdentifier(e)) return [];
    const decl = declarationOf(e);
    return decl && ts.isVariableDeclaration(decl) && decl.initializer ? objectsOf(decl.initializer) : [];
  }

  function expandAccess(expr: ts.PropertyAccessExpression | ts.ElementAccessExpression, env: Env, depth: number): Result {
    // A constant of a package (`LIMITS.nameMax`, `OPTION_IDS[i]`): its value, or every value of a list.
    const path: string[] = [];
    let base: ts.Expression = expr;
    while (ts.isPropertyAccessExpression(base) || ts.isElementAccessExpression(base)) {
      if (ts.isPropertyAccessExpression(base)) path.unshift(base.name.text);
      else path.unshift(ts.isStringLiteral(base.argumentExpression) || ts.isNumericLiteral(base.argumentExpression) ? base.argumentExpression.text : '*');
      base = unwrap(base.expression);
    }
    if (ts.isIdentifier(base) && !path.includes('*')) {
      const value = constantValue([base.text, ...path]);
      const decl = declarationOf(base);
      const fromPackage = decl !== undefined && relative(options.root, decl.getSourceFile().fileName).startsWith('packages/');
      if (fromPackage && (typeof value === 'string' || typeof value === 'number')) return made([String(value)], expr);
    }
    if (ts.isIdentifier(base) && path.length === 1 && path[0] === '*') {
      const value = constantValue([base.text]);
      if (Array.isArray(value)) return made(value.map(String), expr);
    }
    const objects = objectsOf(expr.expression);
    if (objects.length > 0) {
      const key = ts.isPropertyAccessExpression(expr) ? expr.name.text : ts.isStringLiteral(expr.argumentExpression) ? expr.argumentExpression.text : undefined;
      let out: Result = { samples: [], unresolved: [] };
      for (const prop of objects.flatMap((o) => o.properties)) {
        if (!ts.isPropertyAssignment(prop)) continue;
        const name = ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name) ? prop.name.text : undefined;
        if (key === undefined || key === name) out = join2(out, expand(prop.initializer, env, depth + 1));
      }
      if (out.samples.length > 0 || out.unresolved.length > 0) return out;
    }
    return none(expr);
  }

  function expandCall(call: ts.CallExpression, env: Env, depth: number): Result {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee) && ['toLowerCase', 'toUpperCase', 'trim'].includes(callee.name.text)) {
      const inner = expand(callee.expression, env, depth + 1);
      const method = callee.name.text as 'toLowerCase' | 'toUpperCase' | 'trim';
      return { samples: inner.samples.map((s) => ({ text: s.text[method](), at: s.at })), unresolved: inner.unresolved };
    }
    // `String(x)`, and a message put into the reader's language: what it is in English.
    if (ts.isIdentifier(callee) && ['String', 'localizeMessage'].includes(callee.text) && call.arguments[0]) return expand(call.arguments[0], env, depth + 1);
    // A package's list written out: `CONTEST_ICONS.join(', ')`.
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'join' && ts.isIdentifier(callee.expression)) {
      const list = constantValue([callee.expression.text]);
      const separator = call.arguments[0];
      if (Array.isArray(list) && (!separator || ts.isStringLiteral(separator))) return made([list.join(separator ? separator.text : ',')], call);
    }
    const called = calledFunction(call, env);
    if (!called) return none(call);
    let out: Result = { samples: [], unresolved: [] };
    for (const ret of returnsOf(called.fn)) {
      const r = expand(ret, called.env, depth + 1);
      // A builder's `null` or object return (not a message) is not a message it can say.
      out = join2(out, { samples: r.samples, unresolved: r.unresolved.filter((n) => !ts.isObjectLiteralExpression(n) && n.kind !== ts.SyntaxKind.NullKeyword) });
    }
    return out;
  }

  // The places a message is said.
  const errorClasses = new Set<string>();
  for (const source of sources.values()) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name && node.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'Error'))) errorClasses.add(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const name of options.operatorErrors) errorClasses.delete(name);

  const roots: ts.Expression[] = [];
  for (const source of sources.values()) {
    const file = relative(options.root, source.fileName);
    if (options.skip(file)) continue;
    const properties = new Set([...MESSAGE_PROPERTIES, ...(options.messageProperties[file] ?? [])]);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent) && ts.isIdentifier(node.name) && properties.has(node.name.text)) {
        const value = unwrap(node.initializer);
        const schema = ts.isCallExpression(value) && value.expression.getText().startsWith('z.');
        if (!schema && value.kind !== ts.SyntaxKind.NullKeyword) roots.push(value);
      }
      if (ts.isShorthandPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent) && MESSAGE_PROPERTIES.has(node.name.text)) roots.push(node.name);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const arg = node.expression.text === 'AppError' ? node.arguments?.[2] : errorClasses.has(node.expression.text) ? node.arguments?.[0] : undefined;
        if (arg) roots.push(arg);
      }
      // zod's short form: `.min(1, 'Enter a title')`.
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && Object.hasOwn(ZOD_CHECKS, node.expression.name.text)) {
        const arg = node.arguments[ZOD_CHECKS[node.expression.name.text]!];
        if (arg && (ts.isStringLiteral(arg) || ts.isTemplateExpression(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) roots.push(arg);
      }
      // A status table's row: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'].
      if (ts.isArrayLiteralExpression(node) && node.elements.length === 3) {
        const [status, code, message] = node.elements;
        if (status && ts.isNumericLiteral(status) && code && ts.isStringLiteral(code) && /^[A-Z_]+$/.test(code.text) && message) roots.push(message);
      }
      // A message put into the reader's language where it is said.
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'localizeMessage' && node.arguments[0]) roots.push(node.arguments[0]);
      // The error handler's own answers: send(reply, 400, 'CODE', 'message').
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['send', 'sendError'].includes(node.expression.text) && node.arguments.length >= 4) roots.push(node.arguments[3]!);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const sites: MessageSite[] = [];
  const unresolved: Unresolved[] = [];
  for (const root of roots) {
    const r = expand(root, NO_ENV, 0);
    const via = `${where(root).file} ${root.getText()}`;
    const byPlace = new Map<ts.Node, Set<string>>();
    for (const sample of r.samples) byPlace.set(sample.at, (byPlace.get(sample.at) ?? new Set()).add(sample.text));
    for (const [at, texts] of byPlace) sites.push({ ...where(at), via, samples: [...texts].slice(0, MAX_SAMPLES) });
    for (const node of r.unresolved) unresolved.push({ ...where(node), text: node.getText() });
  }
  return { sites, unresolved };
}
