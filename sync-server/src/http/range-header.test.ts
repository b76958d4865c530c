import { describe, expect, it } from 'vitest';
import { parseRange } from './range-header.ts';

describe('the Range header', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    [' bytes=0-0 ', { start: 0, end: 0 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=50-10', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-9', undefined],
    ['bytes=-', undefined],
    ['items=0-1', undefined],
  ] as const)('%s of 1000 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable');
  });
});
