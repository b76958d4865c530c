// Checks the test harness itself: the real server starts on a fresh DATA_DIR, ffmpeg makes clips
// Chromium can decode, and the folder picker hands out a real OPFS directory holding them.
import { expect, test } from 'vitest';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, useRig } from './support/index.ts';

const { server, browser } = useRig();

test('the folder picker returns a real directory handle whose clips Chromium can play', async () => {
  const context = await newKioskContext(browser, server.url);
  await installFolderPicker(context);
  const page = await context.newPage();
  await page.goto('/api/health');
  await feedFolder(page, [
    { name: 'match_one.mp4', path: makeClip({ format: 'mp4' }) },
    { name: 'match-two.webm', path: makeClip({ format: 'webm' }) },
    { name: 'notes.txt', bytes: Buffer.from('not a video') },
  ]);
  const result = await page.evaluate(async () => {
    const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> };
    const dir = await w.showDirectoryPicker();
    const names: string[] = [];
    for await (const key of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(key);
    const file = await (await dir.getFileHandle('match_one.mp4')).getFile();
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(file);
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error('video failed to load'));
    });
    return { isHandle: dir instanceof FileSystemDirectoryHandle, names: names.sort(), duration: video.duration };
  });
  expect(result.isHandle).toBe(true);
  expect(result.names).toEqual(['match-two.webm', 'match_one.mp4', 'notes.txt']);
  expect(result.duration).toBeCloseTo(3, 0);
  await context.close();
});

test('the server answers health on its fresh data directory', async () => {
  const res = await fetch(`${server.url}/api/health`);
  expect(await res.json()).toEqual({ ok: true });
  expect(server.outbox()).toEqual([]);
});
