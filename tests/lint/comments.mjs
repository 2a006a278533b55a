// The comments of a source file, and what a comment may not say: an issue
// number (the tracker is not in the repository, so the number tells a reader
// nothing) or the name of a file that does not exist. Read by
// comments.test.mjs, which runs it over the checkout and over planted
// comments of its own.

/**
 * @typedef {{ line: number, text: string }} Comment  one comment (a block comment is one), from its first line
 */

/** The kind of comment syntax a file uses, by its name; null for a file not read. */
export function syntaxOf(path) {
  if (/\.(rs|c|h|js|mjs|cjs|ts)$/.test(path)) return /\.(js|mjs|cjs|ts)$/.test(path) ? 'js' : 'c';
  if (path.endsWith('.css')) return 'css';
  if (path.endsWith('.html')) return 'html';
  if (/\.(sh|toml)$/.test(path) || /(^|\/)(run|Dockerfile)$/.test(path)) return 'hash';
  return null;
}

/**
 * The comments of `text`, written in `syntax` (see syntaxOf). Strings,
 * template literals, regular expressions and character literals are skipped,
 * so a "//" inside a string is not a comment.
 * @param {string} text
 * @param {'js' | 'c' | 'css' | 'html' | 'hash'} syntax
 * @returns {Comment[]}
 */
export function commentsOf(text, syntax) {
  if (syntax === 'html') return htmlComments(text);
  if (syntax === 'hash') return hashComments(text);
  /** @type {Comment[]} */
  const found = [];
  let line = 1;
  let i = 0;
  /** The last character that was not white space or a comment: tells a regex from a division. */
  let before = '';
  let word = '';
  /** The brace depth at each open `${` of a template literal around the cursor. */
  const templates = [];
  let braces = 0;
  const n = text.length;
  const advance = (to) => {
    for (let k = i; k < to && k < n; k++) if (text[k] === '\n') line++;
    i = to;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/' && syntax !== 'css') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      found.push({ line, text: text.slice(i + 2, stop) });
      advance(stop);
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      found.push({ line, text: text.slice(i + 2, end === -1 ? n : end) });
      advance(stop);
      continue;
    }
    if (c === '"' || (c === "'" && syntax !== 'c') || (c === '`' && syntax === 'js')) {
      if (c === '`') {
        i++;
        skipTemplate();
        continue;
      }
      advance(endOfQuoted(i, c));
      before = c;
      word = '';
      continue;
    }
    if (syntax === 'c' && c === 'r' && /^r#*"/.test(text.slice(i, i + 10)) && !/[\w]/.test(text[i - 1] ?? '')) {
      // A Rust raw string: r"…", r#"…"#.
      const hashes = /^r(#*)"/.exec(text.slice(i, i + 10))[1];
      const end = text.indexOf(`"${hashes}`, i + 2 + hashes.length);
      advance(end === -1 ? n : end + 1 + hashes.length);
      before = '"';
      continue;
    }
    if (syntax === 'c' && c === "'") {
      // A character literal ('a', '\n', '\''), or a lifetime ('a) left as it is.
      const m = /^'(\\.[^']*|[^\\'\n])'/.exec(text.slice(i, i + 12));
      advance(m ? i + m[0].length : i + 1);
      before = "'";
      continue;
    }
    if (syntax === 'js' && c === '/' && regexCanStart(before, word)) {
      advance(endOfRegex(i));
      before = '/';
      word = '';
      continue;
    }
    if (c === '{') braces++;
    if (c === '}') {
      if (templates.length && braces === templates[templates.length - 1]) {
        // The end of a template's `${…}`: back inside the template.
        templates.pop();
        i++;
        skipTemplate();
        continue;
      }
      braces--;
    }
    if (!/\s/.test(c)) {
      word = /[\w$]/.test(c) ? word + c : '';
      before = c;
    }
    advance(i + 1);
  }
  return found;

  /** From inside a template literal to its end or to a `${`, which opens code again. */
  function skipTemplate() {
    while (i < n) {
      const c = text[i];
      if (c === '\\') {
        advance(i + 2);
        continue;
      }
      if (c === '`') {
        advance(i + 1);
        before = '`';
        word = '';
        return;
      }
      if (c === '$' && text[i + 1] === '{') {
        // Back in code until the brace that closes this one.
        templates.push(braces);
        advance(i + 2);
        before = '{';
        word = '';
        return;
      }
      advance(i + 1);
    }
  }

  function endOfQuoted(start, quote) {
    let k = start + 1;
    while (k < n && text[k] !== quote) {
      if (text[k] === '\\') k++;
      else if (text[k] === '\n' && syntax === 'js') break; // an unclosed quote: stop at the line
      k++;
    }
    return k + 1;
  }

  function endOfRegex(start) {
    let k = start + 1;
    let inClass = false;
    while (k < n && text[k] !== '\n') {
      const c = text[k];
      if (c === '\\') k++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      k++;
    }
    k++;
    while (k < n && /[a-z]/.test(text[k])) k++;
    return k;
  }
}

/** Whether a `/` after `before` (the last character of code) and `word` (the word it ends, if any) starts a regular expression. */
function regexCanStart(before, word) {
  if (before === '') return true;
  if (/^(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/.test(word)) return true;
  return /[(,=:[!&|?{};+\-*%<>~^]/.test(before);
}

/** HTML comments, and the comments of the page's inline scripts and styles. */
function htmlComments(text) {
  /** @type {Comment[]} */
  const found = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/<!--([\s\S]*?)-->/g)) found.push({ line: lineAt(m.index), text: m[1] });
  for (const m of text.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const first = lineAt(m.index) - 1;
    const inner = m[2];
    for (const c of commentsOf(inner, m[1] === 'script' ? 'js' : 'css')) found.push({ line: first + c.line, text: c.text });
  }
  return found;
}

/** `#` comments (shell, TOML): a `#` at the start of a line or after white space, outside quotes. */
function hashComments(text) {
  /** @type {Comment[]} */
  const found = [];
  text.split('\n').forEach((row, index) => {
    let quote = '';
    for (let k = 0; k < row.length; k++) {
      const c = row[k];
      if (quote) {
        if (c === '\\' && quote === '"') k++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#' && (k === 0 || /\s/.test(row[k - 1]))) {
        if (!(index === 0 && row.startsWith('#!'))) found.push({ line: index + 1, text: row.slice(k + 1) });
        break;
      }
    }
  });
  return found;
}

/** An issue cited by number: the word issue (or issues) and a number, or a number after a hash sign. */
const ISSUE = /\bissues?\s+#?\d+|(?:^|[\s(\[,;:])#\d{1,4}\b(?![\w-])/i;

/** The first issue number `comment` cites, or null. */
export function citedIssue(comment) {
  const m = ISSUE.exec(comment);
  return m ? m[0].replace(/^[\s(\[,;:]/, '') : null;
}

/** The extensions whose files a comment may name. */
const NAMED = 'rs|js|mjs|css|html';
/** A path or file name in prose: `www/race/clock.js`, `clock.js`, `./modes.mjs`, `tests/e2e/`. */
const NAME = new RegExp(`(?<![\\w/.:@*<>{-])((?:\\.{1,2}/)?(?:[\\w.-]+/)*[\\w-]+(?:\\.[\\w-]+)*\\.(?:${NAMED}))(?![\\w/*<>{-])|(?<![\\w/.:@<>{-])((?:src|www|tests|scripts|bench)/(?:[\\w.-]+/)*)(?![\\w*<>{])`, 'g');

/**
 * The file names and paths `comment` mentions (in a comment of the file at
 * `path`) that name nothing in the checkout. `files` is every file of the
 * checkout, by its path from the root.
 * @param {string} comment
 * @param {string} path
 * @param {{ files: Set<string>, folders: Set<string>, names: Set<string> }} tree
 * @returns {string[]}
 */
export function missingNames(comment, path, tree) {
  const text = comment.replace(/\bhttps?:\/\/\S+/g, ' ');
  const missing = [];
  for (const m of text.matchAll(NAME)) {
    const name = m[1] ?? m[2];
    if (!exists(name, path, tree)) missing.push(name);
  }
  return missing;
}

/** Folders the build, the installers and the benchmarks write: not in git, so any name in them passes. */
const WRITTEN = /^(pkg|node_modules|target|dist|bench\/results)(\/|$)/;

function exists(name, path, tree) {
  const relative = name.startsWith('./') || name.startsWith('../');
  if (WRITTEN.test(relative ? join(dirOf(path), name) : name)) return true;
  if (name.endsWith('/')) {
    const folder = name.replace(/\/$/, '');
    return tree.folders.has(folder) || tree.folders.has(join(dirOf(path), folder));
  }
  if (relative) return has(tree, join(dirOf(path), name));
  if (name.includes('/')) return has(tree, name) || has(tree, join(dirOf(path), name)) || [...tree.files].some((file) => file.endsWith(`/${name}`));
  return tree.names.has(name) || tree.names.has(typesOf(name)) || BUILT.has(name);
}

/** The files the build writes into pkg/, which a comment may name without the folder. */
const BUILT = new Set(['nqueens.js', 'nqueens_bg.js', 'nqueens.d.ts']);

/** A module a JSDoc type imports by its `.js` name may be a declaration file, the same name ending in `.d.ts`. */
function typesOf(name) {
  return name.replace(/\.js$/, '.d.ts');
}

function has(tree, file) {
  return tree.files.has(file) || tree.files.has(typesOf(file));
}

function dirOf(path) {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

/** `base` joined with the relative `name`, with `.` and `..` resolved. */
function join(base, name) {
  const parts = base ? base.split('/') : [];
  for (const part of name.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * The checkout as missingNames reads it.
 * @param {string[]} files
 */
export function treeOf(files) {
  const folders = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let k = 1; k < parts.length; k++) folders.add(parts.slice(0, k).join('/'));
  }
  return { files: new Set(files), folders, names: new Set(files.map((file) => file.slice(file.lastIndexOf('/') + 1))) };
}
