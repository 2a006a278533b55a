// Offline use: the service worker of a build (www/sw.js, put at the root by
// scripts/dist.sh), registered once the page has started, and the offer of a
// new build when one is ready.

import { showProblem } from '../lib/errors.js';

/**
 * Offline use: registers the service worker that a build (scripts/dist.sh)
 * names in index.html's `<meta name="service-worker">`. The source tree has
 * no such tag, so the dev server, whose files change under the developer,
 * never gets a worker that would answer from a cache: `?sw=1` asks for one
 * anyway (www/sw.js, which then goes to the network first) and `?sw=0`
 * removes it. Only over http(s): a page opened from a file cannot have one.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const asked = new URLSearchParams(location.search).get('sw');
  const built = document.querySelector('meta[name="service-worker"]')?.getAttribute('content');
  if (asked === '0') {
    navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()), () => {});
    return;
  }
  const script = built ?? (asked === '1' ? 'www/sw.js' : null);
  if (!script) return;
  const { serviceWorker } = navigator;
  // A worker taking over that this page did not ask for (another tab's
  // Reload): this page still shows the old build, and the worker keeps
  // serving it the old build's files (sw.js); it says a new one is ready.
  let hadController = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) newVersion();
    hadController = true;
  });
  // After the page has loaded (and the first board is drawn: see the call).
  const register = () =>
    serviceWorker
      .register(script, { scope: './' })
      .then((registration) => {
        // This page has loaded: the worker may now delete a build no open page uses.
        registration.active?.postMessage('tidy');
        // A newer build waits until this page lets it in (sw.js says why).
        const offer = () => registration.waiting && serviceWorker.controller && newVersion();
        offer();
        registration.addEventListener('updatefound', () => {
          registration.installing?.addEventListener('statechange', offer);
        });
      })
      .catch((error) => console.warn('The page will not work offline: its service worker was refused.', error));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

/**
 * Says a new build is ready, with Reload: the new worker takes over, and the
 * page reloads once it has, so every file then comes from the new build. If
 * it has already taken over (another tab's Reload did it), or takes over
 * from elsewhere meanwhile, the page reloads at once: every Reload works.
 */
function newVersion() {
  if (document.querySelector('#error button[data-action="new-version"]')) return;
  showProblem('A new version of this page is ready; reload to use it.', 'warning');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.title = 'Load the new version of the page';
  reload.dataset.action = 'new-version';
  reload.addEventListener('click', async () => {
    const { serviceWorker } = navigator;
    const registration = await serviceWorker.getRegistration().catch(() => undefined);
    const waiting = registration?.waiting;
    if (!waiting) {
      location.reload();
      return;
    }
    let reloading = false;
    const go = () => {
      if (reloading) return;
      reloading = true;
      location.reload();
    };
    serviceWorker.addEventListener('controllerchange', go, { once: true });
    waiting.addEventListener('statechange', () => waiting.state !== 'installed' && waiting.state !== 'activating' && go());
    waiting.postMessage('skip-waiting');
  });
  document.querySelector('#error .problem-actions')?.prepend(reload);
}

