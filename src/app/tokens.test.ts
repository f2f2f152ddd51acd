import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTheme } from './theme';

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? cssFiles(path) : name.endsWith('.css') ? [path] : [];
  });
}

const RAW_COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklch|oklab)\(|:\s*(?:white|black|red|green|blue|gray|grey|yellow|orange|purple)\b/i;

describe('design tokens', () => {
  it('keeps every colour of the styles in the token block', () => {
    const offenders = cssFiles('src')
      .filter((path) => !path.endsWith(join('app', 'tokens.css')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${path}:${i + 1}`, line }))
          .filter(({ line }) => RAW_COLOUR.test(line)),
      );
    expect(offenders).toEqual([]);
  });

  it('defines every token in both themes', () => {
    const tokens = readFileSync(join('src', 'app', 'tokens.css'), 'utf8');
    const [light, dark] = tokens.split(":root[data-theme='dark']");
    const colourNames = (block: string) =>
      [...block!.matchAll(/(--[\w-]+):\s*(#|rgb)/g)].map((m) => m[1]).sort();
    expect(colourNames(dark!)).toEqual(colourNames(light!));
  });

  it('follows the system unless a theme was picked', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
