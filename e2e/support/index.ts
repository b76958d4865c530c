export * from './server.ts';
export * from './browser.ts';
export * from './clips.ts';
export * from './folder.ts';
export * from './api.ts';
export * from './rig.ts';
export * from './smtp.ts';
export * from './drive.ts';
