// A chapter as a lecture: short slides, each a sentence or two that moves the
// chapter's live view to the state it talks about (a step, a count reached, a
// board by hand), with Next and Back (→ / ← and PageDown / PageUp, answered
// by mode.js's keys), a counter and Close (Esc). The element is
// `[data-part="lecture"]` with `data-slide` (1-based) and `data-slides`.
// The slides themselves are the chapters' (chapters.js `lecture`).

import { el } from '../lib/dom.js';

/**
 * Where a slide puts the live view.
 * @typedef {{ step: number }
 *   | { until: 'backtracks' | 'solutions' | 'restarts' | 'moves' | 'rejects' | 'placements', count: number }
 *   | { end: true }
 *   | { queens: number[] }} Go
 * @typedef {{ say: string, go: Go, n?: number }} Slide  n: the board size the slide wants, in a chapter that offers several
 */

export class Lecture {
  /**
   * @param {Slide[]} slides
   * @param {{ show: (slide: Slide) => void, close: () => void, onMove: (index: number) => void }} hooks
   *   show: moves the live view; close: back to the chapter; onMove: the slide changed (for the link)
   * @param {number} [start]  0-based
   */
  constructor(slides, { show, close, onMove }, start = 0) {
    this.slides = slides;
    this.show = show;
    this.onMove = onMove;
    this.index = Math.min(Math.max(0, start), slides.length - 1);
    this.text = el('p', { class: 'learn-lecture-text', 'data-part': 'lecture-text', 'aria-live': 'polite' });
    this.counter = el('span', { class: 'learn-lecture-counter', 'data-part': 'lecture-counter' });
    this.back = el('button', { type: 'button', 'data-part': 'lecture-back', title: 'The slide before (← or Page Up)' }, '← Back');
    this.next = el('button', { type: 'button', class: 'primary', 'data-part': 'lecture-next', title: 'The next slide (→ or Page Down)' }, 'Next →');
    const closeButton = el('button', { type: 'button', 'data-part': 'lecture-close', title: 'Back to the chapter (Esc)' }, 'Close (Esc)');
    this.root = el('section', { class: 'learn-lecture', 'data-part': 'lecture', role: 'region', 'aria-roledescription': 'slides', 'aria-label': 'Lecture' }, [
      el('div', 'learn-lecture-bar', [el('strong', '', 'Lecture'), this.counter, closeButton]),
      this.text,
      el('div', 'learn-controls', [this.back, this.next]),
      el('p', 'muted learn-lecture-keys', 'Keys: → or Page Down next, ← or Page Up back, Esc to close. The board below follows each slide; you may step it yourself too.'),
    ]);
    this.back.addEventListener('click', () => this.go(this.index - 1));
    this.next.addEventListener('click', () => this.go(this.index + 1));
    closeButton.addEventListener('click', close);
  }

  /** Shows the current slide and moves the view to it. */
  render() {
    const slide = this.slides[this.index];
    this.root.dataset.slide = String(this.index + 1);
    this.root.dataset.slides = String(this.slides.length);
    this.counter.textContent = `Slide ${this.index + 1} of ${this.slides.length}`;
    this.text.textContent = slide.say;
    this.back.disabled = this.index === 0;
    this.next.disabled = this.index === this.slides.length - 1;
    this.show(slide);
  }

  /** @param {number} index  0-based; out of range: nothing */
  go(index) {
    if (index < 0 || index >= this.slides.length || index === this.index && this.root.dataset.slide) return;
    this.index = index;
    this.render();
    this.onMove(index);
  }

  /**
   * The lecture's keys; true when one was used.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') this.go(this.index + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') this.go(this.index - 1);
    else return false;
    return true;
  }
}
