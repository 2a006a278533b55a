// A JavaScript program made ready for its worker (no DOM): each call
// written `.place(` on line L becomes `[__nqueensLine(L, "place")](`, which
// notes the line and names the same method (on the board or on any object
// of the program's own), so the sandbox knows the line of a tracer call
// without a stack trace (one costs microseconds a call). Strings, template literals
// and comments are left as they are, and no line moves, so the line numbers
// of errors stay the program's. A dynamic `import(` becomes a call that
// throws: a worker could fetch a module with it, and syntax cannot be taken
// away by the sandbox.
//
// A program acorn parses (www/vendor/acorn.js) is rewritten from its tree,
// which also lets each step carry the learner's state: a step's call (place,
// remove, found) hands the sandbox `() => ({ a, b, … })`, the variables in
// scope there (those declared before it, so none is read before it is set),
// and each function of the program notes its calls with their arguments
// (`__nqueensEnter("go", ["row"], [row]); try { … } finally { __nqueensLeave() }`,
// all on the lines they were). A program acorn refuses goes through the scan
// below as before, and its error is the browser's.

import { parse } from '../vendor/acorn.js';

/** The tracer's methods (www/workers/code-js-worker.js). */
const TRACER_METHODS = ['place', 'remove', 'safe', 'found', 'say', 'count'];
/** The methods that make a step, which carry the state. */
const STEP_METHODS = ['place', 'remove', 'found'];
/** Operators that make a number a bit mask. */
const BITWISE = ['&', '|', '^', '<<', '>>', '>>>', '&=', '|=', '^=', '<<=', '>>=', '>>>='];
const SHIFTS = ['<<', '>>', '>>>'];

const NAME = /[A-Za-z0-9_$]/;

/**
 * @param {string} source  the learner's program
 * @returns {{ code: string, lines: number[], masks: string[], traced: boolean }}  the program to run, the lines (1-based)
 *   with a rewritten call, the names it uses as bit masks, and whether its steps carry its state
 */
export function rewriteProgram(source) {
  /** @type {any} */
  let tree;
  try {
    tree = parse(source, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  } catch {
    return { ...scanProgram(source), masks: [], traced: false };
  }
  return { ...fromTree(source, tree), traced: true };
}

/** @typedef {{ name: string, end: number, hoisted: boolean, fn?: boolean }} Declared */
/** @typedef {{ names: Declared[], fn: boolean }} Scope */

/**
 * The rewrite from acorn's tree: edits at positions, applied from the end.
 * @param {string} source  @param {any} tree
 */
function fromTree(source, tree) {
  /** @type {Array<{ from: number, to: number, text: string }>} */
  const edits = [];
  /** @type {Set<number>} */
  const lines = new Set();
  /** @type {Set<string>} */
  const masks = new Set();
  /** @type {Scope[]} */
  const scopes = [{ names: [], fn: true }];
  /** @param {string} name  @param {number} end  @param {boolean} hoisted  @param {boolean} [toFunction]  @param {boolean} [fn]  a function's own name (not shown) */
  const declare = (name, end, hoisted, toFunction = false, fn = false) => {
    let scope = scopes[scopes.length - 1];
    if (toFunction) for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i].fn) { scope = scopes[i]; break; }
    scope.names.push({ name, end, hoisted, fn });
  };
  /** The names a pattern binds. @param {any} p  @param {string[]} out */
  const bound = (p, out = []) => {
    if (!p) return out;
    if (p.type === 'Identifier') out.push(p.name);
    else if (p.type === 'ObjectPattern') for (const prop of p.properties) bound(prop.type === 'RestElement' ? prop.argument : prop.value, out);
    else if (p.type === 'ArrayPattern') for (const el of p.elements) bound(el, out);
    else if (p.type === 'RestElement') bound(p.argument, out);
    else if (p.type === 'AssignmentPattern') bound(p.left, out);
    return out;
  };
  /**
   * The variables in scope at `at`, innermost first, each once: `safe` ones
   * (set by then), and `late` ones, declared further down in an enclosing
   * function (set by the time a nested function is called, as a rule; read
   * each on its own, in case not).
   * @param {number} at
   */
  const visible = (at) => {
    /** @type {string[]} */
    const seen = [];
    /** @type {string[]} */
    const safe = [];
    /** @type {string[]} */
    const late = [];
    let crossed = false;
    for (let i = scopes.length - 1; i >= 0; i--) {
      for (const d of scopes[i].names) {
        if (seen.includes(d.name)) continue;
        if (d.fn) { seen.push(d.name); continue; }
        if (d.hoisted || d.end <= at) { seen.push(d.name); safe.push(d.name); }
        else if (crossed) { seen.push(d.name); late.push(d.name); }
      }
      if (scopes[i].fn) crossed = true;
    }
    return { safe, late };
  };
  /** @param {any} x */
  const maskSide = (x) => {
    if (x?.type === 'UnaryExpression') x = x.argument;
    if (x?.type === 'Identifier') masks.add(x.name);
  };
  /** A function's name, from its own or from where it is put. @param {any} node  @param {any} parent */
  const nameOf = (node, parent) => {
    if (node.id?.name) return node.id.name;
    if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
    if (parent?.type === 'AssignmentExpression' && parent.left.type === 'Identifier') return parent.left.name;
    if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key?.type === 'Identifier') return parent.key.name;
    return '(anonymous)';
  };

  /** @param {any} node  @param {any} parent */
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression': {
        if (node.type === 'FunctionDeclaration' && node.id) declare(node.id.name, node.start, true, false, true);
        scopes.push({ names: [], fn: true });
        const params = node.params.flatMap((/** @type {any} */ p) => bound(p));
        for (const name of params) declare(name, node.start, true);
        if (node.type !== 'FunctionDeclaration' && node.id) declare(node.id.name, node.start, true, false, true);
        const name = nameOf(node, parent);
        // The body's own let, const and class, known from the start: a function nested in it may read them.
        if (node.body.type === 'BlockStatement') {
          for (const st of node.body.body) {
            if (st.type === 'VariableDeclaration' && st.kind !== 'var') for (const d of st.declarations) for (const b of bound(d.id)) declare(b, d.end, false);
            else if (st.type === 'ClassDeclaration' && st.id) declare(st.id.name, st.end, false);
          }
        }
        if (node.body.type === 'BlockStatement' && !node.async && !node.generator) {
          const simple = node.params.filter((/** @type {any} */ p) => p.type === 'Identifier').map((/** @type {any} */ p) => p.name);
          edits.push({ from: node.body.start + 1, to: node.body.start + 1, text: `__nqueensEnter(${JSON.stringify(name)}, ${JSON.stringify(simple)}, [${simple.join(', ')}]);try{` });
          edits.push({ from: node.body.end - 1, to: node.body.end - 1, text: '}finally{__nqueensLeave()}' });
        }
        for (const p of node.params) walk(p, node);
        walk(node.body, node);
        scopes.pop();
        return;
      }
      case 'BlockStatement':
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'SwitchStatement':
      case 'CatchClause':
      case 'StaticBlock': {
        scopes.push({ names: [], fn: false });
        if (node.type === 'CatchClause' && node.param) for (const name of bound(node.param)) declare(name, node.start, true);
        children(node);
        scopes.pop();
        return;
      }
      case 'VariableDeclaration': {
        for (const d of node.declarations) {
          walk(d.id, d);
          walk(d.init, d);
          // In a for-in/of head the name is set before the body runs.
          const end = parent && (parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === node ? node.end : d.end;
          for (const name of bound(d.id)) declare(name, end, node.kind === 'var', node.kind === 'var');
          if (d.init?.type === 'BinaryExpression' && BITWISE.includes(d.init.operator)) maskSide(d.id);
        }
        return;
      }
      case 'ClassDeclaration':
        if (node.id) declare(node.id.name, node.end, false);
        break;
      case 'BinaryExpression':
        // A shift's count is no mask: only what it shifts.
        if (BITWISE.includes(node.operator)) { maskSide(node.left); if (!SHIFTS.includes(node.operator)) maskSide(node.right); }
        break;
      case 'AssignmentExpression':
        if (BITWISE.includes(node.operator)) maskSide(node.left);
        if (node.right.type === 'BinaryExpression' && BITWISE.includes(node.right.operator)) maskSide(node.left);
        break;
      case 'UnaryExpression':
        if (node.operator === '~') maskSide(node.argument);
        break;
      case 'ImportExpression':
        edits.push({ from: node.start, to: node.start + 6, text: '__nqueensImport' });
        break;
      case 'CallExpression': {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && TRACER_METHODS.includes(callee.property.name)) {
          const method = callee.property.name;
          const line = callee.property.loc.start.line;
          lines.add(line);
          const names = STEP_METHODS.includes(method) ? visible(node.start) : null;
          const reads = names?.late.map((v) => `try{o.${v}=${v}}catch{}`).join('') ?? '';
          const state = !names ? '' : reads ? `, () => { const o = { ${names.safe.join(', ')} }; ${reads}return o; }` : `, () => ({ ${names.safe.join(', ')} })`;
          // The dot nearest the name: `.name` becomes `[…]`, `?.name` becomes `?.[…]`; what comes before it stays.
          const dot = callee.object.end + source.slice(callee.object.end, callee.property.start).lastIndexOf('.');
          edits.push({ from: callee.optional ? dot + 1 : dot, to: callee.property.end, text: `[__nqueensLine(${line}, ${JSON.stringify(method)}${state})]` });
        }
        break;
      }
      default:
        break;
    }
    children(node);
  };
  /** @param {any} node */
  const children = (node) => {
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'type' || key === 'start' || key === 'end') continue;
      const v = node[key];
      if (Array.isArray(v)) for (const c of v) walk(c, node);
      else if (v && typeof v === 'object' && typeof v.type === 'string') walk(v, node);
    }
  };
  walk(tree, null);
  // From the end, so each edit's positions are still the source's; ties keep their order.
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.from - a.from || b.i - a.i);
  let code = source;
  for (const e of ordered) code = code.slice(0, e.from) + e.text + code.slice(e.to);
  return { code, lines: [...lines].sort((a, b) => a - b), masks: [...masks].sort() };
}

/**
 * The scan for a program acorn refuses: tracer calls and `import(` found
 * outside strings and comments.
 * @param {string} source
 * @returns {{ code: string, lines: number[] }}
 */
function scanProgram(source) {
  let out = '';
  let line = 1;
  /** @type {Set<number>} */
  const lines = new Set();
  let i = 0;
  const len = source.length;
  while (i < len) {
    const ch = source[i];
    if (ch === '\n') {
      line++;
      out += ch;
      i++;
      continue;
    }
    // Comments and strings are copied as they are (counting their lines).
    if (ch === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? len : end;
      out += source.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? len : end + 2;
      const text = source.slice(i, stop);
      line += text.split('\n').length - 1;
      out += text;
      i = stop;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < len && source[j] !== ch) {
        if (source[j] === '\\') j++;
        else if (source[j] === '\n' && ch !== '`') break;
        j++;
      }
      const text = source.slice(i, Math.min(len, j + 1));
      line += text.split('\n').length - 1;
      out += text;
      i = Math.min(len, j + 1);
      continue;
    }
    if (ch === '.' && source[i + 1] !== '.' && (i === 0 || source[i - 1] !== '.')) {
      let j = i + 1;
      while (j < len && (source[j] === ' ' || source[j] === '\t')) j++;
      let k = j;
      while (k < len && NAME.test(source[k])) k++;
      const name = source.slice(j, k);
      let p = k;
      while (p < len && (source[p] === ' ' || source[p] === '\t')) p++;
      if (TRACER_METHODS.includes(name) && source[p] === '(') {
        // obj.safe( becomes obj[__nqueensLine(L, "safe")]( : any object's
        // method of that name is still called; the board reads the line.
        out += `${source[i - 1] === '?' ? '.' : ''}[__nqueensLine(${line}, "${name}")]`;
        lines.add(line);
        i = k;
        continue;
      }
    }
    if (ch === 'i' && source.startsWith('import', i) && (i === 0 || !NAME.test(source[i - 1])) && source[i - 1] !== '.') {
      let p = i + 6;
      while (p < len && (source[p] === ' ' || source[p] === '\t')) p++;
      if (source[p] === '(') {
        out += '__nqueensImport';
        i += 6;
        continue;
      }
    }
    // A name is copied whole, so `x.place` inside `myplace` is never split.
    if (NAME.test(ch)) {
      let k = i + 1;
      while (k < len && NAME.test(source[k])) k++;
      out += source.slice(i, k);
      i = k;
      continue;
    }
    out += ch;
    i++;
  }
  return { code: out, lines: [...lines].sort((a, b) => a - b) };
}
