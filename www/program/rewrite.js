// A JavaScript program made ready for its worker (no DOM): each call
// written `.place(` on line L becomes `[__nqueensLine(L, "place")](`, which
// notes the line and names the same method (on the board or on any object
// of the program's own), so the sandbox knows the line of a tracer call
// without a stack trace (one costs microseconds a call). Strings, template literals
// and comments are left as they are, and no line moves, so the line numbers
// of errors stay the program's. A dynamic `import(` becomes a call that
// throws: a worker could fetch a module with it, and syntax cannot be taken
// away by the sandbox.

/** The tracer's methods (www/workers/code-js-worker.js). */
const TRACER_METHODS = ['place', 'remove', 'safe', 'found', 'say'];

const NAME = /[A-Za-z0-9_$]/;

/**
 * @param {string} source  the learner's program
 * @returns {{ code: string, lines: number[] }}  the program to run, and the lines (1-based) with a rewritten call
 */
export function rewriteProgram(source) {
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
