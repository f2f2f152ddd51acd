import { expect, type Locator, type Page } from '@playwright/test';

// The search over every kept conversation, as a person uses it: shared by the mock and the
// real-server journeys.

export function searchField(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search every conversation kept in this browser' });
}

export function searchResults(page: Page): Locator {
  return page.locator('.search-results li');
}

/** Opens the search from the list's link, as a person finds it. */
export async function openSearch(page: Page) {
  await page.getByRole('link', { name: 'Search inside every conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(searchField(page)).toBeFocused();
}

/** Types the words and waits for the count of what matched. */
export async function searchFor(page: Page, words: string) {
  await searchField(page).fill(words);
  await expect(page.locator('.search-count')).toHaveText(/ in \d+ conversations?\.|^Nothing kept/);
}
