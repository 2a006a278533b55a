// What the puzzle tests read of puzzle mode (tests/e2e/puzzle.test.mjs and
// puzzle-coach.test.mjs): #puzzle's hooks once the coach has answered, and a
// click on a square of the board.
import { waitUntil } from './helpers.mjs';

/** #puzzle's hooks once the coach has answered: { state, completions, reason, coach, search }. */
export async function settled(page) {
  await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.busy === 'false'), { timeout: 10_000, message: 'the coach to answer' });
  return page.evaluate(() => {
    const p = document.getElementById('puzzle');
    return { state: p.dataset.state, completions: p.dataset.completions, reason: p.dataset.deadReason ?? null, coach: document.getElementById('coach').textContent, search: location.search };
  });
}

/** Clicks the centre of square (row, col) on the puzzle board. */
export async function clickSquare(page, n, row, col) {
  const box = await page.locator('#puzzle-board').boundingBox();
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / n, box.y + ((row + 0.5) * box.height) / n);
}
