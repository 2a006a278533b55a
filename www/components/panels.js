// The visualizer's text panels: the counters and what each counts, and the
// algorithm's description and pseudocode with the line of the last step lit,
// and what its registers hold. (The registers are in
// registers.js, the gallery of solutions in gallery.js.)
//
// These update every animation frame while playing, so each keeps what it last
// showed and touches the DOM only where something changed. Each takes the root
// element of its visualizer and finds its parts there by data-part (dom.js part()),
// never by a page-wide id, so one page can hold several. They show what they are
// handed and never call the solver.

import { el, formatCount, part } from '../lib/dom.js';

/** The counters (data-part steps, checks, …). The raw number also goes in data-value for scripts. */
export class Counters {
  /**
   * @param {Element} root  the visualizer's root
   * @param {string[]} names  the counters' data-part names
   */
  constructor(root, names) {
    /** @type {{ name: string, node: HTMLElement, value: number|string|null }[]} */
    this.fields = names.map((name) => ({ name, node: part(root, name), value: null }));
  }

  /**
   * `values` maps counter name → number (or a string such as "–").
   * @param {Record<string, number|string|undefined>} values
   */
  update(values) {
    for (const field of this.fields) {
      const value = values[field.name];
      if (value === undefined || value === field.value) continue;
      field.value = value;
      field.node.textContent = typeof value === 'number' ? formatCount(value) : value;
      field.node.dataset.value = String(value);
    }
  }
}

/**
 * What the counters count for the current algorithm, under them: one step,
 * one check and one placement (or, for a search for one solution, one move),
 * each in the core's own words (algorithms()'s stepIs, checkIs, placementIs,
 * moveIs), so that "1,965 checks, 2,056 placements" can be read.
 */
export class Definitions {
  /** @param {Element} root  the visualizer's root */
  constructor(root) {
    this.list = part(root, 'definitions');
  }

  /** @param {import('../types.js').AlgorithmInfo} algorithm */
  show(algorithm) {
    const one = algorithm.goal === 'one';
    /** @type {[string, string, string][]} the counter, its term, what one is */
    const terms = [
      ['steps', 'Step', `One step is ${algorithm.stepIs}.`],
      ['checks', 'Check', algorithm.checkIs],
      one ? ['moves', 'Move', algorithm.moveIs] : ['placements', 'Placement', algorithm.placementIs],
    ];
    this.list.replaceChildren(...terms.map(([counter, term, meaning]) => {
      const row = el('div', { 'data-counter': counter });
      row.append(el('dt', '', term), el('dd', '', meaning));
      return row;
    }));
  }
}

/** Description and pseudocode of the current algorithm, with the last executed line lit. */
export class AlgorithmPanel {
  /** @param {Element} root  the visualizer's root */
  constructor(root) {
    this.descriptionEl = part(root, 'description');
    this.pseudocodeEl = part(root, 'pseudocode');
    this.glossaryEl = part(root, 'glossary');
    /** @type {HTMLLIElement[]} */
    this.lines = [];
    this.current = -1;
  }

  /** @param {import('../types.js').AlgorithmInfo} algorithm */
  show(algorithm) {
    const intro = el('p', '', algorithm.description);
    const facts = el('p', 'facts');
    facts.append(
      el('span', 'fact', `Boards ${algorithm.minN}×${algorithm.minN} to ${algorithm.maxN}×${algorithm.maxN}`),
    );
    this.descriptionEl.replaceChildren(intro, facts);
    // What each register holds, by the name the pseudocode gives it.
    this.glossaryEl.replaceChildren(...algorithm.glossary.map(([name, meaning]) => {
      const row = el('div');
      const term = el('dt');
      term.append(el('code', '', name));
      row.append(term, el('dd', '', meaning));
      return row;
    }));
    this.glossaryEl.hidden = !algorithm.glossary.length;

    // A line's comment wraps under it when the panel is narrow, rather than scrolling.
    this.lines = algorithm.pseudocode.map((text) => {
      const [, code, gap, comment] = /^(.*?)(\s+)(#.*)$/.exec(text) ?? [text, text, '', ''];
      const li = el('li');
      const line = el('span', 'line');
      line.append(el('code', '', code));
      if (comment) line.append(el('span', 'gap', gap), el('span', 'comment', comment));
      li.append(line);
      return li;
    });
    this.pseudocodeEl.replaceChildren(...this.lines);
    this.current = -1;
  }

  /** @param {number} line  the pseudocode line of the last step (none lit if out of range) */
  highlight(line) {
    if (line === this.current) return;
    this.lines[this.current]?.classList.remove('current');
    this.lines[this.current]?.removeAttribute('aria-current');
    this.current = line;
    const li = this.lines[line];
    if (li) {
      li.classList.add('current');
      li.setAttribute('aria-current', 'step');
    }
  }
}
