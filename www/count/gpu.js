// Count mode's GPU engine: the same count as the workers' (pool.js), on
// WebGPU. The CPU lists the board's first rows as prefixes (prefixes.js: the
// bitwise search's ld / col / rd after `depth` rows, row 0's queen in the
// left half); one WGSL thread finishes one prefix with the same bitwise
// search, iterative, on an explicit stack; each thread writes its prefix's
// solutions as two 32-bit words (low, high), and the CPU sums them per
// piece, exactly (a Number per piece, well under 2^53, then a BigInt).
//
// GpuPool is a CountPool whose pieces are the GPU's (a placement of the
// first rows, prefixes.js) instead of the core's plan: it hands them out,
// weighs them, saves them in the same sealed store (store.js, under a key of
// its own, "gpu-mirror/…", so a saved CPU count is never mixed into a GPU one
// or the other way round) and resumes them as the pool does. Its one worker
// finds the symmetric solutions for Burnside's lemma, as the pool's first
// worker does.
//
// A dispatch is some whole pieces. Its size follows the GPU's measured pace
// (milliseconds per unit of the pieces' estimated work, prefixes.js's
// weights) so that a dispatch takes about BATCH_MS: short enough that Cancel stops at
// once, the time left moves, and no driver's watchdog (two seconds on
// Windows) comes near; never more than MAX_PREFIXES, so listing them on the
// main thread stays a few milliseconds. Two dispatches are out at a time, so
// the CPU lists the next while the GPU counts.
//
// probeGpu() says whether the browser offers WebGPU, and if not, why in a
// sentence; ui.js chooses the engine.

import { CountPool } from './pool.js';
import { fnv1a64 } from './store.js';
import { listPrefixes, prefixPlan, weighPieces } from './prefixes.js';

/**
 * @typedef {import('./pool.js').CountPlan} CountPlan
 * @typedef {import('./prefixes.js').PrefixPlan} PrefixPlan
 * @typedef {{ prefixes: number, ms: number, at: number }} Dispatch  one dispatch's size and GPU time (for the benchmarks)
 * @typedef {{ device: GPUDevice, slots: Slot[], description: string }} Gpu
 */

/** From this N count mode counts on the GPU when it has one: below it, setting the GPU up costs more than the count. */
export const GPU_FROM = 12;
/** A dispatch should take about this long once the GPU's pace is known. */
export const BATCH_MS = 100;
/** The most prefixes in one dispatch: 262,144 are listed in some 25 ms. */
export const MAX_PREFIXES = 1 << 18;
/** The first dispatch's prefixes, before the pace is known: small, for a software GPU's sake; GROWTH brings a fast GPU to full dispatches in a few more. */
const FIRST_PREFIXES = 256;
/** A dispatch grows at most this many times over the last. */
const GROWTH = 4;
/** Pieces weighed between two turns of the page's event loop. */
const WEIGH_SLICE = 256;
/** Threads in a workgroup. */
const WORKGROUP = 64;

// WebGPU's flags (GPUBufferUsage, GPUMapMode), by value: TypeScript's DOM types lack the constants.
const MAP_READ = 0x1;
const COPY_SRC = 0x4;
const COPY_DST = 0x8;
const UNIFORM = 0x40;
const STORAGE = 0x80;
const MAP_MODE_READ = 0x1;

/** The sentence for a browser that gives no adapter, as the page shows it. */
export const NO_ADAPTER = 'this browser offers no WebGPU adapter';

/** @type {import('../types.js').CountMethod} */
export const GPU_METHOD = {
  id: 'gpu-mirror',
  description:
    'on the GPU: the first rows listed as prefixes on the CPU, one GPU thread finishing each prefix with the bitwise search, ' +
    'the left–right mirror halving the work, and the fundamental count by Burnside\'s lemma',
};

/**
 * The compute shader: thread i finishes prefix i (rows depth..n-1) with the
 * bitwise search, iteratively, and writes its solutions as two words.
 * params: n, depth, count (prefixes), full (the board's mask).
 */
export const SHADER = /* wgsl */ `
struct Params { n: u32, depth: u32, count: u32, full: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> prefixes: array<u32>;
@group(0) @binding(2) var<storage, read_write> counts: array<u32>;

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i >= params.count) { return; }
  let full = params.full;
  var ld = prefixes[3u * i];
  var col = prefixes[3u * i + 1u];
  var rd = prefixes[3u * i + 2u];
  let rows = params.n - params.depth;  // rows this thread fills
  var lo = 0u;
  var hi = 0u;
  if (rows == 0u) {
    lo = 1u;  // the prefix is a whole board
  } else {
    // The explicit stack: each level's attacks and the columns still to try.
    var stack: array<vec4<u32>, 20>;
    var d = 0u;  // rows placed below the prefix
    var free = full & ~(ld | col | rd);
    loop {
      if (free == 0u) {
        if (d == 0u) { break; }
        d = d - 1u;
        let f = stack[d];
        ld = f.x; col = f.y; rd = f.z; free = f.w;
        continue;
      }
      if (d + 1u == rows) {
        // The last row: every free column is a solution.
        let before = lo;
        lo = lo + countOneBits(free);
        if (lo < before) { hi = hi + 1u; }
        free = 0u;
        continue;
      }
      let bit = free & (0u - free);
      free = free ^ bit;
      let nl = ((ld | bit) << 1u) & full;
      let nc = col | bit;
      let nr = (rd | bit) >> 1u;
      let next = full & ~(nl | nc | nr);
      if (next == 0u) { continue; }
      stack[d] = vec4<u32>(ld, col, rd, free);
      d = d + 1u;
      ld = nl; col = nc; rd = nr; free = next;
    }
  }
  counts[2u * i] = lo;
  counts[2u * i + 1u] = hi;
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
    this.prefixes = device.createBuffer({ size: 12 * most, usage: STORAGE | COPY_DST });
    this.counts = device.createBuffer({ size: 8 * most, usage: STORAGE | COPY_SRC });
    this.readback = device.createBuffer({ size: 8 * most, usage: MAP_READ | COPY_DST });
    this.bind = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [this.params, this.prefixes, this.counts].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
  }

  /**
   * Finishes `count` prefixes of N (ld, col, rd each, from `prefixes`, of
   * `depth` rows) on the GPU; resolves with each one's solutions as two
   * words, low then high. One dispatch at a time a slot.
   * @param {number} n
   * @param {number} depth
   * @param {Uint32Array} prefixes
   * @param {number} count  1 to `most`
   * @returns {Promise<Uint32Array>}
   */
  run(n, depth, prefixes, count) {
    const { device } = this;
    device.queue.writeBuffer(this.params, 0, new Uint32Array([n, depth, count, (1 << n) - 1]));
    device.queue.writeBuffer(this.prefixes, 0, prefixes, 0, 3 * count);
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bind);
    pass.dispatchWorkgroups(Math.ceil(count / WORKGROUP));
    pass.end();
    encoder.copyBufferToBuffer(this.counts, 0, this.readback, 0, 8 * count);
    device.queue.submit([encoder.finish()]);
    return this.readback.mapAsync(MAP_MODE_READ, 0, 8 * count).then(() => {
      const words = new Uint32Array(this.readback.getMappedRange(0, 8 * count)).slice();
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
 * A CountPool that counts on the GPU (see above); its one worker finds the symmetric solutions.
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
  }

  /** The device and two slots of buffers, made once. */
  gpu() {
    this.setup ??= (async () => {
      const adapter = this.adapter ?? (await globalThis.navigator?.gpu?.requestAdapter());
      if (!adapter) throw new Error(`The GPU engine cannot count: ${NO_ADAPTER}.`);
      const device = await adapter.requestDevice();
      device.lost.then((info) => {
        this.setup = null;
        if (info.reason !== 'destroyed' && this.job) this.fail(`The GPU stopped (${info.message || 'device lost'}); what was done is saved.`);
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
    const plan = prefixPlan(job.n, false);
    // Weighed a slice at a time, the page drawing in between.
    for (let i = 0; i < plan.count; i += WEIGH_SLICE) {
      weighPieces(plan, i, Math.min(plan.count, i + WEIGH_SLICE));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.prefixPlans.set(job.n, plan);
    const hash = fnv1a64(new Uint8Array(plan.weights.buffer));
    /** @type {CountPlan} */
    const countPlan = {
      count: plan.count,
      weights: plan.weights,
      method: GPU_METHOD,
      key: `${GPU_METHOD.id}/${plan.depth}/${plan.pieceDepth}/${plan.count}/${hash}`,
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
    this.idle = this.drive(job).catch((err) => {
      if (this.job === job) this.fail(String(/** @type {Error} */ (err)?.message ?? err));
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
    const staging = new Uint32Array(3 * this.maxPrefixes);
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
      /** @type {number[]} */
      const ends = [];
      let at = 0;
      let weight = 0;
      while (job.next < job.order.length && at < room && (pieces.length === 0 || weight < target)) {
        const i = job.order[job.next];
        const end = listPrefixes(plan, i, staging, at);
        if (end < 0) {
          if (pieces.length === 0) throw new Error(`A piece of N = ${job.n} has more than ${this.maxPrefixes} prefixes, more than a dispatch holds.`);
          break;
        }
        pieces.push(i);
        ends.push(end);
        at = end;
        weight += job.weights[i];
        job.next++;
      }
      job.undispatchedWeight -= weight;
      job.inflightWeight += weight;
      last = weight;
      return { pieces, ends, prefixes: at, weight };
    };

    /**
     * One dispatch: list, send, and once back credit its pieces.
     * @param {Slot} slot
     */
    const launch = (slot) => {
      const batch = take();
      if (!batch) return null;
      const sent = performance.now();
      const words = batch.prefixes > 0 ? slot.run(job.n, plan.depth, staging, batch.prefixes) : Promise.resolve(new Uint32Array(0));
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
        let total = 0n;
        let from = 0;
        /** @type {number[]} */
        const ranges = [];
        batch.pieces.forEach((piece, p) => {
          let sum = 0; // exact: a piece has far fewer than 2^53 solutions
          for (let j = from; j < batch.ends[p]; j++) sum += counts[2 * j] + counts[2 * j + 1] * 2 ** 32;
          from = batch.ends[p];
          total += BigInt(sum) * BigInt(plan.mirror[piece]);
          ranges.push(piece, piece + 1);
        });
        this.credit(job, { ranges: Uint32Array.from(ranges), count: batch.pieces.length, weight: batch.weight }, total, ms);
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
    } finally {
      if (this.driving === job) this.driving = null;
    }
  }
}
