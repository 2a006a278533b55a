// Small DOM and text helpers every module shares: building elements, finding a
// component's parts inside its root, and writing numbers the one way the page does.
//
// Knows nothing about the solver or any component; holds no state.

const numberFormat = new Intl.NumberFormat('en-US');

/** 1234567 → "1,234,567" (numbers and BigInts alike). */
export function formatCount(value) {
  return numberFormat.format(value);
}

/**
 * Makes an element.
 *   el('span', 'bit')                          <span class="bit">
 *   el('p', 'muted', 'None yet.')              …with text
 *   el('input', { id: 'count-n', min: 1 })     attributes; `class` and `text` too;
 *                                              true = present, false/null = left out
 *   el('div', {}, [child, 'text', …])          children
 * @param {string} tag
 * @param {string|object} [attrs]  a class name, or attributes
 * @param {string|Array<Node|string>} [content]  text, or children
 */
export function el(tag, attrs, content) {
  const node = document.createElement(tag);
  if (typeof attrs === 'string') {
    if (attrs) node.className = attrs;
  } else if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === false || value == null) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
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
 */
export function part(root, name) {
  const node = root.querySelector(`[data-part="${name}"]`);
  if (!node) throw new Error(`The page is missing the part "${name}" inside #${root.id || root.tagName.toLowerCase()}.`);
  return node;
}

/**
 * CSS custom properties read into an object: `spec` maps each key to
 * `[property, fallback]`. Light and dark values live in style.css; call again
 * when the colour scheme changes.
 */
export function cssVars(element, spec) {
  const css = getComputedStyle(element);
  return Object.fromEntries(
    Object.entries(spec).map(([key, [name, fallback]]) => [key, css.getPropertyValue(name).trim() || fallback]),
  );
}
