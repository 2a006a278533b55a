// "Your search" (its own tab, `?mode=code&lang=js|py&n=&src=&starter=`):
// the learner writes solve(n, board) in JavaScript or Python, runs it in a
// worker of its own, steps through its trace on the board with the line that
// made each step marked in the editor, sees its search tree (tree-view.js),
// and has it checked for every N up to the chosen one (program/check.js).
// The state is the model's (model.js, no DOM); the markup is markup.js's and
// the Check panel grade-view.js's; the trace plays through the visualizer's
// Player over the trace's session. Finished runs go to the shell's kept runs
// (Page.keptRuns), which Race replays. A link's program (src=) is shown,
// never run until Run. A mode of the registry in shell/modes.js.

import { counted, formatCount } from '../lib/dom.js';
import { replaceUrl } from '../lib/params.js';
import { Editor } from '../program/editor.js';
import { packSource, unpackSource } from '../program/link.js';
import { queensByRow } from '../program/trace.js';
import { SearchTree } from '../program/search-tree.js';
import { CodeTree } from './tree-view.js';
import { CodeModel, DEFAULT_N, keepsStarter, parseCodeParams, seedWork } from './model.js';
import { buildMarkup, followBrackets, showProgress } from './markup.js';
import { Playback } from './playback.js';
import { gradeStarted, showStale, showVerdict, showWork } from './grade-view.js';
import { offlineControl, restoreCrash } from './rescue.js';

/**
 * @param {import('../modes.js').Page} page
 * @returns {import('../modes.js').Mode}
 */
export function codeMode(page) {
  const root = /** @type {HTMLElement} */ (document.getElementById('code'));
  const model = new CodeModel({ keep: (n, trace) => page.keptRuns.keep(n, trace), progress: (fraction, text) => showProgress(p, fraction, text) });
  const view = { active: false, built: false, urlTimer: 0 };
  /** @type {{ core: import('../core/core.js').Core | null, editor: Editor | null, wanted: { lang: 'js'|'py', n: number, src: string | null, starter: string | null } | null }} */
  const live = { core: null, editor: null, wanted: null };
  const treeView = new CodeTree((step) => go(step));
  /** @type {ReturnType<typeof buildMarkup>} */
  let p;

  /** @type {import('./playback.js').Playback} */
  let playback;
  /** Shows step k, stopping Play. @param {number} k */
  const go = (k) => playback.go(k);
  /** @param {string} text */
  const say = (text) => { p.message.textContent = text; };

  const setState = () => {
    root.dataset.state = model.state;
    for (const b of [p.runButton, p.gradeButton, p.langSelect, p.nInput, p.starterSelect]) b.disabled = model.busy;
    p.stopButton.disabled = !model.busy;
    playback.update();
  };

  /** Builds the search tree of the trace shown and draws it; null if another run came first. */
  const buildTree = async () => {
    const tree = await model.buildTree();
    if (tree && model.trace) {
      treeView.show(tree, model.trace);
      treeView.setPath(queensByRow(model.trace.at(model.position).occupied, model.trace.n));
    }
    return tree;
  };

  const source = () => live.editor?.text ?? model.programs[model.lang];
  const writeUrl = async () => {
    if (!view.active) return;
    const packed = await packSource(source());
    if (!view.active) return;
    const url = new URL(location.href);
    url.search = `?${new URLSearchParams({ lang: model.lang, n: String(model.n), src: packed })}`;
    replaceUrl(url);
  };
  const writeUrlSoon = () => {
    clearTimeout(view.urlTimer);
    view.urlTimer = window.setTimeout(() => { writeUrl(); }, 300);
  };
  /** The starter's task while the program is still that starter's (edited, not replaced). @param {string} id */
  const showTask = (id) => {
    const s = model.starter(id);
    p.task.hidden = Boolean(live.editor) && !keepsStarter(source(), s[model.lang]);
    p.task.textContent = `${s.name}: ${s.task}`;
  };

  const warmPython = () => {
    if (!model.python?.loaded) showProgress(p, 0, 'Loading Python (about 13.5 MB, once)…');
    return model.warmPython().catch((error) => {
      p.progressRow.hidden = true;
      say(/** @type {Error} */ (error).message);
    });
  };

  /**
   * Runs the program for each N of ns; the run's traces and end go to `done`.
   * @param {'run' | 'check'} kind  @param {number[]} ns
   * @param {(traces: import('../program/trace.js').Trace[], end: import('../program/runner.js').RunEnd, text: string) => void} done
   */
  const start = async (kind, ns, done) => {
    playback.player.stop();
    live.editor?.showError(0);
    live.editor?.showStep(0);
    treeView.clear();
    const text = source();
    const began = performance.now();
    const { traces, end } = await model.execute(kind, ns, text, {
      changed: () => {
        setState();
        playback.render();
        if (model.verdict?.stale) showStale(p, model.verdict.stale);
        say(model.state === 'loading' ? 'Loading Python…' : model.lang === 'py' ? 'Running your program in Python…' : 'Running your program…');
      },
      tick: (ms, calls, n) => {
        p.runLine.textContent = `Running${ns.length > 1 ? ` N = ${n}` : ''}: ${(ms / 1000).toFixed(1)} s, ${counted(calls, 'call')} so far. Stop (Esc) keeps the steps made.`;
      },
    });
    p.runLine.textContent = `The run took ${((performance.now() - began) / 1000).toFixed(2)} s.`;
    done(traces, end, text);
    setState();
    if (end.line) live.editor?.showError(end.line);
  };

  const run = () => {
    if (model.busy) return;
    start('run', [model.n], (traces, end) => {
      say(model.endRun(traces, end));
      playback.render();
      buildTree();
    });
  };

  const grade = () => {
    if (model.busy) return;
    gradeStarted(p, model.n);
    delete root.dataset.verdict;
    start('check', Array.from({ length: model.n }, (_, i) => i + 1), async (traces, end, text) => {
      const v = model.endCheck(traces, end, text);
      root.dataset.verdict = v.right ? 'right' : 'wrong';
      showVerdict(p, v, (size, step) => showCheckedStep(size, step));
      followN();
      playback.render();
      say(`${v.right ? 'Checked: right. Its work against the seeds is below the table.' : `Checked: ${v.sentence}`}${model.shownNote ? ` ${model.shownNote}` : ''}`);
      const shown = model.trace, top = traces[traces.length - 1];
      const tree = await buildTree();
      if (!v.finished || model.trace !== shown) return;
      const seeds = live.core ? await seedWork(live.core, top.n) : [];
      const outside = top === shown ? tree : await SearchTree.fromTrace(top);
      if (model.trace === shown) showWork(p, top, seeds, outside, (step) => showCheckedStep(top.n, step));
    });
  };

  /** A step of the last Check's run at N = size, from its verdict's link: that trace shown, N following. @param {number} size  @param {number} step */
  const showCheckedStep = async (size, step) => {
    const fresh = model.trace?.n !== size;
    if (!model.showChecked(size) || model.verdict?.stale) return;
    followN();
    go(step);
    playback.board.reveal();
    if (fresh) await buildTree();
  };
  /** The N field and the address follow the N shown. */
  const followN = () => { p.nInput.value = String(model.n); writeUrlSoon(); };
  const stop = () => { model.stop(); setState(); };

  /** @param {'js'|'py'} next */
  const setLang = (next) => {
    if (next === model.lang) return;
    const text = model.setLang(next, source());
    p.langSelect.value = next;
    live.editor?.setLang(next);
    live.editor?.setText(text);
    live.editor?.showError(0);
    if (next === 'py') warmPython();
    writeUrlSoon();
  };

  /** @param {'js'|'py'} lang  @param {number} n  @param {string | null} packed */
  const build = async (lang, n, packed) => {
    view.built = true;
    if (live.wanted?.starter) model.starterId = live.wanted.starter;
    p = buildMarkup(root, treeView.root);
    model.lang = lang;
    model.n = n;
    p.langSelect.value = lang;
    p.nInput.value = String(n);
    let text = model.starter(model.starterId)[lang];
    let problem = '';
    if (packed) {
      try {
        text = await unpackSource(packed);
      } catch (error) {
        problem = `${/** @type {Error} */ (error).message} Showing the starter program instead.`;
      }
    }
    model.programs[lang] = text;
    const editor = new Editor(p.editorBox, text, lang, () => {
      editor.showError(0);
      model.edited(editor.text);
      for (const l of [...model.breakpoints]) if (!editor.breakpoints.has(l)) model.breakpoints.delete(l);
      showTask(model.starterId);
      if (model.verdict?.stale) showStale(p, model.verdict.stale);
      writeUrlSoon();
    }, (lines) => { model.breakpoints.clear(); for (const l of lines) model.breakpoints.add(l); });
    live.editor = editor;
    followBrackets(p.bracketsBox, editor);
    showTask(model.starterId);
    if (packed && !problem) p.task.textContent = 'A program from a link: read it, then press Run (nothing runs until you do).';
    playback = new Playback(p, model, (shown) => {
      live.editor?.showStep(shown.line || (shown.step === 0 ? 0 : shown.checkLine));
      if (model.tree) treeView.setPath(queensByRow(shown.occupied, model.trace?.n ?? model.n));
    });
    setState();
    playback.render();
    if (problem) say(problem);
    if (lang === 'py') warmPython();
    p.progressRow.after(offlineControl(p, root, say));
    restoreCrash(root, setLang, (text) => live.editor?.setText(text), say);
    wire();
  };

  const wire = () => {
    p.langSelect.addEventListener('change', () => setLang(/** @type {'js'|'py'} */ (p.langSelect.value)));
    p.starterSelect.addEventListener('change', () => {
      const id = p.starterSelect.value;
      if (!id) return;
      model.starterId = id;
      live.editor?.setText(model.starter(id)[model.lang]);
      live.editor?.showError(0);
      showTask(id);
      p.starterSelect.value = '';
    });
    p.nInput.addEventListener('change', () => {
      const problem = model.setN(p.nInput.value);
      followN();
      if (problem) say(problem);
      else if (!model.trace) playback.render();
    });
    p.runButton.addEventListener('click', run);
    p.stopButton.addEventListener('click', stop);
    p.gradeButton.addEventListener('click', grade);
    p.copyButton.addEventListener('click', async () => {
      await writeUrl();
      try {
        await navigator.clipboard.writeText(location.href);
        say('Copied a link that holds this program: it is shown, not run, when opened.');
      } catch {
        say('The link to this program is in the address bar (the clipboard refused it).');
      }
    });
    p.editorBox.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run();
      }
    });
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => treeView.repaint());
    new ResizeObserver(() => { if (model.tree && treeView.fit()) treeView.draw(); }).observe(treeView.canvas);
  };

  const open = () => build(live.wanted?.lang ?? 'js', live.wanted?.n ?? DEFAULT_N, live.wanted?.src ?? null);

  return {
    id: 'code',
    panels: {},
    title: () => ['your search', `${model.n}×${model.n}`],
    canvases: { 'code-board': () => `your-search-${model.n}x${model.n}-step-${model.position}` },
    parse: (search) => parseCodeParams(search),
    attach(given, linked) {
      live.core = given;
      live.wanted = linked ?? null;
      if (live.wanted || view.active) return open();
    },
    setActive(on) {
      view.active = on;
      if (on && !view.built && live.core) open().then(() => writeUrl());
      else if (on) writeUrl();
      if (!on && view.built) playback?.player.stop();
      if (on && playback) requestAnimationFrame(() => { if (playback.board.fit()) playback.board.redraw(); });
    },
    onKey(event) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.key === 'Escape' && model.busy) {
        stop();
        event.preventDefault();
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.closest('.cm-editor') || target.closest('input, select, textarea'))) return;
      if (playback?.onKey(event)) event.preventDefault();
    },
    halt() { playback?.player.halt(); },
    // The core only gives the sources' work to a check: nothing to reopen.
    recover(fresh) {
      live.core = fresh;
      return '';
    },
    expose: {
      get yourSearch() { return model.exposed(); },
    },
  };
}
