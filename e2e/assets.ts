import type { Page, Route } from '@playwright/test';

// The app's own files misbehaving on their way to the page, as a blinking network or a deploy
// that replaced them would make them. (The built-in mock answers inside the page, so the page's
// scripts reach the network, and a route, as they do beside a real server.)

/** Each way a file whose path matches can be made to arrive, until `restore` lets it load again. */
export interface AssetTrouble {
  restore: () => Promise<void>;
}

const routeAssets = async (
  page: Page,
  pathPattern: RegExp,
  handle: (route: Route) => Promise<void>,
): Promise<AssetTrouble> => {
  const matches = (url: URL) => pathPattern.test(url.pathname);
  await page.route(matches, handle);
  return { restore: () => page.unroute(matches, handle) };
};

/** The files fail to load. */
export const failAssets = (page: Page, pathPattern: RegExp) =>
  routeAssets(page, pathPattern, (route) => route.abort('failed'));

/**
 * The scripts load, but every name they export throws when used, as a chunk of a mismatched
 * deploy can: a component from one fails while it is drawn.
 */
export const breakAssets = (page: Page, pathPattern: RegExp) =>
  routeAssets(page, pathPattern, async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, body: brokenModule(await original.text()) });
  });

/** The files wait until `release` (a slow line's). */
export const holdAssets = async (page: Page, pathPattern: RegExp) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = await routeAssets(page, pathPattern, async (route) => {
    await released;
    await route.continue();
  });
  return { ...held, release };
};

/** A module with the exports of `source`, each a function that throws. */
function brokenModule(source: string): string {
  const names = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!,
      )
      .filter(Boolean),
  );
  return [
    'const broken = () => { throw new Error("This chunk is broken on purpose (e2e/assets.ts)."); };',
    `export { ${names.map((name) => `broken as ${name}`).join(', ')} };`,
  ].join('\n');
}
