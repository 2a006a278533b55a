// Our types for www/vendor/codemirror.js (CodeMirror 6, bundled by
// scripts/vendor-codemirror.mjs): the names www/program/editor.js uses, left
// loose (the packages' own types are in node_modules for reading).

export const EditorView: any;
export const EditorState: any;
export const Compartment: any;
export const StateEffect: any;
export const StateField: any;
export const Decoration: any;
export const keymap: any;
export const indentWithTab: any;
export const indentUnit: any;
export const basicSetup: any;
export function javascript(): any;
export function python(): any;
export const oneDarkTheme: any;
export const HighlightStyle: any;
export function syntaxHighlighting(style: any): any;
export const tags: any;
