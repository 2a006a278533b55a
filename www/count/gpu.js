// Count mode's GPU engine: the same count as the workers' (pool.js), on
// WebGPU. The CPU lists the board's first rows as prefixes (prefixes.js: the
// columns of the first `depth` rows and a start, one of a few sets of masks
// that leave one board of each class of eight symmetric ones to find); one
// WGSL thread finishes one prefix with the bitwise search, iterative, on an
// explicit stack, compares each board it finds with its rotations where the
// start asks, and writes four words: the boards its solutions stand for, as
// two 32-bit words (low, high, the carry added by hand), and how many of the
// classes it found have two boards and four. The CPU sums them per dispatch,
// exactly (Numbers well under 2^53, then BigInts); the classes give both the
// fundamental count and the symmetric solutions Burnside's lemma asks for,
// so no worker is needed beside the GPU.
//
// GpuPool is a CountPool whose pieces are the GPU's (a start's placements of
// the first rows, prefixes.js) instead of the core's plan: it hands them out,
// weighs them, saves them in the same sealed store (store.js, under a key of
// its own, "gpu-symmetry/…", so a saved CPU count is never mixed into a GPU
// one or the other way round) and resumes them as the pool does: every
// dispatch that comes back is saved, so a closed tab or a lost device loses
// only the dispatches under way. A lost device fails the count with a
// sentence (lostSentence) and the next count asks for a new adapter.
//
// A dispatch is some whole pieces. Its size follows the GPU's measured pace
// (milliseconds per unit of the pieces' estimated work, prefixes.js's
// weights) so that a dispatch takes about BATCH_MS: short enough that Cancel
// stops at once, the time left moves, and no browser's watchdog (a second or
// two) comes near; never more than MAX_PREFIXES, and never more than
// SLICE_MS of listing on the main thread. Two dispatches are out at a time,
// so the CPU lists the next while the GPU counts.
//
// probeGpu() says whether the browser offers WebGPU, and if not, why in a
// sentence; ui.js chooses the engine.

import { CountPool } from './pool.js';
import { fnv1a64 } from './store.js';
import { listPrefixes, prefixPlanSliced, PREFIX_WORDS, START_WORDS, SIDE } from './prefixes.js';

/**
 * @typedef {import('./pool.js').CountPlan} CountPlan
 * @typedef {import('./prefixes.js').PrefixPlan} PrefixPlan
 * @typedef {{ prefixes: number, ms: number, at: number }} Dispatch  one dispatch's size and GPU time (for the benchmarks)
 * @typedef {{ device: GPUDevice, slots: Slot[], description: string }} Gpu
 */

/** From this N count mode counts on the GPU when it has one: below it, setting the GPU up costs more than the count. */
export const GPU_FROM = 12;
/** A dispatch should take about this long once the GPU's pace is known. */
const BATCH_MS = 100;
/** The most prefixes in one dispatch: 262,144 are listed in some 25 ms. */
const MAX_PREFIXES = 1 << 18;
/** The first dispatch's prefixes, before the pace is known: small, for a software GPU's sake; GROWTH brings a fast GPU to full dispatches in a few more. */
const FIRST_PREFIXES = 256;
/** A dispatch grows at most this many times over the last. */
const GROWTH = 4;
/** The most the main thread spends at once building a plan or listing a dispatch's prefixes. */
const SLICE_MS = 8;
/** Threads in a workgroup. */
const WORKGROUP = 64;
/** The shader's search steps between two turns of its outer loop, where side boards are weighed (a lane waits at most this long for the others). */
export const STEPS_PER_TURN = 64;

// WebGPU's flags (GPUBufferUsage, GPUMapMode), by value: TypeScript's DOM types lack the constants.
const MAP_READ = 0x1;
const COPY_SRC = 0x4;
const COPY_DST = 0x8;
const UNIFORM = 0x40;
const STORAGE = 0x80;
const MAP_MODE_READ = 0x1;

/** The sentence for a browser that gives no adapter, as the page shows it. */
const NO_ADAPTER = 'this browser offers no WebGPU adapter';

/** @type {import('../types.js').CountMethod} */
export const GPU_METHOD = {
  id: 'gpu-symmetry',
  description:
    'on the GPU: the first rows listed as prefixes on the CPU, one GPU thread finishing each prefix with the bitwise search, ' +
    'one board searched of each class of eight symmetric ones (by the queens on the board\'s edges), and the fundamental count from the classes found',
};

/** The most starts a table holds (prefixes.js's startTable: fewer than 1.5·N). */
const MAX_STARTS = 64;
/** Words a prefix's result takes: its weighed solutions (low, high), its classes of two, of four. */
const RESULT_WORDS = 4;

/**
 * The compute shader: thread i finishes prefix i (rows depth..n-1) with the
 * bitwise search, iteratively, within its start's masks (prefixes.js), and
 * writes four words: its solutions weighed by the boards each stands for
 * (low, high), and how many of them stand for two and for four.
 * params: n, depth, count (prefixes), full (the board's mask).
 */
const SHADER = /* wgsl */ `
struct Params { n: u32, depth: u32, count: u32, full: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> prefixes: array<u32>;
@group(0) @binding(2) var<storage, read_write> counts: array<u32>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;

// The solution's column in each row, and its row in each column.
var<private> board: array<u32, 32>;
var<private> inv: array<u32, 32>;

// Row i of the board turned a quarter (t = 0), a half (1) or three quarters (2).
fn turned(t: u32, n: u32, i: u32) -> u32 {
  if (t == 0u) { return n - 1u - inv[i]; }
  if (t == 1u) { return n - 1u - board[n - 1u - i]; }
  return inv[n - 1u - i];
}

// A side start's solution: the boards it stands for (2, 4, 8), or 0 if a
// rotation that also starts in column top comes first row by row.
fn standsFor(n: u32, top: u32) -> u32 {
  for (var y = 0u; y < n; y++) { inv[board[y]] = y; }
  for (var t = 0u; t < 3u; t++) {
    if (turned(t, n, 0u) != top) { continue; }
    var i = 0u;
    while (i < n && turned(t, n, i) == board[i]) { i++; }
    if (i == n) { return select(8u, select(4u, 2u, t == 0u), t < 2u); }
    if (turned(t, n, i) < board[i]) { return 0u; }
  }
  return 8u;
}

// The columns row 'below' may take of 'free' under its start's rules (see main), given the columns taken.
fn ruled(below: u32, free: u32, taken: u32, n: u32, full: u32, top: u32, barred: u32, forceRow: u32, edges: u32, bottom: u32) -> u32 {
  var next = free;
  if (below < top) { next = next & barred; }
  if (below >= forceRow) {
    if (below + 1u == n) { return next & bottom; }
    // Columns no later row may take: each must be taken by now; two left is a dead end, one is this row's.
    let missing = select(edges, full & ~bottom, below + 2u == n) & ~taken;
    if (missing != 0u) { next = select(0u, next & missing, (missing & (missing - 1u)) == 0u); }
  }
  return next;
}

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i >= params.count) { return; }
  let n = params.n;
  let full = params.full;
  let depth = params.depth;
  let lo = prefixes[3u * i];
  let hi = prefixes[3u * i + 1u];
  let base = prefixes[3u * i + 2u] * ${START_WORDS}u;
  let side = starts[base + 64u] == ${SIDE}u;
  let top = starts[base + 65u];
  // The start's rules (prefixes.js's startTable) in registers, for the rows a thread searches (row 2 on).
  // A corner (b = top): column 1 free above row b. A side (d = top): the edges free above row d, both
  // taken by row n-1-d, the bottom queen in columns d..n-1-d, the columns it may not take taken by row n-2.
  var bottom = 0u;
  for (var x = top; x + top < n; x++) { bottom = bottom | (1u << x); }
  let edges = 1u | (1u << (n - 1u));
  let barred = select(full & ~2u, full & ~edges, side);
  let forceRow = select(n + 1u, n - 1u - top, side);
  let corner = select(8u, 1u, n == 1u);  // a corner solution stands for eight (N = 1's one board for itself)
  // The columns the last row and the row before it may take, for the look ahead.
  let lastRow = starts[base + n - 1u];
  let secondRow = starts[base + max(n, 2u) - 2u];
  var ld = 0u;
  var col = 0u;
  var rd = 0u;
  for (var r = 0u; r < depth; r++) {
    let c = (select(hi, lo, r < 6u) >> (5u * (r % 6u))) & 31u;
    board[r] = c;
    let bit = 1u << c;
    ld = ((ld | bit) << 1u) & full;
    col = col | bit;
    rd = (rd | bit) >> 1u;
  }
  var total = vec2<u32>(0u, 0u);  // low, high
  var twos = 0u;
  var fours = 0u;
  if (depth == n) {
    // The prefix is a whole board.
    var w = corner;
    if (side) { w = standsFor(n, top); }
    total.x = w;
    twos = select(0u, 1u, w == 2u);
    fours = select(0u, 1u, w == 4u);
  } else {
    // The explicit stack: each row's attacks, columns taken and columns still to try, from row depth on.
    var stack: array<vec4<u32>, 24>;
    var row = depth;
    var free = ruled(row, full & ~(ld | col | rd), col, n, full, top, barred, forceRow, edges, bottom);
    var leaf = 0u;  // a side board found: its last row's bit
    // The search runs in an inner loop that a side board leaves, to be weighed in the outer one, and
    // that every thread also leaves after STEPS_PER_TURN steps. Threads that run in step (a GPU's
    // lanes) wait for each other's branches: with the weighing inside the search's loop, all of them
    // waited out one thread's weighing at any of their steps; with only side boards leaving it, a
    // thread that had found one waited for all the others to find one or end (BENCHMARKS.md section 12).
    var done = false;
    loop {
      var steps = 0u;
      loop {
        steps = steps + 1u;
        if (steps > ${STEPS_PER_TURN}u) { break; }
        if (free == 0u) {
          if (row == depth) { done = true; break; }
          row = row - 1u;
          let f = stack[row - depth];
          ld = f.x; col = f.y; rd = f.z; free = f.w;
          continue;
        }
        let bit = free & (0u - free);
        free = free ^ bit;
        if (row + 1u == n) {
          if (side) { leaf = bit; break; }
          let before = total.x;
          total.x = total.x + corner;
          if (total.x < before) { total.y = total.y + 1u; }
          continue;
        }
        let nl = ((ld | bit) << 1u) & full;
        let nc = col | bit;
        let nr = (rd | bit) >> 1u;
        // The next row's columns, ruled() written out: the common rows pay two comparisons.
        let below = row + 1u;
        var next = full & ~(nl | nc | nr);
        if (below < top) { next = next & barred; }
        if (below >= forceRow) {
          if (below + 1u == n) {
            next = next & bottom;
          } else {
            let missing = select(edges, full & ~bottom, below + 2u == n) & ~nc;
            if (missing != 0u) { next = select(0u, next & missing, (missing & (missing - 1u)) == 0u); }
          }
        }
        // The look ahead of prefixes.js's choices(): no column left for the last row or the one before it, no choice here.
        if (below + 1u < n) {
          let k = n - 1u - below;
          if ((lastRow & ~nc & ~(nl << k) & ~(nr >> k)) == 0u) { next = 0u; }
          if (k > 1u && (secondRow & ~nc & ~(nl << (k - 1u)) & ~(nr >> (k - 1u))) == 0u) { next = 0u; }
        }
        if (next == 0u) { continue; }
        stack[row - depth] = vec4<u32>(ld, col, rd, free);
        row = row + 1u;
        ld = nl; col = nc; rd = nr; free = next;
      }
      if (done) { break; }
      if (leaf == 0u) { continue; }
      // A side board. A rotation can start in column top too only with its bottom queen in column
      // n-1-top (the half turn), column 0's queen in row n-1-top (the quarter turn) or column n-1's in
      // row top (three quarters); else it stands for eight. Row y's queen: the columns taken before
      // row y+1 (frame y+1's, or col's before the last row) less those taken before row y.
      let low = n - 1u - top;
      let lowRow = select(stack[low + 1u - depth].y, col, low + 2u == n) & ~stack[low - depth].y;
      var topRow = 0u;
      if (top < depth) { topRow = 1u << board[top]; } else { topRow = stack[top + 1u - depth].y & ~stack[top - depth].y; }
      var w = 8u;
      if (lowRow == 1u || topRow == (1u << (n - 1u)) || leaf == (1u << low)) {
        // Rebuilt from the columns each row's frame had taken, and compared with its rotations.
        for (var y = depth; y + 1u < n; y++) {
          let after = select(stack[y + 1u - depth].y, col, y + 2u == n);
          board[y] = firstTrailingBit(after ^ stack[y - depth].y);
        }
        board[n - 1u] = firstTrailingBit(leaf);
        w = standsFor(n, top);
        twos = twos + select(0u, 1u, w == 2u);
        fours = fours + select(0u, 1u, w == 4u);
      }
      leaf = 0u;
      let before = total.x;
      total.x = total.x + w;
      if (total.x < before) { total.y = total.y + 1u; }
    }
  }
  counts[4u * i] = total.x;
  counts[4u * i + 1u] = total.y;
  counts[4u * i + 2u] = twos;
  counts[4u * i + 3u] = fours;
}
`;

/**
 * The GPU, if the browser offers one: its adapter, a line naming it, and
 * whether it is a software one (a "fallback adapter", such as SwiftShader,
 * slower than the workers); or why not, as the end of a sentence ("this
 * browser offers no WebGPU adapter"). Never rejects.
 * @returns {Promise<{ adapter: GPUAdapter, description: string, software: boolean, why?: undefined } | { adapter?: undefined, why: string }>}
 */
export async function probeGpu() {
  const gpu = globalThis.navigator?.gpu;
  if (!gpu) return { why: NO_ADAPTER };
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return { why: NO_ADAPTER };
    const description = describeAdapter(adapter);
    // A software adapter says so (isFallbackAdapter: on its info in current browsers, on the adapter in older
    // ones), or is known by name: SwiftShader (Chromium), llvmpipe (Mesa), WARP (Direct3D).
    const software = Boolean(adapter.info?.isFallbackAdapter || Reflect.get(adapter, 'isFallbackAdapter')) || /swiftshader|llvmpipe|\bwarp\b/i.test(description);
    return { adapter, description, software };
  } catch (err) {
    return { why: `this browser's WebGPU adapter failed to start (${/** @type {Error} */ (err)?.message ?? err})` };
  }
}

/**
 * An adapter in words: "google swiftshader", "nvidia ampere".
 * @param {GPUAdapter} adapter
 */
function describeAdapter(adapter) {
  const info = adapter.info;
  return [info?.vendor, info?.architecture, info?.description].filter(Boolean).join(' ') || 'a WebGPU adapter';
}

/**
 * One set of buffers on the GPU and the dispatch that uses them: prefixes in,
 * each prefix's solutions out as two words (low, high). GpuPool keeps two,
 * so that one is listed while the other counts; tests use one alone.
 */
export class Slot {
  /**
   * @param {GPUDevice} device
   * @param {GPUComputePipeline} pipeline  SHADER's (makePipeline)
   * @param {number} most  the most prefixes a dispatch takes
   */
  constructor(device, pipeline, most) {
    this.device = device;
    this.pipeline = pipeline;
    this.most = most;
    this.params = device.createBuffer({ size: 16, usage: UNIFORM | COPY_DST });
    this.prefixes = device.createBuffer({ size: 4 * PREFIX_WORDS * most, usage: STORAGE | COPY_DST });
    this.counts = device.createBuffer({ size: 4 * RESULT_WORDS * most, usage: STORAGE | COPY_SRC });
    this.readback = device.createBuffer({ size: 4 * RESULT_WORDS * most, usage: MAP_READ | COPY_DST });
    this.starts = device.createBuffer({ size: 4 * START_WORDS * MAX_STARTS, usage: STORAGE | COPY_DST });
    /** @type {Uint32Array | null} the start table in `starts` */
    this.table = null;
    this.bind = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [this.params, this.prefixes, this.counts, this.starts].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
  }

  /**
   * Finishes `count` prefixes of N (PREFIX_WORDS each, from `prefixes`, of
   * `depth` rows, their starts in `table`) on the GPU; resolves with
   * RESULT_WORDS words for each: its solutions weighed by the boards each
   * stands for (low, high), how many stand for two, for four. One dispatch
   * at a time a slot.
   * @param {number} n
   * @param {number} depth
   * @param {Uint32Array} table  prefixes.js's startTable
   * @param {Uint32Array} prefixes
   * @param {number} count  1 to `most`
   * @returns {Promise<Uint32Array>}
   */
  run(n, depth, table, prefixes, count) {
    const { device } = this;
    if (table.length > START_WORDS * MAX_STARTS) throw new Error(`N = ${n} has more starts than the GPU's table holds.`);
    if (this.table !== table) {
      device.queue.writeBuffer(this.starts, 0, table);
      this.table = table;
    }
    device.queue.writeBuffer(this.params, 0, new Uint32Array([n, depth, count, (1 << n) - 1]));
    device.queue.writeBuffer(this.prefixes, 0, prefixes, 0, PREFIX_WORDS * count);
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bind);
    pass.dispatchWorkgroups(Math.ceil(count / WORKGROUP));
    pass.end();
    const bytes = 4 * RESULT_WORDS * count;
    encoder.copyBufferToBuffer(this.counts, 0, this.readback, 0, bytes);
    device.queue.submit([encoder.finish()]);
    return this.readback.mapAsync(MAP_MODE_READ, 0, bytes).then(() => {
      const words = new Uint32Array(this.readback.getMappedRange(0, bytes)).slice();
      this.readback.unmap();
      return words;
    });
  }
}

/**
 * SHADER's compute pipeline on `device`.
 * @param {GPUDevice} device
 */
export function makePipeline(device) {
  const module = device.createShaderModule({ code: SHADER });
  return device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
}

/**
 * The sentence for a GPU device the browser took away.
 * @param {{ reason?: string, message?: string }} info  the device's lost info
 */
function lostSentence(info) {
  const why = info.message || info.reason || 'no reason given';
  return `The GPU device was lost (${why}): a browser takes it away after a driver reset, a dispatch that ran too long, or when it needs the GPU elsewhere. What finished is saved: Resume goes on from there.`;
}

/**
 * A CountPool that counts on the GPU (see above). It needs no worker: the
 * classes the GPU finds give the symmetric solutions too. The pool's queue
 * calls fill() for each of its workers; the GPU's loop stands in for one.
 */
export class GpuPool extends CountPool {
  /**
   * @param {{ adapter?: GPUAdapter | null, batchMs?: number, maxPrefixes?: number }} [options]
   *   adapter: probeGpu()'s (else one is asked for); batchMs, maxPrefixes: a dispatch's target time and most prefixes
   */
  constructor({ adapter = null, batchMs = BATCH_MS, maxPrefixes = MAX_PREFIXES } = {}) {
    super(1);
    this.engine = /** @type {'gpu'} */ ('gpu');
    this.adapter = adapter;
    this.batchMs = batchMs;
    this.maxPrefixes = Math.max(1, Math.min(MAX_PREFIXES, Math.floor(maxPrefixes)));
    /** @type {Promise<Gpu> | null} */
    this.setup = null;
    /** @type {Map<number, PrefixPlan>} */
    this.prefixPlans = new Map();
    /** @type {Promise<void>} the loop of the last count, which must end before the next one starts */
    this.idle = Promise.resolve();
    /** @type {Dispatch[]} the last count's dispatches (for the benchmarks) */
    this.dispatches = [];
    /** @type {object | null} the job whose loop runs */
    this.driving = null;
    /** @type {GPUDeviceLostInfo | null} set when the device is lost, until the next one is made */
    this.lost = null;
  }

  /** The GPU's loop in the place of the pool's workers (see above): nothing to start, nothing to stop. */
  ensureWorkers() {
    if (this.workers.length === 0) this.workers.push(/** @type {Worker} */ (/** @type {unknown} */ ({ terminate() {}, postMessage() {} })));
  }

  /**
   * The plan is known: a fresh count starts with no symmetric solutions
   * found (N = 1's one board is its own image under all eight symmetries,
   * so four reflections fix it), a resumed one with those it saved.
   * @param {import('./pool.js').Job} job
   * @param {CountPlan} plan
   * @param {import('./store.js').Reading | null} reading
   */
  begin(job, plan, reading) {
    job.symmetries = job.n === 1 ? { rot90: 1n, rot180: 1n, mirror: 4n } : { rot90: 0n, rot180: 0n, mirror: 0n };
    super.begin(job, plan, reading);
  }

  /** The device and two slots of buffers, made once. */
  gpu() {
    this.setup ??= (async () => {
      const adapter = this.adapter ?? (await globalThis.navigator?.gpu?.requestAdapter());
      if (!adapter) throw new Error(`The GPU engine cannot count: ${NO_ADAPTER}.`);
      const device = await adapter.requestDevice();
      this.lost = null;
      device.lost.then((info) => {
        // This pool never destroys its device: whatever the reason, the device is gone, and so is its adapter.
        this.setup = null;
        this.adapter = null;
        this.lost = info;
        if (this.job) this.fail(lostSentence(info));
      });
      device.onuncapturederror = (event) => {
        if (this.job) this.fail(`The GPU engine failed: ${event.error.message}`);
      };
      const pipeline = await makePipeline(device);
      const slots = [new Slot(device, pipeline, this.maxPrefixes), new Slot(device, pipeline, this.maxPrefixes)];
      return { device, slots, description: describeAdapter(adapter) };
    })();
    this.setup.catch(() => {
      this.setup = null;
    });
    return this.setup;
  }

  /**
   * The GPU's plan for N: its pieces, their weights, the method and a key of its own.
   * @param {import('./pool.js').Job} job
   * @returns {Promise<CountPlan>}
   */
  async requestPlan(job) {
    await this.idle; // a cancelled count's last dispatch is back
    await this.gpu();
    const known = this.plans.get(job.n);
    if (known) return known;
    // Built and weighed a slice at a time, the page drawing in between.
    const plan = await prefixPlanSliced(job.n, () => new Promise((resolve) => setTimeout(resolve, 0)), SLICE_MS);
    this.prefixPlans.set(job.n, plan);
    // The plan's key: its shape, its starts' table and its pieces' total weight (exact: whole numbers well
    // under 2^53), which changes with the pieces and their estimates; a hash of every weight would take
    // the page a tenth of a second at N = 21.
    const hash = fnv1a64(new Uint8Array(plan.table.buffer));
    const sum = plan.weights.reduce((a, b) => a + b, 0);
    /** @type {CountPlan} */
    const countPlan = {
      count: plan.count,
      weights: plan.weights,
      method: GPU_METHOD,
      key: `${GPU_METHOD.id}/${plan.depth}/${plan.pieceDepth}/${plan.count}/${hash}/${sum}`,
    };
    this.plans.set(job.n, countPlan);
    return countPlan;
  }

  /**
   * begin() and each returned() ask for work: the GPU's loop starts once per count.
   * @param {Worker} _worker
   * @param {import('./pool.js').BegunJob} job
   */
  fill(_worker, job) {
    if (this.driving === job) return;
    this.driving = job;
    this.dispatches = [];
    this.idle = this.drive(job).catch(async (err) => {
      if (this.job !== job) return;
      // A dispatch that fails with the device lost says so once the device's lost info is in.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (this.job === job) this.fail(this.lost ? lostSentence(this.lost) : String(/** @type {Error} */ (err)?.message ?? err));
    });
  }

  /**
   * The count's loop: dispatches of whole pieces, two out at a time, until
   * every piece is done or the count is cancelled.
   * @param {import('./pool.js').BegunJob} job
   */
  async drive(job) {
    const { slots } = await this.gpu();
    const plan = /** @type {PrefixPlan} */ (this.prefixPlans.get(job.n));
    const staging = new Uint32Array(PREFIX_WORDS * this.maxPrefixes);
    let msPerWeight = 0; // the GPU's pace (ms a unit of the pieces' estimated work), once known
    let last = 0; // the last dispatch's weight
    let lastDone = performance.now();
    /** @type {Promise<void>[]} */
    const out = [];
    let turn = 0;

    /** The next dispatch's pieces, listed into staging; null when none are left. */
    const take = () => {
      if (job.next >= job.order.length) return null;
      // Sized by the pieces' weights (their estimated trees), which differ by a hundred times and more:
      // about batchMs at the last dispatches' pace, at most GROWTH times the last, at most maxPrefixes.
      let target = msPerWeight > 0 ? this.batchMs / msPerWeight : Infinity;
      if (last > 0) target = Math.min(target, GROWTH * last);
      const room = msPerWeight > 0 ? this.maxPrefixes : Math.min(this.maxPrefixes, FIRST_PREFIXES);
      /** @type {number[]} */
      const pieces = [];
      let at = 0;
      let weight = 0;
      const began = performance.now();
      while (job.next < job.order.length && at < room && (pieces.length === 0 || (weight < target && performance.now() - began < SLICE_MS))) {
        const i = job.order[job.next];
        const end = listPrefixes(plan, i, staging, at);
        if (end < 0) {
          if (pieces.length === 0) throw new Error(`A piece of N = ${job.n} has more than ${this.maxPrefixes} prefixes, more than a dispatch holds.`);
          break;
        }
        pieces.push(i);
        at = end;
        weight += job.weights[i];
        job.next++;
      }
      job.undispatchedWeight -= weight;
      job.inflightWeight += weight;
      last = weight;
      return { pieces, prefixes: at, weight };
    };

    /**
     * One dispatch: list, send, and once back credit its pieces.
     * @param {Slot} slot
     */
    const launch = (slot) => {
      const batch = take();
      if (!batch) return null;
      const sent = performance.now();
      const words = batch.prefixes > 0 ? slot.run(job.n, plan.depth, plan.table, staging, batch.prefixes) : Promise.resolve(new Uint32Array(0));
      return words.then((counts) => {
        const now = performance.now();
        // With two out, a dispatch's GPU time starts when the one before it ended.
        const ms = now - Math.max(sent, lastDone);
        lastDone = now;
        if (this.job !== job) return;
        if (batch.prefixes > 0) {
          this.dispatches.push({ prefixes: batch.prefixes, ms, at: now });
          const pace = ms / batch.weight;
          msPerWeight = msPerWeight > 0 ? 0.5 * msPerWeight + 0.5 * pace : pace;
        }
        // Exact in Numbers: a dispatch stands for far fewer than 2^53 boards.
        let total = 0;
        let twos = 0;
        let fours = 0;
        for (let j = 0; j < batch.prefixes; j++) {
          total += counts[RESULT_WORDS * j] + counts[RESULT_WORDS * j + 1] * 2 ** 32;
          twos += counts[RESULT_WORDS * j + 2];
          fours += counts[RESULT_WORDS * j + 3];
        }
        // A class of two is two boards that the quarter turns fix (and so the half turn); of four, four that the half turn fixes.
        const sym = /** @type {import('../types.js').Symmetries} */ (job.symmetries); // begin() set them
        sym.rot90 += BigInt(2 * twos);
        sym.rot180 += BigInt(2 * twos + 4 * fours);
        const ranges = batch.pieces.flatMap((piece) => [piece, piece + 1]);
        this.credit(job, { ranges: Uint32Array.from(ranges), count: batch.pieces.length, weight: batch.weight }, BigInt(total), ms);
        this.settle(job);
      });
    };

    try {
      for (;;) {
        while (out.length < slots.length && this.job === job) {
          const sent = launch(slots[turn]);
          if (!sent) break;
          turn = (turn + 1) % slots.length;
          out.push(sent);
        }
        if (out.length === 0) break;
        await /** @type {Promise<void>} */ (out.shift());
        if (this.job !== job) {
          await Promise.allSettled(out); // the slots are free again before the next count
          return;
        }
      }
    } catch (err) {
      await Promise.allSettled(out); // the other dispatch fails too when the device is lost: no rejection left unheard
      throw err;
    } finally {
      if (this.driving === job) this.driving = null;
    }
  }
}
