// Presentation mode's state as the drawing code reads it: whether the page is
// shown for a projector (the root element's data-present, which the shell's
// toggle sets), and how much a canvas scales the text it draws then, so that
// chart labels and tick numbers are read from the back of a room. Each chart
// says the smallest text it drew, in CSS pixels, in its canvas's
// data-font-px (markFont), which tests read.

/** Canvas text is this much larger in presentation mode (11 px labels become 19 px). */
const PRESENT_FONT_SCALE = 1.7;

/** True while the page is in presentation mode. */
function presenting() {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-present');
}

/** The factor a canvas multiplies its font sizes by: PRESENT_FONT_SCALE in presentation mode, else 1. */
export function fontScale() {
  return presenting() ? PRESENT_FONT_SCALE : 1;
}

/**
 * Records on `canvas` (data-font-px) the size, in CSS pixels, of the text it drew.
 * @param {HTMLCanvasElement} canvas
 * @param {number} px
 */
export function markFont(canvas, px) {
  canvas.dataset.fontPx = String(Math.round(px * 10) / 10);
}
