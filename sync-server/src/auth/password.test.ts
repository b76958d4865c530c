import { describe, expect, it } from 'vitest';
import { FAST_SCRYPT } from '../testing/index.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses the OWASP scrypt parameters by default and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$8192\$8\$10\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash and rejects malformed stored values', async () => {
    const [a, b] = await Promise.all([hashPassword('same', FAST_SCRYPT), hashPassword('same', FAST_SCRYPT)]);
    expect(a).not.toBe(b);
    for (const stored of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$$']) expect(await verifyPassword('same', stored)).toBe(false);
  });

  it('queues parallel work instead of failing', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw ${i}`, FAST_SCRYPT)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`pw ${i}`, h)));
    expect(checks).toEqual([true, true, true, true, true, true]);
  });
});
