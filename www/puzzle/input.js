// Puzzle mode's board input: a click or tap, a right-click, a long-press, a
// drag (by mouse, pen or touch) that starts on a square with no queen and
// rules out every square it crosses, and the keys on the board (arrows move a
// cursor, Enter or Space use the tool there, X rules out), with the cursor's
// outline over the canvas. It says what the player did through `use`, `mark`
// and `drag`; the view decides what that does.

/** A touch held this long rules a square out (or lets it back in). */
const LONG_PRESS_MS = 500;

export class BoardInput {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} cursorBox  the cursor's outline
   * @param {{ n: () => number, use: (square: number) => void, mark: (square: number) => void,
   *   moved: (square: number) => void, canDrag: (square: number) => boolean, drag: (square: number, first: boolean) => void }} actions
   *   use: the tool's action (a click, a tap, Enter, Space); mark: rule out (right-click,
   *   long-press, X); moved: the keyboard cursor went to a square; canDrag: whether a drag
   *   from this square marks; drag: a square a drag crossed (first: the square it started on)
   */
  constructor(canvas, cursorBox, actions) {
    this.canvas = canvas;
    this.cursorBox = cursorBox;
    this.actions = actions;
    this.cursor = 0;
    /** A touch held on the board: its timer, square and start; `fired` once it ruled the square out. */
    this.press = { timer: 0, square: -1, x: 0, y: 0, fired: false };
    /** @type {{ id: number, start: number, last: number, active: boolean } | null} a pointer held on the board, and whether it drags */
    this.drag = null;
    /** The click that ends a drag is not a click on a square. */
    this.dragged = false;
    canvas.addEventListener('click', (event) => this.clicked(event));
    canvas.addEventListener('contextmenu', (event) => this.contextMenu(event));
    canvas.addEventListener('pointerdown', (event) => this.pressStart(event));
    canvas.addEventListener('pointermove', (event) => this.pressMove(event));
    for (const type of ['pointerup', 'pointercancel', 'pointerleave']) canvas.addEventListener(type, () => this.pressEnd());
    for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, (event) => this.dragEnd(/** @type {PointerEvent} */ (event)));
    canvas.addEventListener('keydown', (event) => this.boardKey(event));
    canvas.addEventListener('focus', () => this.placeCursor());
    canvas.addEventListener('blur', () => this.placeCursor());
  }

  /**
   * The square under a pointer, or -1.
   * @param {MouseEvent} event
   */
  squareAt(event) {
    const n = this.actions.n();
    const box = this.canvas.getBoundingClientRect();
    const col = Math.floor(((event.clientX - box.left) / box.width) * n);
    const row = Math.floor(((event.clientY - box.top) / box.height) * n);
    if (row < 0 || col < 0 || row >= n || col >= n) return -1;
    return row * n + col;
  }

  /** @param {MouseEvent} event  a click on the board */
  clicked(event) {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    if (this.press.fired) {
      // The tap that ended a long-press: the press did its work.
      this.press.fired = false;
      return;
    }
    const square = this.squareAt(event);
    if (square < 0) return;
    this.cursor = square;
    this.actions.use(square);
  }

  /**
   * A right-click (or the browser's own long-press menu on touch) rules a
   * square out, whatever the tool.
   * @param {MouseEvent} event
   */
  contextMenu(event) {
    event.preventDefault();
    const pressed = this.press.timer !== 0;
    this.pressEnd();
    if (this.press.fired && !pressed) return; // the long-press has marked it already
    const square = this.squareAt(event);
    if (square < 0) return;
    if (pressed) this.press.fired = true; // the touch's own tap is not a click
    this.cursor = square;
    this.actions.mark(square);
  }

  /**
   * A touch or pen held still on a square for LONG_PRESS_MS rules it out.
   * @param {PointerEvent} event
   */
  pressStart(event) {
    this.pressEnd();
    this.press.fired = false;
    this.dragged = false;
    const square = this.squareAt(event);
    if (square >= 0 && event.button === 0 && event.isPrimary) this.drag = { id: event.pointerId, start: square, last: square, active: false };
    if (event.pointerType === 'mouse') return;
    if (square < 0) return;
    this.press = {
      square, x: event.clientX, y: event.clientY, fired: false,
      timer: window.setTimeout(() => {
        this.press.timer = 0;
        this.press.fired = true;
        this.cursor = square;
        this.actions.mark(square);
      }, LONG_PRESS_MS),
    };
  }

  /** @param {PointerEvent} event  a held pointer that moves to another square drags: every square it crosses is ruled out */
  pressMove(event) {
    if (this.press.timer && Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y) > 10) this.pressEnd();
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const square = this.squareAt(event);
    if (square < 0 || square === drag.last) return;
    if (!drag.active) {
      if (!this.actions.canDrag(drag.start)) {
        this.drag = null;
        return;
      }
      drag.active = true;
      this.pressEnd();
      if (this.canvas.setPointerCapture) this.canvas.setPointerCapture(event.pointerId);
      this.actions.drag(drag.start, true);
    }
    drag.last = square;
    this.cursor = square;
    this.actions.drag(square, false);
  }

  /** @param {PointerEvent} event  the pointer let go: a drag ends (its click does nothing more) */
  dragEnd(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.drag = null;
    if (drag.active) this.dragged = event.type === 'pointerup';
  }

  pressEnd() {
    clearTimeout(this.press.timer);
    this.press.timer = 0;
  }

  /**
   * The board's own keys: arrows move the cursor, Enter or Space use the tool there, X rules out.
   * @param {KeyboardEvent} event
   */
  boardKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const n = this.actions.n();
    let row = Math.floor(this.cursor / n);
    let col = this.cursor % n;
    switch (event.key) {
      case 'ArrowUp': row = Math.max(0, row - 1); break;
      case 'ArrowDown': row = Math.min(n - 1, row + 1); break;
      case 'ArrowLeft': col = Math.max(0, col - 1); break;
      case 'ArrowRight': col = Math.min(n - 1, col + 1); break;
      case 'Home': col = 0; break;
      case 'End': col = n - 1; break;
      case 'Enter': case ' ': case 'Spacebar':
        event.preventDefault();
        this.actions.use(this.cursor);
        return;
      case 'x': case 'X':
        event.preventDefault();
        this.actions.mark(this.cursor);
        return;
      default: return;
    }
    event.preventDefault();
    this.cursor = row * n + col;
    this.placeCursor();
    this.actions.moved(this.cursor);
  }

  /** The keyboard cursor: an outline over the board while the board has focus. */
  placeCursor() {
    const show = document.activeElement === this.canvas;
    this.cursorBox.hidden = !show;
    if (!show) return;
    const n = this.actions.n();
    const size = this.canvas.offsetWidth;
    const cell = size / n;
    const style = this.cursorBox.style;
    style.left = `${this.canvas.offsetLeft + (this.cursor % n) * cell}px`;
    style.top = `${this.canvas.offsetTop + Math.floor(this.cursor / n) * cell}px`;
    style.width = style.height = `${cell}px`;
  }
}
