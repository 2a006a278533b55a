// Small DOM and text helpers every module shares: building elements, finding a
// component's parts inside its root, and writing numbers the one way the page does.
//
// Knows nothing about the solver or any component; holds no state.

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * 1234567 → "1,234,567" (numbers and BigInts alike).
 * @param {number | bigint} value
 */
export function formatCount(value) {
  return numberFormat.format(value);
}

/**
 * A count with its noun, singular for exactly one: (1, 'solution') → "1 solution",
 * (92n, 'solution') → "92 solutions", (2, 'class', 'classes') → "2 classes".
 * Every sentence that shows a count which can be 1 goes through here.
 * @param {number | bigint} value
 * @param {string} noun  the singular
 * @param {string} [many]  the plural, when it is not the singular plus "s"
 */
export function counted(value, noun, many = `${noun}s`) {
  const one = typeof value === 'bigint' ? value === 1n : value === 1;
  return `${formatCount(value)} ${one ? noun : many}`;
}

/**
 * Makes an element.
 *   el('span', 'bit')                          <span class="bit">
 *   el('p', 'muted', 'None yet.')              …with text
 *   el('input', { id: 'count-n', min: 1 })     attributes; `class` and `text` too;
 *                                              true = present, false/null = left out
 *   el('div', {}, [child, 'text', …])          children
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | Record<string, string | number | boolean | null | undefined>} [attrs]
 *   a class name, or attributes
 * @param {string | Array<Node | string>} [content]  text, or children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, content) {
  const node = document.createElement(tag);
  if (typeof attrs === 'string') {
    if (attrs) node.className = attrs;
  } else if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === false || value == null) continue;
      if (key === 'text') node.textContent = String(value);
      else if (key === 'class') node.className = String(value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  if (Array.isArray(content)) node.append(...content);
  else if (content !== undefined) node.textContent = content;
  return node;
}

/**
 * The element marked data-part="NAME" inside `root`: how a component finds its
 * pieces, so that one page can hold several of it. Throws if the part is missing.
 * A caller that needs a particular kind of element (a canvas, an input) casts
 * the result with a JSDoc type.
 * @param {Element} root
 * @param {string} name
 * @returns {HTMLElement}
 */
export function part(root, name) {
  const node = /** @type {HTMLElement | null} */ (root.querySelector(`[data-part="${name}"]`));
  if (!node) throw new Error(`The page is missing the part "${name}" inside #${root.id || root.tagName.toLowerCase()}.`);
  return node;
}

/**
 * Sets each data-* attribute of `element`, or takes it off where the value is null.
 * @param {HTMLElement} element
 * @param {Record<string, string | null>} values  by their dataset names (camelCase)
 */
export function setData(element, values) {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) delete element.dataset[key];
    else element.dataset[key] = value;
  }
}

/**
 * CSS custom properties read into an object: `spec` maps each key to
 * `[property, fallback]`. Light and dark values live in style.css; call again
 * when the colour scheme changes.
 * @template {string} K
 * @param {Element} element
 * @param {Record<K, [string, string]>} spec
 * @returns {Record<K, string>}
 */
export function cssVars(element, spec) {
  const css = getComputedStyle(element);
  return /** @type {Record<K, string>} */ (Object.fromEntries(
    Object.entries(spec).map(([key, [name, fallback]]) => [key, css.getPropertyValue(name).trim() || fallback]),
  ));
}

/**
 * The canvas's 2D context. Browsers give null only for a canvas that already
 * has another kind of context; the page never makes one, so that is a bug.
 * @param {HTMLCanvasElement} canvas
 * @returns {CanvasRenderingContext2D}
 */
export function context2d(canvas) {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('A canvas on the page gave no 2D drawing context.');
  return ctx;
}

/**
 * "8×8" from a board-size picker's value, or '' when there is none.
 * @param {string} id  the picker's element id (a select or a number input)
 */
export function boardSize(id) {
  const n = Number(/** @type {HTMLInputElement | HTMLSelectElement | null} */ (document.getElementById(id))?.value);
  return Number.isInteger(n) && n > 0 ? `${n}×${n}` : '';
}
