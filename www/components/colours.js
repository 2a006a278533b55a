// The colours of the searches wherever several are drawn together: race
// mode's lanes, and Many runs' curves. A search keeps one colour (its place in
// the catalogue) on every tab, in light and dark (style.css's --lane-*).

import { cssVars } from '../lib/dom.js';

/** @typedef {ReturnType<typeof readRaceColours>} RaceColours */

/** The lane colours style.css picks by hand (--lane-0 … --lane-4), light theme: the fallbacks. */
const PICKED = ['#1d4ed8', '#b45309', '#15803d', '#7e22ce', '#be123c'];
const PICKED_COLOURS = PICKED.length;
/** The first generated hue (a teal, away from the picked blue, amber, green, purple and rose). */
const FIRST_HUE = 190;
/** The golden angle: each generated hue falls as far as it can from those before it. */
const GOLDEN_ANGLE = 137.508;

/**
 * Lane `index`'s hue in degrees, for lanes past the picked colours.
 * @param {number} index
 */
function generatedHue(index) {
  return Math.round(FIRST_HUE + (index - PICKED_COLOURS) * GOLDEN_ANGLE) % 360;
}

/**
 * Lane `index`'s colour as CSS, for any number of lanes: the hand-picked
 * --lane-0 … --lane-4, then hues spread by the golden angle at the theme's
 * --lane-saturation and --lane-lightness (so light and dark both read well).
 * @param {number} index  the algorithm's place in the catalogue, from 0
 * @returns {string}
 */
export function laneColour(index) {
  return index < PICKED_COLOURS ? `var(--lane-${index})` : `hsl(${generatedHue(index)}, var(--lane-saturation), var(--lane-lightness))`;
}

/**
 * The lanes' colours and the chart's ink, from CSS (light and dark live in
 * style.css); `lane(index)` is laneColour's, resolved for a canvas.
 * @param {Element} [element]  whose computed style to read
 */
export function readRaceColours(element = document.documentElement) {
  const lanes = cssVars(element, Object.fromEntries(PICKED.map((fallback, i) => [`lane${i}`, /** @type {[string, string]} */ ([`--lane-${i}`, fallback])])));
  const css = cssVars(element, {
    saturation: ['--lane-saturation', '70%'],
    lightness: ['--lane-lightness', '32%'],
    ink: ['--text', '#1f2328'],
    muted: ['--muted', '#5f6670'],
    grid: ['--border', '#d9d7cf'],
    pending: ['--tree-pending', '#f3efe6'],
    decided: ['--tree-decided', '#7c8799'],
  });
  return {
    ...css,
    /** @param {number} index */
    lane: (index) => (index < PICKED_COLOURS ? lanes[`lane${index}`] : `hsl(${generatedHue(index)}, ${css.saturation}, ${css.lightness})`),
    /** @type {{ pending: number, decided: number } | null} the strips' two colours as pixels (drawStrip packs them once) */
    packed: null,
  };
}
