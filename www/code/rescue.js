// What the box adds to Your search's view: the control that keeps Python
// for offline use, and a program that took the tab down put back in the
// editor, named and not run (www/program/keep.js kept it before it ran).

import { el } from '../lib/dom.js';
import { makePythonOffline } from '../program/runner.js';
import { takeCrash, crashSentence } from '../program/keep.js';

/**
 * The "Make ready for offline use (with Python)" control, wired to the
 * progress bar; `say` shows how it went.
 * @param {{ progressRow: HTMLElement, progressBar: HTMLProgressElement, progressText: HTMLElement }} p
 * @param {HTMLElement} root
 * @param {(text: string) => void} say
 */
export function offlineControl(p, root, say) {
  const button = el('button', { type: 'button', 'data-part': 'python-offline', title: 'Keep Python (about 13.5 MB) on this machine, so that Python programs run offline too' }, 'Make ready for offline use (with Python)');
  button.addEventListener('click', async () => {
    button.disabled = true;
    p.progressRow.hidden = false;
    const said = await makePythonOffline((fraction, text) => {
      p.progressBar.value = fraction;
      p.progressText.textContent = text;
    });
    p.progressRow.hidden = true;
    button.disabled = false;
    if (said.startsWith('Ready')) root.dataset.pythonOffline = 'ready';
    say(said);
  });
  return el('p', { class: 'code-offline' }, [button]);
}

/**
 * Puts back a program of Your search's editor that was running when the tab
 * died, if any.
 * @param {HTMLElement} root
 * @param {(lang: 'js' | 'py') => void} setLang
 * @param {(text: string) => void} setText
 * @param {(text: string) => void} say
 */
export async function restoreCrash(root, setLang, setText, say) {
  const crash = await takeCrash((r) => r.tag === '');
  if (!crash) return;
  setLang(crash.lang);
  setText(crash.source);
  root.dataset.crashed = 'true';
  say(crashSentence(crash));
}
