// Our types for www/vendor/acorn.js (acorn's dist/acorn.mjs): the one call
// www/program/rewrite.js makes, its tree left loose (the package's own types
// are in node_modules for reading).

export function parse(input: string, options: { ecmaVersion: number | 'latest', sourceType?: 'script' | 'module', locations?: boolean, allowReturnOutsideFunction?: boolean }): any;
export const version: string;
