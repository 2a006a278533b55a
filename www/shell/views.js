// The view switcher: the tabs above the page (one a mode: modes.js) and
// which view's elements, and which line of keys, are shown.
//
// Each tab is a link in the nav (data-view="id", aria-controls="the ids of the
// view's elements"), so it also works as a plain link; a click switches in place.
// The first tab's view is shown at first. The views' owner (main.js) is told
// through onChange and tells the modes.

export class ViewSwitcher {
  /**
   * @param {HTMLElement} nav  holds the tabs: a[data-view][aria-controls]
   * @param {(view: string, from: string) => void} onChange  after a switch made by the user
   */
  constructor(nav, onChange) {
    this.tabs = /** @type {HTMLElement[]} */ ([...nav.querySelectorAll('[data-view]')]);
    this.onChange = onChange;
    // The tabs are picked by their data-view, so each has one.
    this.current = /** @type {string} */ (this.tabs[0].dataset.view);
    for (const tab of this.tabs) {
      tab.addEventListener('click', (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        this.switchTo(/** @type {string} */ (tab.dataset.view));
      });
    }
  }

  /**
   * Shows `view`'s elements and hides the others'; tells onChange when `quiet` is false.
   * @param {string} view
   * @param {{ quiet?: boolean }} [options]
   */
  switchTo(view, { quiet = false } = {}) {
    const from = this.current;
    this.current = view;
    for (const tab of this.tabs) {
      const on = tab.dataset.view === view;
      if (on) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
      // Every tab has aria-controls (see the top of this module).
      for (const id of /** @type {string} */ (tab.getAttribute('aria-controls')).split(/\s+/)) {
        const panel = document.getElementById(id);
        if (panel) panel.hidden = !on;
      }
    }
    // Each mode's line of keys in the footer: the current tab's shows.
    for (const keys of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.footer-keys[data-keys]'))) keys.hidden = keys.dataset.keys !== view;
    if (!quiet && view !== from) this.onChange(view, from);
  }
}
