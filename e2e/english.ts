import { readFileSync } from 'node:fs';
import { registerCatalogue } from '../src/i18n/i18n';
import { compileCatalogue } from '../src/i18n/compileCatalogue';

// Journeys that call src/ code in Node (no Vite there) import this first, so that code speaks
// English rather than message ids.
const source = JSON.parse(readFileSync(new URL('../src/i18n/catalogs/en.json', import.meta.url), 'utf8'));
registerCatalogue('en', compileCatalogue(source));
