// The two players' speeds: the visualizer's in steps a second, race mode's in
// clock units a second; how each reads on the page and in a link. A leaf
// module, so the players, their controls and the URL readers share one table.

import { formatCount } from '../lib/dom.js';

/** Playback speeds in steps per second; the last one means "as fast as possible". */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 5000, Infinity];
export const DEFAULT_SPEED_INDEX = 2;

/** Race speeds in clock units (checks, steps or ms of search) a second; the last: as fast as possible. */
export const RACE_SPEEDS = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, Infinity];
export const DEFAULT_RACE_SPEED = 3;

/**
 * "4 steps/s", or "as fast as possible".
 * @param {number} stepsPerSecond  one of SPEEDS
 * @returns {string}
 */
export function speedLabel(stepsPerSecond) {
  if (stepsPerSecond === Infinity) return 'as fast as possible';
  return `${formatCount(stepsPerSecond)} step${stepsPerSecond === 1 ? '' : 's'}/s`;
}

/**
 * "1,000 checks/s", or "as fast as possible".
 * @param {number} speed  one of RACE_SPEEDS
 * @param {string} unit  the clock's unit ("checks", "steps", "ms")
 * @returns {string}
 */
export function raceSpeedLabel(speed, unit) {
  return speed === Infinity ? 'as fast as possible' : `${formatCount(speed)} ${unit}/s`;
}

/**
 * A speed as a link writes it: the number a second, or "max".
 * @param {number[]} speeds  SPEEDS or RACE_SPEEDS
 * @param {number} index
 * @returns {string}
 */
export function speedParam(speeds, index) {
  return speeds[index] === Infinity ? 'max' : String(speeds[index]);
}
