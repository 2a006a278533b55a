// Count mode's numbers in words, with no DOM: durations, the time left, a
// saved count's age, shares of the work and data-* values, none of them
// written as a number that is not finite.

/**
 * 1234 ms → "1.23 s"; 754000 → "12 min 34 s".
 * @param {number} ms
 */
export function formatDuration(ms) {
  if (!(Number.isFinite(ms) && ms >= 0)) return 'an unknown time';
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * The time left, as roughly as it is known: "about 4 min left".
 * @param {number} ms
 */
export function formatLeft(ms) {
  if (!(Number.isFinite(ms) && ms >= 0)) return 'estimating time left…';
  const s = ms / 1000;
  if (s < 10) return 'a few seconds left';
  if (s < 60) return `about ${Math.round(s / 5) * 5} s left`;
  const min = Math.round(s / 60);
  if (min < 90) return `about ${min} min left`;
  const tens = Math.round(min / 10) * 10;
  return `about ${Math.floor(tens / 60)} h${tens % 60 ? ` ${tens % 60} min` : ''} left`;
}

/**
 * How long ago a time stamp was: "just now", "5 min ago", "3 days ago".
 * @param {number} then  Date.now()'s then
 * @param {number} [now]
 */
export function formatAge(then, now = Date.now()) {
  const min = Math.round((now - then) / 60_000);
  if (!(min >= 1)) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** A share of the work as a whole percentage, never more than 100%; "?%" for what is not a number. */
export const percent = (/** @type {number} */ fraction) => (Number.isFinite(fraction) ? `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%` : '?%');

/** A number for a data-* attribute: "0" for one that is not finite. */
export const decimal = (/** @type {number} */ x) => String(Number.isFinite(x) ? x : 0);

/** A share of the work for the bar: from 0 to 1, 0 for what is not a number. */
export const barShare = (/** @type {number} */ fraction) => (Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0);
