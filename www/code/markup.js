// Your search's markup, built once inside its root (#code): the pickers, the
// editor's box, the run buttons, the board with its playback controls and
// counters, the search tree's place and the Check panel. Only elements: what
// they show is set by mode.js and grade-view.js from the model.

import { el, formatCount } from '../lib/dom.js';
import { STARTERS } from '../program/starters.js';
import { MAX_CALLS, TIME_LIMIT_MS } from '../program/runner.js';
import { MIN_N, MAX_N, DEFAULT_N } from './model.js';
import { SharedStore } from '../lib/shared-store.js';
import { SPEEDS, DEFAULT_SPEED_INDEX, speedLabel } from '../components/speeds.js';

const ICON = {
  home: 'M2 2h2v12H2zM14 2v12L5 8z',
  back: 'M12 2v12L4 8z',
  play: 'M4 2v12l10-6z',
  forward: 'M4 2v12l8-6z',
  end: 'M2 2v12l9-6zM12 2h2v12h-2z',
};

/** @param {string} d */
function icon(d) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

/** @param {string} name  @param {string} label  @param {string} title  @param {string} [d] */
function button(name, label, title, d) {
  const b = el('button', { type: 'button', 'data-part': name, title });
  if (d && name !== 'step-forward' && name !== 'end') b.append(icon(d), ` ${label}`);
  else if (d) b.append(`${label} `, icon(d));
  else b.append(label);
  return b;
}

/** A small board of the Check panel. @param {string} name */
function figure(name) {
  return el('figure', { class: 'code-figure', 'data-part': `${name}-figure`, hidden: true }, [
    el('canvas', { 'data-part': 'board', class: 'board-canvas', role: 'img', 'aria-label': 'Board' }),
    el('figcaption', { 'data-part': `${name}-caption` }),
  ]);
}

/**
 * Builds the markup in `root` (after `tree`, the search tree's root, goes in) and returns its parts.
 * @param {HTMLElement} root
 * @param {HTMLElement} tree
 */
export function buildMarkup(root, tree) {
  const parts = {
    langSelect: el('select', { 'data-part': 'lang', title: 'The language of your program' }, [
      el('option', { value: 'js' }, 'JavaScript'),
      el('option', { value: 'py' }, 'Python'),
    ]),
    starterSelect: el('select', { 'data-part': 'starter', title: 'Put a starter program in the editor (your own program is replaced; Ctrl+Z brings it back)' }, [
      el('option', { value: '' }, 'Starter programs…'),
      ...STARTERS.map((s) => el('option', { value: s.id }, s.name)),
    ]),
    nInput: el('input', { type: 'number', 'data-part': 'n', min: MIN_N, max: MAX_N, step: 1, value: DEFAULT_N, inputmode: 'numeric', title: `The board size a run and a check use, ${MIN_N} to ${MAX_N}` }),
    task: el('p', { class: 'code-task', 'data-part': 'task' }),
    editorBox: el('div', { class: 'code-editor', 'data-part': 'editor' }),
    bracketsBox: el('input', { type: 'checkbox', 'data-part': 'close-brackets', checked: true }),
    runButton: button('run', 'Run', 'Run solve(n, board) at this N in a worker of its own (Ctrl+Enter)'),
    stopButton: button('stop', 'Stop', 'Stop the run (Esc): the steps made so far are kept'),
    gradeButton: button('grade', 'Check my search', 'Run it for every N from 1 to this N and judge what it reports against every solution'),
    copyButton: button('copy-link', 'Copy link', 'Copy a link that holds this program (it is shown, not run, when opened)'),
    progressBar: el('progress', { 'data-part': 'progress', max: 1, value: 0, 'aria-label': 'Loading Python' }),
    progressText: el('span', { 'data-part': 'progress-text' }),
    runLine: el('p', { class: 'code-run-line', 'data-part': 'run-line', 'aria-live': 'polite' }),
    message: el('p', { class: 'status code-message', 'data-part': 'message', role: 'status' }, 'Write solve(n, board), or pick a starter, and press Run.'),
    canvas: el('canvas', { id: 'code-board', 'data-part': 'board', class: 'board-canvas', role: 'img', 'aria-label': 'Chess board' }),
    homeButton: button('home', 'Home', 'The empty board, before the first step (Home)', ICON.home),
    backButton: button('step-back', 'Back', 'One step back (←)', ICON.back),
    playButton: button('play', 'Play', 'Play / pause (Space)', ICON.play),
    forwardButton: button('step-forward', 'Step', 'One step forward (→)', ICON.forward),
    endButton: button('end', 'End', 'The last step (End)', ICON.end),
    timeline: el('input', { type: 'range', 'data-part': 'timeline', min: 0, max: 0, step: 1, value: 0, 'aria-label': 'Step', title: 'Scrub over the steps' }),
    timelineValue: el('output', { 'data-part': 'timeline-value' }, '0 / 0'),
    speedInput: el('input', { type: 'range', 'data-part': 'speed', min: 0, max: SPEEDS.length - 1, step: 1, value: DEFAULT_SPEED_INDEX, 'aria-label': 'Playback speed' }),
    speedValue: el('output', { 'data-part': 'speed-value' }, speedLabel(SPEEDS[DEFAULT_SPEED_INDEX])),
    sentence: el('p', { class: 'status code-sentence', 'data-part': 'sentence', 'aria-live': 'polite' }, 'No run yet.'),
    /** @type {Record<string, HTMLElement>} */
    stats: {},
    variables: el('div', { class: 'code-variables', 'data-part': 'variables', role: 'group', 'aria-label': 'Variables' }),
    callStack: el('ol', { class: 'code-call-stack', 'data-part': 'call-stack', 'aria-label': 'Call stack' }),
    stateNote: el('p', { class: 'muted code-state-note', 'data-part': 'state-note' }),
    verdictLine: el('p', { class: 'code-verdict', 'data-part': 'verdict' }),
    staleLine: el('p', { class: 'code-stale', 'data-part': 'verdict-stale', hidden: true }),
    gradeRows: el('tbody', { 'data-part': 'grade-rows' }),
    wrongFigure: figure('wrong'),
    missedFigure: figure('missed'),
    workBox: el('div', { class: 'code-work', 'data-part': 'work' }),
    gradePanel: el('section', { class: 'panel code-grade', 'data-part': 'grade-panel', 'aria-label': 'Check my search', hidden: true }),
    boardFrame: el('div', { class: 'board-frame' }),
    progressRow: el('div', { class: 'code-progress', 'data-part': 'progress-row', hidden: true }),
  };
  parts.runButton.classList.add('primary');
  parts.stopButton.disabled = true;
  parts.progressRow.append(parts.progressBar, parts.progressText);
  parts.boardFrame.append(parts.canvas);
  const statList = el('dl', { class: 'code-stats' });
  for (const [name, label] of [['steps', 'Steps'], ['checks', 'Checks'], ['placements', 'Placements'], ['solutions', 'Solutions found']]) {
    parts.stats[name] = el('dd', { 'data-stat': name, 'data-value': 0 }, '0');
    statList.append(el('div', '', [el('dt', '', label), parts.stats[name]]));
  }
  parts.gradePanel.append(
    el('h3', '', 'Check my search'),
    parts.staleLine,
    parts.verdictLine,
    el('table', { class: 'code-grade-table' }, [
      el('thead', '', [el('tr', '', ['N', 'Found', 'Expected', 'Wrong', 'Duplicates', 'Missed'].map((h) => el('th', { scope: 'col' }, h)))]),
      parts.gradeRows,
    ]),
    el('div', { class: 'code-figures' }, [parts.wrongFigure, parts.missedFigure]),
    parts.workBox,
  );
  const contract = el('details', { class: 'code-contract' }, [
    el('summary', '', 'The contract: solve(n, board)'),
    el('p', '', 'Your program defines solve(n, board). The page calls it with the board size and the board, and records every call on the board as a step of your search:'),
    el('ul', '', [
      el('li', '', [el('code', '', 'board.place(row, col)'), ' puts a queen (a step); ', el('code', '', 'board.remove(row, col)'), ' takes it back (a step).']),
      el('li', '', [el('code', '', 'board.safe(row, col)'), ' answers whether any queen on the board attacks the square (a check; the page answers, not your code).']),
      el('li', '', [el('code', '', 'board.found()'), ' says the board as it stands is a solution (a step; the page judges it). ', el('code', '', 'board.found(2)'), ' says it stands for two (itself and its mirror image, for a search that tries half of row 0).']),
      el('li', '', [el('code', '', 'board.count(k)'), ' adds k solutions with no board (a counter). With found(k) or count(k) the check grades the total against the number of solutions, each board still checked.']),
      el('li', '', [el('code', '', 'board.say(text)'), ' sets the sentence shown for the next step (optional).']),
    ]),
    el('p', '', 'Click a line number to set a breakpoint: Play stops at each step that line makes (click it again to clear it).'),
    el('p', '', `Rows and columns count from 0. Keep any state of your own; only these calls are steps. A run may make ${formatCount(MAX_CALLS)} calls and take ${TIME_LIMIT_MS / 1000} seconds for each N; it has no network and no storage.`),
  ]);
  const p = parts;
  root.append(
    el('div', { class: 'code-head' }, [el('h2', '', 'Your search'), el('p', { class: 'muted' }, 'Write your own N-Queens search, watch it on the board, and have it checked against every solution.')]),
    el('div', { class: 'code-layout' }, [
      el('section', { class: 'code-side', 'aria-label': 'Your program' }, [
        el('div', { class: 'code-pickers' }, [
          el('label', { class: 'field' }, [el('span', { class: 'field-label' }, 'Language'), p.langSelect]),
          el('label', { class: 'field' }, [el('span', { class: 'field-label' }, 'Starter'), p.starterSelect]),
          el('label', { class: 'field code-n' }, [el('span', { class: 'field-label' }, 'N'), p.nInput]),
        ]),
        p.task,
        p.editorBox,
        el('label', { class: 'code-option', title: 'Off: typing ( [ { or a quote adds nothing after it, as on paper' }, [p.bracketsBox, ' Close brackets and quotes as I type']),
        el('div', { class: 'code-actions', role: 'group', 'aria-label': 'Run' }, [p.runButton, p.stopButton, p.gradeButton, p.copyButton]),
        p.progressRow,
        p.runLine,
        p.message,
        contract,
      ]),
      el('section', { class: 'code-stage', 'aria-label': 'Board and playback' }, [
        p.boardFrame,
        el('div', { class: 'controls', role: 'group', 'aria-label': 'Playback' }, [p.homeButton, p.backButton, p.playButton, p.forwardButton, p.endButton]),
        el('div', { class: 'sliders' }, [
          el('label', { class: 'field slider' }, [el('span', { class: 'field-label' }, ['Timeline ', p.timelineValue]), p.timeline]),
          el('label', { class: 'field slider' }, [el('span', { class: 'field-label' }, ['Speed ', p.speedValue]), p.speedInput]),
        ]),
        p.sentence,
        statList,
        el('section', { class: 'code-state', 'data-part': 'state-panel', 'aria-label': 'Your variables and calls at this step' }, [
          el('div', { class: 'code-state-part' }, [el('h3', '', 'Call stack'), p.callStack]),
          el('div', { class: 'code-state-part' }, [el('h3', '', 'Variables'), p.variables]),
          p.stateNote,
        ]),
      ]),
    ]),
    tree,
    p.gradePanel,
  );
  return parts;
}

/**
 * The bracket-closing box: the editor follows it, and the choice is kept
 * for the next visit (in localStorage, every tab following).
 * @param {HTMLInputElement} box  @param {import('../program/editor.js').Editor} editor
 */
export function followBrackets(box, editor) {
  const PREFERENCES = new SharedStore('nqueens-your-search', {
    parse: (raw) => ({ closeBrackets: !(raw && typeof raw === 'object' && /** @type {{ closeBrackets?: unknown }} */ (raw).closeBrackets === false) }),
    empty: () => ({ closeBrackets: true }),
  });
  box.checked = PREFERENCES.value.closeBrackets;
  editor.setCloseBrackets(box.checked);
  box.addEventListener('change', () => {
    editor.setCloseBrackets(box.checked);
    PREFERENCES.update((r) => { r.closeBrackets = box.checked; });
  });
}

/**
 * Python's loading on the progress bar (hidden once loaded).
 * @param {ReturnType<typeof buildMarkup>} p  @param {number} fraction  @param {string} text
 */
export function showProgress(p, fraction, text) {
  p.progressRow.hidden = fraction >= 1;
  p.progressBar.value = fraction;
  p.progressText.textContent = text;
}
