// "Your search" (its own tab, `?mode=code&lang=js|py&n=&src=&starter=`):
// the learner writes solve(n, board) in JavaScript or Python, runs it in a
// worker of its own, steps through its trace on the board with the line that
// made each step marked in the editor, sees its search tree (tree-view.js
// beside this file), and has it checked for every N up to the chosen one
// against every solution and against the sources' row backtracking and bitwise
// search. The program's machinery (editor, runner, trace, grader, starters,
// the link's packing) is www/program/'s. Builds its markup inside its root,
// #code (view.html beside this file), and its style is style.css beside it.
// A link's program (src=) is shown, never run until Run.
//
// A mode of the registry in shell/modes.js: see there for what a mode does.

import { counted, el, formatCount } from '../lib/dom.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { clip } from '../lib/words.js';
import { BoardView, CELL, readTheme } from '../components/board.js';
import { Editor } from '../program/editor.js';
import { STARTERS, DEFAULT_STARTER } from '../program/starters.js';
import { packSource, unpackSource } from '../program/link.js';
import { takeCrash, crashSentence } from '../program/keep.js';
import { Trace, ingestRuns, squareName } from '../program/trace.js';
import { allSolutions, gradeReports } from '../program/grade.js';
import { runJs, PythonWorkers, MAX_CALLS, TIME_LIMIT_MS, makePythonOffline } from '../program/runner.js';
import { SearchTree, nodeCols } from '../program/search-tree.js';
import { CodeTree } from './tree-view.js';
import { keepRun } from '../program/trace-session.js';

/** The board sizes of a traced run. */
const MIN_N = 1;
const MAX_N = 12;
const DEFAULT_N = 6;
/** Playback speeds, steps a second. */
const SPEEDS = [1, 2, 4, 8, 16, 64, 256, 2048];

/** @typedef {'idle'|'loading'|'running'|'done'|'error'|'stopped'} RunState */
/** @typedef {'js'|'py'} Lang */

/**
 * Reads ?lang=, ?n=, ?src= (the packed program, unpacked in attach) and
 * ?starter= (a starter program by its id; src= wins over it).
 * @param {string} search
 * @returns {{ lang: Lang, n: number, src: string | null, starter: string | null, problems: string[] }}
 */
function parseCodeParams(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {Lang} */
  let lang = 'js';
  const rawLang = params.get('lang');
  if (rawLang !== null) {
    const wanted = rawLang.trim().toLowerCase();
    if (wanted === 'js' || wanted === 'py') lang = wanted;
    else problems.push(`The link's lang=${clip(rawLang)} is neither js (JavaScript) nor py (Python): showing JavaScript.`);
  }
  let n = DEFAULT_N;
  const rawN = params.get('n');
  if (rawN !== null) {
    const value = wholeNumber(rawN.trim());
    if (value >= MIN_N && value <= MAX_N) n = value;
    else problems.push(`The link's board size n=${clip(rawN)} is not a whole number from ${MIN_N} to ${MAX_N}, the sizes a traced run takes: showing N = ${DEFAULT_N}.`);
  }
  const src = params.get('src');
  let starter = params.get('starter');
  if (starter !== null && !STARTERS.some((s) => s.id === starter)) {
    problems.push(`The link's starter=${clip(starter)} is not a starter program (${STARTERS.map((s) => s.id).join(', ')}): showing ${DEFAULT_STARTER}.`);
    starter = null;
  }
  return { lang, n, src: src && src.trim() ? src.trim() : null, starter, problems };
}

/** The cells the board draws for a set of queens, the probed square and the attacking pairs. @param {Uint8Array} occupied  @param {number} n  @param {number} probe */
function boardCells(occupied, n, probe) {
  const cells = new Uint8Array(n * n);
  /** @type {number[]} */
  const queens = [];
  for (let s = 0; s < n * n; s++) if (occupied[s]) queens.push(s);
  /** @type {Array<[number, number]>} */
  const lines = [];
  for (const q of queens) {
    const qr = Math.floor(q / n), qc = q % n;
    for (let s = 0; s < n * n; s++) {
      if (s === q) continue;
      const r = Math.floor(s / n), c = s % n;
      if (r === qr || c === qc || Math.abs(r - qr) === Math.abs(c - qc)) cells[s] |= occupied[s] ? CELL.CONFLICT : CELL.THREATENED;
    }
  }
  for (let i = 0; i < queens.length; i++) {
    cells[queens[i]] |= CELL.QUEEN;
    for (let j = i + 1; j < queens.length; j++) {
      const a = queens[i], b = queens[j];
      const ar = Math.floor(a / n), ac = a % n, br = Math.floor(b / n), bc = b % n;
      if (ar === br || ac === bc || Math.abs(ar - br) === Math.abs(ac - bc)) lines.push([a, b]);
    }
  }
  if (probe >= 0) cells[probe] |= CELL.PROBED;
  return { cells, lines };
}

/** The queens of a board, row by row: the column of each row's queen (the leftmost if there are more), or -1. @param {Uint8Array} occupied  @param {number} n */
function queensByRow(occupied, n) {
  const out = new Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (occupied[r * n + c]) {
        out[r] = c;
        break;
      }
    }
  }
  return out;
}

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

/**
 * @param {import('../modes.js').Page} _page
 * @returns {import('../modes.js').Mode}
 */
export function codeMode(_page) {
  const root = /** @type {HTMLElement} */ (document.getElementById('code'));
  let active = false;
  let built = false;
  /** @type {import('../core/core.js').Core | null} */
  let core = null;
  /** @type {Lang} */
  let lang = 'js';
  let n = DEFAULT_N;
  /** @type {RunState} */
  let state = 'idle';
  /** @type {Trace | null} */
  let trace = null;
  let position = 0;
  /** @type {(() => void) | null} */
  let stopRun = null;
  let playing = false;
  let speed = 3;
  let frame = 0;
  /** @type {Editor | null} */
  let editor = null;
  /** @type {PythonWorkers | null} */
  let python = null;
  /** @type {Record<Lang, string>} the program of each language, kept when switching */
  const programs = { js: '', py: '' };
  let starterId = DEFAULT_STARTER;
  /** @type {'right'|'wrong'|null} */
  let verdict = null;
  /** @type {SearchTree | null} the tree of the trace shown, once built */
  let searchTree = null;
  let treeToken = 0;

  // The markup, built once.
  /** @param {string} name  @param {string} label  @param {string} title  @param {string} [d] */
  const button = (name, label, title, d) => {
    const b = el('button', { type: 'button', 'data-part': name, title });
    if (d && name !== 'step-forward' && name !== 'end') b.append(icon(d), ` ${label}`);
    else if (d) b.append(`${label} `, icon(d));
    else b.append(label);
    return b;
  };
  const langSelect = el('select', { 'data-part': 'lang', title: 'The language of your program' }, [
    el('option', { value: 'js' }, 'JavaScript'),
    el('option', { value: 'py' }, 'Python'),
  ]);
  const starterSelect = el('select', { 'data-part': 'starter', title: 'Put a starter program in the editor (your own program is replaced; Ctrl+Z brings it back)' }, [
    el('option', { value: '' }, 'Starter programs…'),
    ...STARTERS.map((s) => el('option', { value: s.id }, s.name)),
  ]);
  const nInput = el('input', { type: 'number', 'data-part': 'n', min: MIN_N, max: MAX_N, step: 1, value: DEFAULT_N, inputmode: 'numeric', title: `The board size a run and a check use, ${MIN_N} to ${MAX_N}` });
  const task = el('p', { class: 'code-task', 'data-part': 'task' });
  const editorBox = el('div', { class: 'code-editor', 'data-part': 'editor' });
  const runButton = button('run', 'Run', 'Run solve(n, board) at this N in a worker of its own (Ctrl+Enter)');
  runButton.classList.add('primary');
  const stopButton = button('stop', 'Stop', 'Stop the run (Esc): the steps made so far are kept');
  stopButton.disabled = true;
  const gradeButton = button('grade', 'Check my search', 'Run it for every N from 1 to this N and judge what it reports against every solution');
  const copyButton = button('copy-link', 'Copy link', 'Copy a link that holds this program (it is shown, not run, when opened)');
  const progressBar = el('progress', { 'data-part': 'progress', max: 1, value: 0, 'aria-label': 'Loading Python' });
  const progressText = el('span', { 'data-part': 'progress-text' });
  const progressRow = el('div', { class: 'code-progress', 'data-part': 'progress-row', hidden: true }, [progressBar, progressText]);
  const offlineButton = button('python-offline', 'Make ready for offline use (with Python)', 'Keep Python (about 13.5 MB) on this machine, so that Python programs run offline too');
  const runLine = el('p', { class: 'code-run-line', 'data-part': 'run-line', 'aria-live': 'polite' });
  const message = el('p', { class: 'status code-message', 'data-part': 'message', role: 'status' }, 'Write solve(n, board), or pick a starter, and press Run.');

  const canvas = el('canvas', { id: 'code-board', 'data-part': 'board', class: 'board-canvas', role: 'img', 'aria-label': 'Chess board' });
  const boardFrame = el('div', { class: 'board-frame' }, [canvas]);
  const homeButton = button('home', 'Home', 'The empty board, before the first step (Home)', ICON.home);
  const backButton = button('step-back', 'Back', 'One step back (←)', ICON.back);
  const playButton = button('play', 'Play', 'Play / pause (Space)', ICON.play);
  const forwardButton = button('step-forward', 'Step', 'One step forward (→)', ICON.forward);
  const endButton = button('end', 'End', 'The last step (End)', ICON.end);
  const timeline = el('input', { type: 'range', 'data-part': 'timeline', min: 0, max: 0, step: 1, value: 0, 'aria-label': 'Step', title: 'Scrub over the steps' });
  const timelineValue = el('output', { 'data-part': 'timeline-value' }, '0 / 0');
  const speedInput = el('input', { type: 'range', 'data-part': 'speed', min: 0, max: SPEEDS.length - 1, step: 1, value: speed, 'aria-label': 'Playback speed' });
  const speedValue = el('output', { 'data-part': 'speed-value' }, `${SPEEDS[speed]} steps/s`);
  const sentence = el('p', { class: 'status code-sentence', 'data-part': 'sentence', 'aria-live': 'polite' }, 'No run yet.');
  /** @type {Record<string, HTMLElement>} */
  const stats = {};
  const statList = el('dl', { class: 'code-stats' });
  for (const [name, label] of [['steps', 'Steps'], ['checks', 'Checks'], ['placements', 'Placements'], ['solutions', 'Solutions found']]) {
    stats[name] = el('dd', { 'data-stat': name, 'data-value': 0 }, '0');
    statList.append(el('div', '', [el('dt', '', label), stats[name]]));
  }

  const verdictLine = el('p', { class: 'code-verdict', 'data-part': 'verdict' });
  const gradeRows = el('tbody', { 'data-part': 'grade-rows' });
  const gradeTable = el('table', { class: 'code-grade-table' }, [
    el('thead', '', [el('tr', '', ['N', 'Found', 'Expected', 'Wrong', 'Duplicates', 'Missed'].map((h) => el('th', { scope: 'col' }, h)))]),
    gradeRows,
  ]);
  /** @param {string} name */
  const figure = (name) => {
    const fig = el('figure', { class: 'code-figure', 'data-part': `${name}-figure`, hidden: true }, [
      el('canvas', { 'data-part': 'board', class: 'board-canvas', role: 'img', 'aria-label': 'Board' }),
      el('figcaption', { 'data-part': `${name}-caption` }),
    ]);
    return fig;
  };
  const wrongFigure = figure('wrong');
  const missedFigure = figure('missed');
  const workBox = el('div', { class: 'code-work', 'data-part': 'work' });
  const gradePanel = el('section', { class: 'panel code-grade', 'data-part': 'grade-panel', 'aria-label': 'Check my search', hidden: true }, [
    el('h3', '', 'Check my search'),
    verdictLine,
    gradeTable,
    el('div', { class: 'code-figures' }, [wrongFigure, missedFigure]),
    workBox,
  ]);

  const contract = el('details', { class: 'code-contract' }, [
    el('summary', '', 'The contract: solve(n, board)'),
    el('p', '', 'Your program defines solve(n, board). The page calls it with the board size and the board, and records every call on the board as a step of your search:'),
    el('ul', '', [
      el('li', '', [el('code', '', 'board.place(row, col)'), ' puts a queen (a step); ', el('code', '', 'board.remove(row, col)'), ' takes it back (a step).']),
      el('li', '', [el('code', '', 'board.safe(row, col)'), ' answers whether any queen on the board attacks the square (a check; the page answers, not your code).']),
      el('li', '', [el('code', '', 'board.found()'), ' says the board as it stands is a solution (a step; the page judges it).']),
      el('li', '', [el('code', '', 'board.say(text)'), ' sets the sentence shown for the next step (optional).']),
    ]),
    el('p', '', `Rows and columns count from 0. Keep any state of your own; only these calls are steps. A run may make ${formatCount(MAX_CALLS)} calls and take ${TIME_LIMIT_MS / 1000} seconds for each N; it has no network and no storage.`),
  ]);

  const dom = () => {
    root.dataset.state = state;
    root.append(
      el('div', { class: 'code-head' }, [el('h2', '', 'Your search'), el('p', { class: 'muted' }, 'Write your own N-Queens search, watch it on the board, and have it checked against every solution.')]),
      el('div', { class: 'code-layout' }, [
        el('section', { class: 'code-side', 'aria-label': 'Your program' }, [
          el('div', { class: 'code-pickers' }, [
            el('label', { class: 'field' }, [el('span', { class: 'field-label' }, 'Language'), langSelect]),
            el('label', { class: 'field' }, [el('span', { class: 'field-label' }, 'Starter'), starterSelect]),
            el('label', { class: 'field code-n' }, [el('span', { class: 'field-label' }, 'N'), nInput]),
          ]),
          task,
          editorBox,
          el('div', { class: 'code-actions', role: 'group', 'aria-label': 'Run' }, [runButton, stopButton, gradeButton, copyButton]),
          progressRow,
          el('p', { class: 'code-offline' }, [offlineButton]),
          runLine,
          message,
          contract,
        ]),
        el('section', { class: 'code-stage', 'aria-label': 'Board and playback' }, [
          boardFrame,
          el('div', { class: 'controls', role: 'group', 'aria-label': 'Playback' }, [homeButton, backButton, playButton, forwardButton, endButton]),
          el('div', { class: 'sliders' }, [
            el('label', { class: 'field slider' }, [el('span', { class: 'field-label' }, ['Timeline ', timelineValue]), timeline]),
            el('label', { class: 'field slider' }, [el('span', { class: 'field-label' }, ['Speed ', speedValue]), speedInput]),
          ]),
          sentence,
          statList,
        ]),
      ]),
      treeView.root,
      gradePanel,
    );
  };

  /** @type {BoardView | null} */
  let board = null;
  const treeView = new CodeTree((step) => { pause(); show(step); board?.reveal(); });

  /** Builds the search tree of the trace shown, in slices; null if another run came first. */
  const buildTree = async () => {
    const token = ++treeToken;
    searchTree = null;
    const shown = trace;
    if (!shown) return null;
    const tree = await SearchTree.fromTrace(shown);
    if (token !== treeToken || shown !== trace) return null;
    searchTree = tree;
    treeView.show(tree, shown);
    treeView.setPath(queensByRow(shown.at(position).occupied, shown.n));
    return tree;
  };

  // State and what shows it.
  /** @param {RunState} next */
  const setState = (next) => {
    state = next;
    root.dataset.state = next;
    const busy = next === 'running' || next === 'loading';
    runButton.disabled = busy;
    gradeButton.disabled = busy;
    stopButton.disabled = !busy;
    langSelect.disabled = busy;
    nInput.disabled = busy;
    starterSelect.disabled = busy;
    updatePlayer();
  };
  /** @param {string} text */
  const say = (text) => { message.textContent = text; };

  const updatePlayer = () => {
    const steps = trace?.steps ?? 0;
    const idle = state !== 'running' && state !== 'loading';
    const can = idle && trace !== null;
    homeButton.disabled = !can || position === 0;
    backButton.disabled = !can || position === 0;
    forwardButton.disabled = !can || position >= steps;
    endButton.disabled = !can || position >= steps;
    playButton.disabled = !can || steps === 0;
    timeline.disabled = !can;
    timeline.max = String(steps);
    timeline.value = String(position);
    timelineValue.textContent = `${formatCount(position)} / ${formatCount(steps)}`;
    playButton.setAttribute('aria-pressed', String(playing));
    playButton.lastChild && (playButton.lastChild.textContent = playing ? ' Pause' : ' Play');
  };

  const drawEmpty = () => {
    if (!board) return;
    board.fit();
    board.draw(new Uint8Array(n * n), n);
    board.describe(new Array(n).fill(-1), n);
  };

  /** Shows position k of the trace: board, line, sentence, counters. @param {number} k */
  const show = (k) => {
    if (!trace || !board) return;
    const view = trace.at(k);
    position = view.step;
    const { cells, lines } = boardCells(view.occupied, trace.n, view.probe);
    board.fit();
    board.draw(cells, trace.n, lines.length ? lines : null);
    board.describe(queensByRow(view.occupied, trace.n), trace.n);
    editor?.showStep(view.line || (position === 0 ? 0 : view.checkLine));
    if (searchTree) treeView.setPath(queensByRow(view.occupied, trace.n));
    sentence.textContent = position === 0 && trace.steps > 0 ? `Step 0 of ${formatCount(trace.steps)}: the empty board. Press Step (→) or Play.` : `Step ${formatCount(position)} of ${formatCount(trace.steps)}: ${view.sentence}`;
    for (const [name, value] of Object.entries(view.counters)) {
      stats[name].dataset.value = String(value);
      stats[name].textContent = formatCount(value);
    }
    updatePlayer();
  };

  const pause = () => {
    playing = false;
    cancelAnimationFrame(frame);
    updatePlayer();
  };
  const play = () => {
    if (!trace || trace.steps === 0) return;
    if (position >= trace.steps) show(0);
    playing = true;
    let last = performance.now();
    let owed = 0;
    const tick = (/** @type {number} */ now) => {
      if (!playing || !trace) return;
      owed += ((now - last) / 1000) * SPEEDS[speed];
      last = now;
      const whole = Math.floor(owed);
      if (whole > 0) {
        owed -= whole;
        show(Math.min(trace.steps, position + whole));
      }
      if (position >= trace.steps) {
        pause();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    updatePlayer();
  };

  /** The current program's text. */
  const source = () => editor?.text ?? programs[lang];

  const writeUrl = async () => {
    if (!active) return;
    const text = source();
    const packed = await packSource(text);
    if (!active) return;
    const url = new URL(location.href);
    url.search = `?${new URLSearchParams({ lang, n: String(n), src: packed })}`;
    replaceUrl(url);
  };
  let urlTimer = 0;
  const writeUrlSoon = () => {
    clearTimeout(urlTimer);
    urlTimer = window.setTimeout(() => { writeUrl(); }, 300);
  };

  /** @param {string} id */
  const starterOf = (id) => STARTERS.find((s) => s.id === id) ?? STARTERS[0];
  /** @param {string} id */
  const showTask = (id) => {
    const s = starterOf(id);
    task.textContent = `${s.name}: ${s.task}`;
  };

  // Python: loaded the first time the learner picks it.
  const pythonWorkers = () => {
    if (!python) {
      python = new PythonWorkers((fraction, text) => {
        progressRow.hidden = fraction >= 1;
        progressBar.value = fraction;
        progressText.textContent = text;
      });
    }
    return python;
  };
  const warmPython = () => {
    const workers = pythonWorkers();
    if (!workers.loaded) {
      progressRow.hidden = false;
      progressBar.value = 0;
      progressText.textContent = 'Loading Python (about 13.5 MB, once)…';
    }
    return workers.warm().catch((error) => {
      progressRow.hidden = true;
      say(/** @type {Error} */ (error).message);
      throw error;
    });
  };

  /** @param {Lang} next */
  const setLang = (next) => {
    if (next === lang) return;
    programs[lang] = source();
    lang = next;
    langSelect.value = next;
    if (!programs[next]) programs[next] = starterOf(starterId)[next];
    editor?.setLang(next);
    editor?.setText(programs[next]);
    editor?.showError(0);
    if (next === 'py') warmPython().catch(() => {});
    writeUrlSoon();
  };

  /**
   * Runs the program for each N of ns; each chunk goes to the trace of its N.
   * @param {number[]} ns
   * @param {(traces: Trace[], end: import('../program/runner.js').RunEnd) => void} done
   */
  const start = async (ns, done) => {
    pause();
    editor?.showError(0);
    editor?.showStep(0);
    treeToken++;
    searchTree = null;
    treeView.clear();
    /** @type {Trace[]} */
    const traces = [];
    const text = source();
    const started = performance.now();
    /** @param {Int32Array} data  @param {string[]} texts */
    const chunk = (data, texts) => {
      ingestRuns(traces, data);
      // Texts carry their index in the run; each trace keeps the whole list.
      if (texts.length) for (const t of traces) if (t === traces[traces.length - 1]) t.texts.push(...texts);
    };
    const tick = (/** @type {number} */ ms, /** @type {number} */ calls) => {
      runLine.textContent = `Running${ns.length > 1 ? ` N = ${traces.length ? traces[traces.length - 1].n : ns[0]}` : ''}: ${(ms / 1000).toFixed(1)} s, ${counted(calls, 'call')} so far. Stop (Esc) keeps the steps made.`;
    };
    /** @param {import('../program/runner.js').RunEnd} end */
    const end = (end) => {
      stopRun = null;
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      runLine.textContent = `The run took ${seconds} s.`;
      done(traces, end);
    };
    try {
      if (lang === 'py') {
        setState('loading');
        say('Loading Python…');
        await warmPython();
        setState('running');
        say('Running your program in Python…');
        stopRun = await pythonWorkers().run(text, ns, { chunk, end, tick });
      } else {
        setState('running');
        say('Running your program…');
        stopRun = runJs(text, ns, { chunk, end, tick });
      }
    } catch (error) {
      setState('error');
      say(/** @type {Error} */ (error).message);
    }
  };

  /** The sentence for the end of a run, and the state it leaves. @param {import('../program/runner.js').RunEnd} end */
  const ending = (end) => {
    const where = end.line ? ` (line ${end.line})` : '';
    switch (end.reason) {
      case 'done': return { next: /** @type {RunState} */ ('done'), text: end.message ?? '' };
      case 'calls': return { next: /** @type {RunState} */ ('stopped'), text: `The run stopped at ${formatCount(MAX_CALLS)} tracer calls, the most a run may make: the steps so far are kept, and play.` };
      case 'time': return { next: /** @type {RunState} */ ('stopped'), text: end.message ?? 'Stopped at the time limit.' };
      case 'stopped': return { next: /** @type {RunState} */ ('stopped'), text: end.message ?? 'Stopped.' };
      case 'bad': return { next: /** @type {RunState} */ ('error'), text: `A bad call${where}: ${end.message}` };
      default: return { next: /** @type {RunState} */ ('error'), text: `Your program failed${where}: ${end.message}` };
    }
  };

  const run = () => {
    if (state === 'running' || state === 'loading') return;
    verdict = null;
    delete root.dataset.verdict;
    start([n], (traces, end) => {
      trace = traces[0] ?? new Trace(n);
      // A run that ended by itself is kept for Race's lane "Your search".
      if (end.reason === 'done' && traces[0]) keepRun(traces[0]);
      const { next, text } = ending(end);
      setState(next);
      if (end.line) editor?.showError(end.line);
      const summary = `${formatCount(trace.steps)} steps, ${formatCount(trace.checks)} checks, ${formatCount(trace.solutions)} solution${trace.solutions === 1 ? '' : 's'} found at N = ${n}.`;
      say(text ? `${text} ${summary}` : `Done: ${summary} Step through it, or check it for every N up to ${n}.`);
      show(trace.steps);
      buildTree();
    });
  };

  /** Draws a small board of the grade panel. @param {HTMLElement} fig  @param {number[]} squares  @param {number} size  @param {string} caption */
  const drawFigure = (fig, squares, size, caption) => {
    fig.hidden = false;
    const view = new BoardView(fig);
    const occupied = new Uint8Array(size * size);
    for (const s of squares) occupied[s] = 1;
    const { cells, lines } = boardCells(occupied, size, -1);
    view.fit();
    view.draw(cells, size, lines.length ? lines : null);
    view.describe(queensByRow(occupied, size), size);
    /** @type {HTMLElement} */ (fig.querySelector('figcaption')).textContent = caption;
  };

  /** Row backtracking's and bitwise's checks and placements at N, from the core, in slices. @param {number} size */
  const seedWork = async (size) => {
    /** @type {{ name: string, checks: number, placements: number }[]} */
    const rows = [];
    if (!core) return rows;
    for (const [id, name] of [['backtracking', 'Row backtracking'], ['bitwise', 'Bitwise']]) {
      try {
        const session = new core.wasm.Session(id, size, undefined);
        while (!session.done) {
          session.run(20_000);
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        rows.push({ name, checks: session.checks, placements: session.placements });
        session.free();
      } catch (error) {
        console.warn(`Could not run ${id} at ${size}:`, error);
      }
    }
    return rows;
  };

  const grade = () => {
    if (state === 'running' || state === 'loading') return;
    const ns = Array.from({ length: n }, (_, i) => i + 1);
    gradePanel.hidden = false;
    verdictLine.textContent = `Running your program for N = 1 to ${n}…`;
    gradeRows.replaceChildren();
    wrongFigure.hidden = true;
    missedFigure.hidden = true;
    workBox.replaceChildren();
    delete root.dataset.verdict;
    start(ns, async (traces, end) => {
      const { next, text } = ending(end);
      setState(next);
      if (end.line) editor?.showError(end.line);
      /** @type {import('../program/grade.js').Grade[]} */
      const grades = [];
      for (const t of traces) {
        const complete = t !== traces[traces.length - 1] || end.reason === 'done';
        const g = gradeReports(t.n, t.found, allSolutions(t.n));
        grades.push(g);
        const tr = el('tr', { 'data-n': t.n, 'data-found': g.found, 'data-expected': g.expected, 'data-wrong': g.wrong, 'data-duplicates': g.duplicates, 'data-missed': g.missed, class: g.right && complete ? 'right' : 'wrong' }, [
          el('th', { scope: 'row' }, String(t.n)),
          el('td', '', formatCount(g.found)), el('td', '', formatCount(g.expected)), el('td', '', formatCount(g.wrong)),
          el('td', '', formatCount(g.duplicates)), el('td', '', complete ? formatCount(g.missed) : `${formatCount(g.missed)} (stopped)`),
        ]);
        gradeRows.append(tr);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const finished = end.reason === 'done' && traces.length === ns.length;
      for (const t of traces) if (t !== traces[traces.length - 1] || end.reason === 'done') keepRun(t);
      const right = finished && grades.every((g) => g.right);
      verdict = right ? 'right' : 'wrong';
      root.dataset.verdict = verdict;
      /** @type {string[]} */
      const problems = [];
      if (!finished) problems.push(`it did not finish every N (${text || 'it stopped'})`);
      const wrongOne = grades.find((g) => g.firstWrong);
      if (wrongOne?.firstWrong) {
        const f = wrongOne.firstWrong;
        const why = f.pair ? `the queens on ${squareName(f.pair[0], wrongOne.n)} and ${squareName(f.pair[1], wrongOne.n)} attack each other` : `it has ${f.squares.length} queen${f.squares.length === 1 ? '' : 's'}, not ${wrongOne.n}`;
        problems.push(`it reported a board that is not a solution at N = ${wrongOne.n} (step ${formatCount(f.step)}: ${why})`);
        drawFigure(wrongFigure, f.squares, wrongOne.n, `The first wrong board, N = ${wrongOne.n}, step ${formatCount(f.step)}: ${why}.`);
      }
      const dup = grades.find((g) => g.firstDuplicate);
      if (dup?.firstDuplicate) problems.push(`it reported a solution twice at N = ${dup.n} (first at step ${formatCount(dup.firstDuplicate.firstStep)}, again at step ${formatCount(dup.firstDuplicate.step)})`);
      const missing = grades.filter((g) => g.missed > 0);
      if (missing.length && finished) {
        const total = missing.reduce((a, g) => a + g.missed, 0);
        problems.push(`it missed ${formatCount(total)} solution${total === 1 ? '' : 's'} (${missing.map((g) => `${formatCount(g.missed)} of ${formatCount(g.expected)} at N = ${g.n}`).join(', ')})`);
        const first = missing[0];
        if (first.oneMissed) drawFigure(missedFigure, first.oneMissed, first.n, `A solution it missed at N = ${first.n}.`);
      }
      verdictLine.textContent = right
        ? `Right: for every N from 1 to ${n} it reports each solution once and nothing else (${grades.map((g) => formatCount(g.expected)).join(', ')}, as OEIS A000170 says).`
        : `Not right yet: ${problems.join('; ')}.`;
      // The trace of the chosen N plays on the board.
      trace = traces.find((t) => t.n === n) ?? traces[traces.length - 1] ?? new Trace(n);
      show(trace.steps);
      say(verdict === 'right' ? 'Checked: right. Its work against the seeds is below the table.' : `Checked: ${verdictLine.textContent}`);
      if (trace.n === n && finished) {
        const seeds = await seedWork(n);
        const rows = [{ name: 'Your search', checks: trace.checks, placements: trace.placements }, ...seeds];
        const table = el('table', { class: 'code-work-table' }, [
          el('thead', '', [el('tr', '', [el('th', { scope: 'col' }, `N = ${n}`), el('th', { scope: 'col' }, 'Checks'), el('th', { scope: 'col' }, 'Placements')])]),
          el('tbody', '', rows.map((r) => el('tr', '', [el('th', { scope: 'row' }, r.name), el('td', '', formatCount(r.checks)), el('td', '', formatCount(r.placements))]))),
        ]);
        workBox.replaceChildren(el('h4', '', 'Its work against the seeds'), table);
        const backtracking = seeds[0];
        const tree = await buildTree();
        const more = backtracking && (trace.placements > backtracking.placements || trace.checks > backtracking.checks);
        const note = el('p', { 'data-part': 'work-note' });
        if (more && backtracking) {
          const placed = (trace.placements / Math.max(1, backtracking.placements)).toFixed(1);
          const checked = (trace.checks / Math.max(1, backtracking.checks)).toFixed(1);
          note.append(`It makes ${placed}× the placements and ${checked}× the checks of row backtracking. `);
        }
        const outside = tree?.outside;
        if (outside) {
          const target = outside.step;
          const link = el('button', { type: 'button', class: 'linkish', 'data-part': 'first-outside' }, `Step ${formatCount(target)}`);
          link.addEventListener('click', () => { pause(); show(target); board?.reveal(); });
          note.append(link, ` is the first where it stands on a partial board row backtracking never enters: ${outsideWhy(outside, trace.n)}.`);
        } else if (tree && backtracking) note.append('Every partial board it stood on is one row backtracking enters too.');
        if (note.childNodes.length) workBox.append(note);
      }
    });
  };

  /** Why a board is outside row backtracking's tree, in words. @param {import('../program/search-tree.js').Outside} o  @param {number} size */
  const outsideWhy = (o, size) => {
    if (o.why === 'attacked' && o.pair) return `the queens on ${squareName(o.pair[0], size)} and ${squareName(o.pair[1], size)} attack each other, a subtree its safe test rules out`;
    if (o.why === 'attacked') return 'two queens attack each other';
    const empty = o.queens.findIndex((q) => q < 0);
    const lowest = o.queens.reduce((last, q, r) => (q >= 0 ? r : last), -1);
    return empty >= 0 && empty < lowest
      ? `row ${empty} is empty while row ${lowest} holds a queen, an order row backtracking never takes (it fills rows 0, 1, 2… in turn)`
      : 'its queens are not one a row from row 0 down, the order row backtracking fills them in';
  };

  const copyLink = async () => {
    await writeUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      say('Copied a link that holds this program: it is shown, not run, when opened.');
    } catch {
      say(`The link to this program is in the address bar (the clipboard refused it).`);
    }
  };

  const stop = () => {
    if (stopRun) stopRun();
    else if (state === 'loading') {
      setState('stopped');
      say('Stopped.');
    }
  };

  /**
   * @param {Lang} wantedLang
   * @param {number} wantedN
   * @param {string | null} packed
   */
  const build = async (wantedLang, wantedN, packed) => {
    built = true;
    if (wanted?.starter) starterId = wanted.starter;
    dom();
    lang = wantedLang;
    n = wantedN;
    langSelect.value = lang;
    nInput.value = String(n);
    let text = starterOf(starterId)[lang];
    let problem = '';
    if (packed) {
      try {
        text = await unpackSource(packed);
      } catch (error) {
        problem = `${/** @type {Error} */ (error).message} Showing the starter program instead.`;
      }
    }
    programs[lang] = text;
    editor = new Editor(editorBox, text, lang, () => {
      editor?.showError(0);
      writeUrlSoon();
    });
    showTask(starterId);
    if (packed && !problem) task.textContent = 'A program from a link: read it, then press Run (nothing runs until you do).';
    board = new BoardView(boardFrame);
    drawEmpty();
    updatePlayer();
    if (problem) say(problem);
    if (lang === 'py') warmPython().catch(() => {});
    // A program that took the tab down last time: back in the editor, named, not run.
    takeCrash((r) => r.tag === '').then((crash) => {
      if (!crash || !editor) return;
      setLang(crash.lang);
      editor.setText(crash.source);
      root.dataset.crashed = 'true';
      say(crashSentence(crash));
    });

    langSelect.addEventListener('change', () => setLang(/** @type {Lang} */ (langSelect.value)));
    starterSelect.addEventListener('change', () => {
      const id = starterSelect.value;
      if (!id) return;
      starterId = id;
      editor?.setText(starterOf(id)[lang]);
      editor?.showError(0);
      showTask(id);
      starterSelect.value = '';
    });
    nInput.addEventListener('change', () => {
      const value = wholeNumber(nInput.value.trim());
      if (value >= MIN_N && value <= MAX_N) {
        n = value;
        if (!trace) drawEmpty();
        writeUrlSoon();
      } else {
        nInput.value = String(n);
        say(`N is a whole number from ${MIN_N} to ${MAX_N} for a traced run: keeping N = ${n}.`);
      }
    });
    runButton.addEventListener('click', run);
    stopButton.addEventListener('click', stop);
    gradeButton.addEventListener('click', grade);
    copyButton.addEventListener('click', () => { copyLink(); });
    offlineButton.addEventListener('click', async () => {
      offlineButton.disabled = true;
      progressRow.hidden = false;
      const said = await makePythonOffline((fraction, text) => { progressBar.value = fraction; progressText.textContent = text; });
      progressRow.hidden = true;
      offlineButton.disabled = false;
      if (said.startsWith('Ready')) root.dataset.pythonOffline = 'ready';
      say(said);
    });
    homeButton.addEventListener('click', () => { pause(); show(0); });
    backButton.addEventListener('click', () => { pause(); show(position - 1); });
    forwardButton.addEventListener('click', () => { pause(); show(position + 1); });
    endButton.addEventListener('click', () => { pause(); show(trace?.steps ?? 0); });
    playButton.addEventListener('click', () => (playing ? pause() : play()));
    timeline.addEventListener('input', () => { pause(); show(Number(timeline.value)); });
    speedInput.addEventListener('input', () => {
      speed = Number(speedInput.value);
      speedValue.textContent = `${SPEEDS[speed]} steps/s`;
    });
    editorBox.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run();
      }
    });
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (!board) return;
      board.setTheme(readTheme());
      board.redraw();
      treeView.repaint();
    });
    new ResizeObserver(() => { if (board?.fit()) board.redraw(); }).observe(boardFrame);
    new ResizeObserver(() => { if (searchTree && treeView.fit()) treeView.draw(); }).observe(treeView.canvas);
  };

  /** @type {{ lang: Lang, n: number, src: string | null, starter: string | null } | null} */
  let wanted = null;

  return {
    id: 'code',
    panels: {},
    title: () => ['your search', `${n}×${n}`],
    canvases: { 'code-board': () => `your-search-${n}x${n}-step-${position}` },
    parse(search) {
      const parsed = parseCodeParams(search);
      return parsed;
    },
    attach(given, linked) {
      core = given;
      wanted = linked ?? null;
      if (wanted || active) return build(wanted?.lang ?? 'js', wanted?.n ?? DEFAULT_N, wanted?.src ?? null);
    },
    setActive(on) {
      active = on;
      if (on && !built && core) build(wanted?.lang ?? 'js', wanted?.n ?? DEFAULT_N, wanted?.src ?? null).then(() => writeUrl());
      else if (on) writeUrl();
      if (!on) pause();
      if (on && board) requestAnimationFrame(() => { if (board?.fit()) board.redraw(); });
    },
    onKey(event) {
      const target = /** @type {HTMLElement | null} */ (event.target instanceof HTMLElement ? event.target : null);
      if (event.key === 'Escape' && (state === 'running' || state === 'loading')) {
        stop();
        event.preventDefault();
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.closest('.cm-editor') || target.closest('input, select, textarea'))) return;
      if (!trace || state === 'running' || state === 'loading') return;
      const keys = /** @type {Record<string, () => void>} */ ({
        ArrowRight: () => { pause(); show(position + 1); },
        ArrowLeft: () => { pause(); show(position - 1); },
        Home: () => { pause(); show(0); },
        End: () => { pause(); show(trace?.steps ?? 0); },
        ' ': () => (playing ? pause() : play()),
      });
      const act = keys[event.key];
      if (!act) return;
      if (event.key === ' ' && target?.closest('button')) return;
      act();
      event.preventDefault();
    },
    halt() { pause(); },
    // The core only gives the sources' work to a check: nothing to reopen.
    recover(fresh) {
      core = fresh;
      return '';
    },
    expose: {
      get yourSearch() {
        const steps = trace?.steps ?? 0;
        let queens = /** @type {number[]} */ (new Array(n).fill(-1));
        if (trace) queens = queensByRow(trace.at(position).occupied, trace.n);
        const t = searchTree;
        const tree = t && {
          entered: t.entered - 1,
          wrong: t.wrong,
          neverRoots: t.neverRoots,
          neverBoards: t.neverBoards,
          outside: t.outside?.step ?? 0,
          // Each entered node as its columns by row (the root, the empty board, left out), for tests.
          nodes: t.depths.length <= 20_000 ? t.depths.slice(1).map((d, i) => nodeCols(t.indexes[i + 1], t.n, d)) : null,
          never: t.neverList,
        };
        return { state, step: position, steps, queens, verdict, tree };
      },
    },
  };
}
