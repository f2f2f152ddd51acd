import type { Page } from '@playwright/test';

// Files handed to the composer the ways a browser can: pasted (a screenshot tool's Ctrl+V) or
// dropped. Playwright has no clipboard or drag of files, so the events are built in the page.

export interface PageFile {
  name: string;
  type: string;
  base64: string;
}

export async function pasteFiles(page: Page, files: PageFile[]) {
  await page.getByLabel('Message to the agent').evaluate((input, list) => {
    const data = new DataTransfer();
    for (const f of list)
      data.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, files);
}

export async function dropFiles(page: Page, files: PageFile[]) {
  const data = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list)
      transfer.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
    return transfer;
  }, files);
  const composer = page.locator('form.composer');
  await composer.dispatchEvent('dragover', { dataTransfer: data });
  await composer.dispatchEvent('drop', { dataTransfer: data });
}

/** A 16×16 blue PNG. */
export const BLUE_SQUARE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPQz39LEmIY1TCqYfhqAABAdIsQLmoevAAAAABJRU5ErkJggg==';

/** Picks one image with the composer's file chooser and opens it full size. */
export async function attachImageAndEnlarge(page: Page) {
  await page
    .getByLabel('Files to attach')
    .setInputFiles([
      { name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(BLUE_SQUARE_PNG, 'base64') },
    ]);
  await page.locator('.composer').getByRole('button', { name: 'Enlarge image 1' }).click();
}
