// The starter programs of "Your search", in both languages (no DOM): three
// searches (the sources' ideas) and three with a planted bug, each with a
// one-line task.

/**
 * @typedef {object} Starter
 * @property {string} id
 * @property {string} name
 * @property {string} task  one line: what to look at or fix
 * @property {boolean} buggy
 * @property {string} js
 * @property {string} py
 */

/** @type {Starter[]} */
export const STARTERS = [
  {
    id: 'backtracking',
    name: 'Row backtracking',
    task: 'One queen a row, only on squares no queen attacks: step through it and watch a dead end taken back.',
    buggy: false,
    js: `// Row backtracking: one queen a row. A queen goes only on a square
// that no queen attacks; when a row has none, the search takes the
// last queen back and tries the next column.
function solve(n, board) {
  function fill(row) {
    if (row === n) {
      board.found();
      return;
    }
    for (let col = 0; col < n; col++) {
      if (board.safe(row, col)) {
        board.place(row, col);
        fill(row + 1);
        board.remove(row, col);
      }
    }
  }
  fill(0);
}
`,
    py: `# Row backtracking: one queen a row. A queen goes only on a square
# that no queen attacks; when a row has none, the search takes the
# last queen back and tries the next column.
def solve(n, board):
    def fill(row):
        if row == n:
            board.found()
            return
        for col in range(n):
            if board.safe(row, col):
                board.place(row, col)
                fill(row + 1)
                board.remove(row, col)

    fill(0)
`,
  },
  {
    id: 'brute-force',
    name: 'Brute force (every permutation)',
    task: 'Every board with one queen a row and a column, tested only when full: compare its steps with row backtracking.',
    buggy: false,
    js: `// Brute force: every board with one queen in each row and each
// column (a permutation of the columns), tested only once it is full.
function solve(n, board) {
  const cols = [];
  const used = new Array(n).fill(false);
  function attacks() {
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++)
        if (Math.abs(cols[a] - cols[b]) === b - a) return true;
    return false;
  }
  function fill(row) {
    if (row === n) {
      if (!attacks()) board.found();
      return;
    }
    for (let col = 0; col < n; col++) {
      if (used[col]) continue;
      used[col] = true;
      cols.push(col);
      board.place(row, col);
      fill(row + 1);
      board.remove(row, col);
      cols.pop();
      used[col] = false;
    }
  }
  fill(0);
}
`,
    py: `# Brute force: every board with one queen in each row and each
# column (a permutation of the columns), tested only once it is full.
def solve(n, board):
    cols = []
    used = [False] * n

    def attacks():
        for a in range(n):
            for b in range(a + 1, n):
                if abs(cols[a] - cols[b]) == b - a:
                    return True
        return False

    def fill(row):
        if row == n:
            if not attacks():
                board.found()
            return
        for col in range(n):
            if used[col]:
                continue
            used[col] = True
            cols.append(col)
            board.place(row, col)
            fill(row + 1)
            board.remove(row, col)
            cols.pop()
            used[col] = False

    fill(0)
`,
  },
  {
    id: 'bitwise',
    name: 'Bitwise (ld / col / rd)',
    task: 'Three bit masks say which columns the queens above attack: no check is ever asked for.',
    buggy: false,
    js: `// Bitwise: three masks of the columns attacked in the next row,
// by the diagonals going left (ld), the columns (col) and the
// diagonals going right (rd). The free squares are what none covers.
function solve(n, board) {
  const all = (1 << n) - 1;
  function fill(row, ld, col, rd) {
    if (col === all) {
      board.found();
      return;
    }
    let free = all & ~(ld | col | rd);
    while (free !== 0) {
      const bit = free & -free;
      free -= bit;
      const c = 31 - Math.clz32(bit);
      board.say(\`Row \${row}: column \${c} is free in all three masks.\`);
      board.place(row, c);
      fill(row + 1, ((ld | bit) << 1) & all, col | bit, (rd | bit) >> 1);
      board.remove(row, c);
    }
  }
  fill(0, 0, 0, 0);
}
`,
    py: `# Bitwise: three masks of the columns attacked in the next row,
# by the diagonals going left (ld), the columns (col) and the
# diagonals going right (rd). The free squares are what none covers.
def solve(n, board):
    full = (1 << n) - 1

    def fill(row, ld, col, rd):
        if col == full:
            board.found()
            return
        free = full & ~(ld | col | rd)
        while free:
            bit = free & -free
            free -= bit
            c = bit.bit_length() - 1
            board.say(f"Row {row}: column {c} is free in all three masks.")
            board.place(row, c)
            fill(row + 1, ((ld | bit) << 1) & full, col | bit, (rd | bit) >> 1)
            board.remove(row, c)

    fill(0, 0, 0, 0)
`,
  },
  {
    id: 'bug-diagonal',
    name: 'Practice: a diagonal test',
    task: 'Some boards it reports have two queens on one diagonal: fix its own test of the diagonals.',
    buggy: true,
    js: `// Row backtracking with its own test of each square (not board.safe).
// A bug is planted in the test.
function solve(n, board) {
  const cols = [];
  function free(row, col) {
    for (let r = 0; r < row; r++) {
      if (cols[r] === col) return false;
      if (Math.abs(cols[r] - col) === row - r + 1) return false;
    }
    return true;
  }
  function fill(row) {
    if (row === n) {
      board.found();
      return;
    }
    for (let col = 0; col < n; col++) {
      if (free(row, col)) {
        cols.push(col);
        board.place(row, col);
        fill(row + 1);
        board.remove(row, col);
        cols.pop();
      }
    }
  }
  fill(0);
}
`,
    py: `# Row backtracking with its own test of each square (not board.safe).
# A bug is planted in the test.
def solve(n, board):
    cols = []

    def free(row, col):
        for r in range(row):
            if cols[r] == col:
                return False
            if abs(cols[r] - col) == row - r + 1:
                return False
        return True

    def fill(row):
        if row == n:
            board.found()
            return
        for col in range(n):
            if free(row, col):
                cols.append(col)
                board.place(row, col)
                fill(row + 1)
                board.remove(row, col)
                cols.pop()

    fill(0)
`,
  },
  {
    id: 'bug-twice',
    name: 'Practice: reported twice',
    task: 'It reports every solution twice: make it report each once.',
    buggy: true,
    js: `// Row backtracking that says "found" as soon as the last queen is down.
// A bug is planted: look at what happens next.
function solve(n, board) {
  function fill(row) {
    if (row === n) {
      board.found();
      return;
    }
    for (let col = 0; col < n; col++) {
      if (board.safe(row, col)) {
        board.place(row, col);
        if (row === n - 1) board.found();
        fill(row + 1);
        board.remove(row, col);
      }
    }
  }
  fill(0);
}
`,
    py: `# Row backtracking that says "found" as soon as the last queen is down.
# A bug is planted: look at what happens next.
def solve(n, board):
    def fill(row):
        if row == n:
            board.found()
            return
        for col in range(n):
            if board.safe(row, col):
                board.place(row, col)
                if row == n - 1:
                    board.found()
                fill(row + 1)
                board.remove(row, col)

    fill(0)
`,
  },
  {
    id: 'bug-early',
    name: 'Practice: one row short',
    task: 'Its boards are one queen short and it finds no solution: fix where it stops.',
    buggy: true,
    js: `// Row backtracking. A bug is planted in when it stops.
function solve(n, board) {
  function fill(row) {
    if (row === n - 1) {
      board.found();
      return;
    }
    for (let col = 0; col < n; col++) {
      if (board.safe(row, col)) {
        board.place(row, col);
        fill(row + 1);
        board.remove(row, col);
      }
    }
  }
  fill(0);
}
`,
    py: `# Row backtracking. A bug is planted in when it stops.
def solve(n, board):
    def fill(row):
        if row == n - 1:
            board.found()
            return
        for col in range(n):
            if board.safe(row, col):
                board.place(row, col)
                fill(row + 1)
                board.remove(row, col)

    fill(0)
`,
  },
];

/** The starter shown first. */
export const DEFAULT_STARTER = 'backtracking';
