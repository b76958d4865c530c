// Types of build-native.mjs for the TypeScript that imports it (its tests).
/** The npm package that holds each supported platform's Node 22 (its headers under include/node). */
export const RUNTIME_PACKAGES: Record<string, string>;
/** The package of this platform's Node, or undefined where the repository does not install. */
export function runtimePackage(platform?: string, arch?: string): string | undefined;
/** The one line for a platform without a Node package. */
export const UNSUPPORTED: string;
