// Feeds the kiosk's folder picker a REAL FileSystemDirectoryHandle: clips are written into the
// Origin Private File System and window.showDirectoryPicker is made to return that directory.
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';

export const OPFS_FOLDER = 'clips';

/** Call before the first page of the context loads. */
export async function installFolderPicker(context: BrowserContext, folder = OPFS_FOLDER): Promise<void> {
  await context.addInitScript((name: string) => {
    const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> };
    w.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
  }, folder);
}

export interface FolderFile {
  name: string;
  /** A file on disk (e.g. from makeClip) or literal bytes. */
  path?: string;
  bytes?: Buffer;
}

/**
 * Replaces the OPFS folder's contents with these files; a name 'Court 2/rally.mp4' goes into that
 * subfolder. The page must be on the app's origin.
 */
export async function feedFolder(page: Page, files: FolderFile[], folder = OPFS_FOLDER): Promise<void> {
  await writeFolder(page, files, folder, true);
}

/** Adds these files to the OPFS folder as they would land from the camera, leaving the others. */
export async function addToFolder(page: Page, files: FolderFile[], folder = OPFS_FOLDER): Promise<void> {
  await writeFolder(page, files, folder, false);
}

async function writeFolder(page: Page, files: FolderFile[], folder: string, replace: boolean): Promise<void> {
  const payload = files.map((f) => ({
    name: f.name,
    base64: (f.bytes ?? readFileSync(f.path ?? '')).toString('base64'),
  }));
  await page.evaluate(
    async ({ folder, payload, replace }) => {
      const root = await navigator.storage.getDirectory();
      if (replace) await root.removeEntry(folder, { recursive: true }).catch(() => undefined);
      const top = await root.getDirectoryHandle(folder, { create: true });
      for (const f of payload) {
        const parts = f.name.split('/');
        let dir = top;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const bin = atob(f.base64);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        const handle = await dir.getFileHandle(parts[parts.length - 1]!, { create: true });
        const writable = await handle.createWritable();
        await writable.write(bytes);
        await writable.close();
      }
    },
    { folder, payload, replace },
  );
}
