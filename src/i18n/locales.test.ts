import { describe, expect, it } from 'vitest';
import { preferredLocale } from './locales';

describe('the language a reader gets first', () => {
  it('is the first of theirs that Tether speaks, by language tag', () => {
    expect(preferredLocale(['de-AT', 'en'])).toBe('de');
    expect(preferredLocale(['pt-BR', 'fr-CA', 'en'])).toBe('fr');
    expect(preferredLocale(['ar-EG'])).toBe('ar');
    expect(preferredLocale(['ja'])).toBe('ja');
  });

  it('is simplified Chinese only for readers of simplified characters', () => {
    expect(preferredLocale(['zh-CN'])).toBe('zh-Hans');
    expect(preferredLocale(['zh'])).toBe('zh-Hans');
    expect(preferredLocale(['zh-Hans-SG'])).toBe('zh-Hans');
    expect(preferredLocale(['zh-TW', 'ja'])).toBe('ja');
    expect(preferredLocale(['zh-Hant-HK'])).toBe('en');
  });

  it('is English when none of theirs is spoken', () => {
    expect(preferredLocale(['pt-BR', 'ko'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });
});
