import english from 'virtual:tether-catalog/en';
import { registerCatalogue } from './i18n';
import { SOURCE_LOCALE } from './locales';

// English, the source language, is in the first load: imported before anything is drawn.
registerCatalogue(SOURCE_LOCALE, english);
