import { describe, expect, it } from 'vitest';
import { attachment } from './send-file.ts';

describe('Content-Disposition', () => {
  it('keeps an ASCII fallback and the UTF-8 name, and cannot be broken out of', () => {
    expect(attachment('Match-point.mp4')).toBe(`attachment; filename="Match-point.mp4"; filename*=UTF-8''Match-point.mp4`);
    expect(attachment('a"b\\c.mp4')).toBe(`attachment; filename="a_b_c.mp4"; filename*=UTF-8''a%22b%5Cc.mp4`);
    expect(attachment('münchen.mp4')).toContain(`filename*=UTF-8''m%C3%BCnchen.mp4`);
  });
});
