// window.nqueens: the page's handle for tests and the console (main.js sets
// it once the core has loaded). Page only: the workers' tsconfig leaves it out.

import type { AlgorithmInfo, Core, Session } from './types.js';
import type { Race } from './race-clock.js';

export interface NqueensHandle {
  /** The current core instance (a new one after a restart). */
  readonly wasm: Core;
  readonly session: Session | null;
  /** Race mode's model, for tests and bench/. */
  readonly race: Race | null;
  readonly algorithms: AlgorithmInfo[];
  /** Redraws from the session. */
  refresh(): void;
}

declare global {
  interface Window {
    nqueens?: NqueensHandle;
  }
}

