import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); .ci/run installs it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium's features off for tests and bench:panel. Headless Chromium 156 loads the address bar's
 * popups as WebUI pages (about 200–400 chrome:// requests and a renderer) in about half of the new
 * windows, on the same cores as the page under test: the three WebUIOmnibox* features (all three
 * are needed, measured). Chromium keeps only the last --disable-features, so Playwright 1.65's own
 * list (chromiumSwitches.ts) is repeated first.
 */
const FUNCIONES_APAGADAS = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

const ARGUMENTOS = [
  // CI runs as root, where Chromium refuses its sandbox.
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${FUNCIONES_APAGADAS.join(',')}`,
];

/** Headless Chromium as the browser tests and bench:panel use it (no vitest here: the bench imports it). */
export function lanzarChromium(ejecutable = CHROMIUM): Promise<Browser> {
  return chromium.launch({ executablePath: ejecutable, headless: true, args: ARGUMENTOS });
}
