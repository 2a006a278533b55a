// Race mode for any number of lanes, in node (the page's own modules, no
// browser): finishing places as English writes them, and a colour for every
// lane, the first five hand-picked and the rest generated apart from each
// other. The page's race tests cover the lanes themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countWord, ordinal } from '../../www/lib/words.js';
import { laneColour } from '../../www/components/colours.js';

test('ordinals for any place: st, nd and rd after 1, 2 and 3, except in the teens', () => {
  const truth = {
    1: '1st', 2: '2nd', 3: '3rd', 4: '4th', 5: '5th', 9: '9th', 10: '10th', 11: '11th', 12: '12th', 13: '13th',
    14: '14th', 20: '20th', 21: '21st', 22: '22nd', 23: '23rd', 24: '24th', 100: '100th', 101: '101st',
    111: '111th', 112: '112th', 113: '113th', 121: '121st', 1002: '1002nd',
  };
  for (const [place, text] of Object.entries(truth)) assert.equal(ordinal(Number(place)), text);
});

test('counts in words up to ten, digits beyond', () => {
  assert.deepEqual([2, 5, 10, 11, 24].map(countWord), ['two', 'five', 'ten', '11', '24']);
});

test('every lane has a colour: the five picked in style.css, then distinct generated hues', () => {
  for (let i = 0; i < 5; i++) assert.equal(laneColour(i), `var(--lane-${i})`);
  const hues = [];
  for (let i = 5; i < 40; i++) {
    const match = laneColour(i).match(/^hsl\((\d+), var\(--lane-saturation\), var\(--lane-lightness\)\)$/);
    assert.ok(match, `lane ${i}: ${laneColour(i)}`);
    hues.push(Number(match[1]));
  }
  assert.ok(hues.every((h) => h >= 0 && h < 360));
  // Neighbouring lanes are far apart on the colour wheel, so adjacent lines tell apart.
  for (let i = 1; i < hues.length; i++) {
    const apart = Math.min(Math.abs(hues[i] - hues[i - 1]), 360 - Math.abs(hues[i] - hues[i - 1]));
    assert.ok(apart > 60, `lanes ${i + 4} and ${i + 5}: hues ${hues[i - 1]} and ${hues[i]}`);
  }
});
