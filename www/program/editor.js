// The program's editor: CodeMirror 6 (www/vendor/codemirror.js, built from
// the npm packages by scripts/vendor-codemirror.mjs), with line numbers,
// highlighting, indentation and undo, the language a compartment, the
// colours following the page's light or dark scheme, and two marks of our
// own: the line of the step shown, and the line of an error.

import {
  EditorView, EditorState, Compartment, StateEffect, StateField, Decoration,
  basicSetup, keymap, indentWithTab, indentUnit, javascript, python, oneDarkTheme,
  HighlightStyle, syntaxHighlighting, tags as t,
} from '../vendor/codemirror.js';

// Dark: One Dark's editor colours, with token colours of our own that read
// at 4.5:1 or more on its background (One Dark's comments read at 3.9:1).
const darkHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#d49ce6' },
  { tag: [t.name, t.deleted, t.character, t.macroName], color: '#f0939a' },
  { tag: [t.propertyName], color: '#e6e8eb' },
  { tag: [t.function(t.variableName), t.labelName], color: '#7fb5f5' },
  { tag: [t.color, t.constant(t.name), t.standard(t.name)], color: '#e5c07b' },
  { tag: [t.definition(t.name), t.separator, t.variableName], color: '#e6e8eb' },
  { tag: [t.typeName, t.className, t.number, t.changed, t.annotation, t.modifier, t.self, t.namespace, t.bool, t.atom], color: '#e5c07b' },
  { tag: [t.operator, t.operatorKeyword, t.url, t.escape, t.regexp, t.link, t.special(t.string)], color: '#6cc5d0' },
  { tag: [t.meta, t.comment], color: '#a3abb8' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: [t.processingInstruction, t.string, t.inserted], color: '#a5d48a' },
  { tag: t.invalid, color: '#ffffff' },
]);
const oneDark = [oneDarkTheme, syntaxHighlighting(darkHighlight)];
// Light: CodeMirror's own colours, but for its orange (#e40, 3.8:1 on white).
const light = syntaxHighlighting(HighlightStyle.define([
  { tag: t.meta, color: '#404740' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: t.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: t.keyword, color: '#708' },
  { tag: [t.atom, t.bool, t.url, t.contentSeparator, t.labelName], color: '#219' },
  { tag: [t.literal, t.inserted], color: '#164' },
  { tag: [t.string, t.deleted], color: '#a11' },
  { tag: [t.regexp, t.escape, t.special(t.string)], color: '#b3300a' },
  { tag: t.definition(t.variableName), color: '#00f' },
  { tag: t.local(t.variableName), color: '#30a' },
  { tag: [t.typeName, t.namespace], color: '#085' },
  { tag: t.className, color: '#167' },
  { tag: [t.special(t.variableName), t.macroName], color: '#256' },
  { tag: t.definition(t.propertyName), color: '#00c' },
  { tag: t.comment, color: '#940' },
  { tag: t.invalid, color: '#f00' },
]));

/** @typedef {'js' | 'py'} Lang */

const setStepLine = StateEffect.define();
const setErrorLine = StateEffect.define();

const stepMark = Decoration.line({ class: 'cm-step-line' });
const errorMark = Decoration.line({ class: 'cm-error-line' });

/**
 * A field holding one marked line (0: none), drawn with `mark`.
 * @param {any} effect
 * @param {any} mark
 */
function lineField(effect, mark) {
  return StateField.define({
    create: () => Decoration.none,
    update(/** @type {any} */ value, /** @type {any} */ tr) {
      value = value.map(tr.changes);
      for (const e of tr.effects) {
        if (!e.is(effect)) continue;
        const line = /** @type {number} */ (e.value);
        if (line >= 1 && line <= tr.state.doc.lines) {
          const from = tr.state.doc.line(line).from;
          value = Decoration.set([mark.range(from)]);
        } else value = Decoration.none;
      }
      return value;
    },
    provide: (/** @type {any} */ f) => EditorView.decorations.from(f),
  });
}

const setBreakpoints = StateEffect.define();
const breakMark = Decoration.line({ class: 'cm-breakpoint-line' });
/** The lines with a breakpoint, as line decorations that follow the text as it is edited. */
const breakpointField = StateField.define({
  create: () => Decoration.none,
  update(/** @type {any} */ value, /** @type {any} */ tr) {
    value = value.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setBreakpoints)) continue;
      const lines = /** @type {number[]} */ (e.value).filter((l) => l >= 1 && l <= tr.state.doc.lines).sort((a, b) => a - b);
      value = Decoration.set(lines.map((l) => breakMark.range(tr.state.doc.line(l).from)));
    }
    return value;
  },
  provide: (/** @type {any} */ f) => EditorView.decorations.from(f),
});

/** @param {Lang} lang */
const language = (lang) => (lang === 'py' ? [python(), indentUnit.of('    ')] : [javascript(), indentUnit.of('  ')]);

export class Editor {
  /**
   * @param {HTMLElement} parent
   * @param {string} text
   * @param {Lang} lang
   * @param {() => void} onChange  after every edit
   * @param {(lines: Set<number>) => void} [onBreakpoints]  after a click on a line number sets or clears a breakpoint
   */
  constructor(parent, text, lang, onChange, onBreakpoints = () => {}) {
    this.lang = new Compartment();
    this.theme = new Compartment();
    this.brackets = new Compartment();
    this.stepLine = 0;
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: text,
        extensions: [
          this.brackets.of([]),
          basicSetup,
          keymap.of([indentWithTab]),
          this.lang.of(language(lang)),
          this.theme.of(dark.matches ? oneDark : light),
          EditorView.lineWrapping,
          lineField(setStepLine, stepMark),
          lineField(setErrorLine, errorMark),
          breakpointField,
          EditorView.contentAttributes.of({ 'aria-label': 'Your program' }),
          EditorView.updateListener.of((/** @type {any} */ update) => {
            if (update.docChanged) onChange();
          }),
        ],
      }),
    });
    dark.addEventListener('change', () => this.view.dispatch({ effects: this.theme.reconfigure(dark.matches ? oneDark : light) }));
    // A click on a line number sets a breakpoint there, or clears it.
    this.view.dom.addEventListener('mousedown', (/** @type {MouseEvent} */ event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('.cm-lineNumbers .cm-gutterElement')) return;
      event.preventDefault();
      const view = this.view;
      const line = view.state.doc.lineAt(view.lineBlockAtHeight(event.clientY - view.documentTop).from).number;
      const lines = this.breakpoints;
      if (lines.has(line)) lines.delete(line);
      else lines.add(line);
      view.dispatch({ effects: setBreakpoints.of([...lines]) });
      onBreakpoints(this.breakpoints);
    });
  }

  /** The lines with a breakpoint. @returns {Set<number>} */
  get breakpoints() {
    /** @type {Set<number>} */
    const lines = new Set();
    const state = this.view.state;
    state.field(breakpointField).between(0, state.doc.length, (/** @type {number} */ from) => { lines.add(state.doc.lineAt(from).number); });
    return lines;
  }

  /** @returns {string} */
  get text() {
    return this.view.state.doc.toString();
  }

  /** Replaces the whole program (one undoable change). @param {string} text */
  setText(text) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** @param {Lang} lang */
  setLang(lang) {
    this.view.dispatch({ effects: this.lang.reconfigure(language(lang)) });
  }

  /**
   * Whether typing an opening bracket or quote adds its closing one (the
   * editor's default); off, the program is typed as on paper.
   * @param {boolean} on
   */
  setCloseBrackets(on) {
    // The first closeBrackets language data found wins: this one comes before the language's.
    const off = EditorState.languageData.of(() => [{ closeBrackets: { brackets: [] } }]);
    this.view.dispatch({ effects: this.brackets.reconfigure(on ? [] : off) });
  }

  /**
   * Marks the line of the step shown (0: none) and scrolls the editor's own
   * box to it, never the page: stepping keeps the board where it is.
   * @param {number} line
   */
  showStep(line) {
    if (line === this.stepLine) return;
    this.stepLine = line;
    this.view.dispatch({ effects: [setStepLine.of(line)] });
    const doc = this.view.state.doc;
    if (line < 1 || line > doc.lines) return;
    const block = this.view.lineBlockAt(doc.line(line).from);
    const box = this.view.scrollDOM;
    if (block.top < box.scrollTop) box.scrollTop = block.top;
    else if (block.bottom > box.scrollTop + box.clientHeight) box.scrollTop = block.bottom - box.clientHeight;
  }

  /** Marks the line of an error (0: none). @param {number} line */
  showError(line) {
    /** @type {any[]} */
    const effects = [setErrorLine.of(line)];
    const doc = this.view.state.doc;
    if (line >= 1 && line <= doc.lines) effects.push(EditorView.scrollIntoView(doc.line(line).from, { y: 'center' }));
    this.view.dispatch({ effects });
  }
}
