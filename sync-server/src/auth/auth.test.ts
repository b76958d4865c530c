import { AUTH_MESSAGES, type LoginResponse } from '@courtreplay/shared';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureInitialAdmin } from '../admins/initial-admin.ts';
import { countRows, makeTestApp, type TestApp } from '../testing/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endAttempt, FREE_FAILURES, MAX_FAILURES_PER_ADDRESS, reserveAttempt } from './service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

/** An env as @hono/node-server gives it, so the client address is known. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const login = (body: unknown, address = '10.0.0.1') =>
  t.app.request(
    '/api/admin/login',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    from(address),
  );

describe('POST /api/admin/login', () => {
  it('answers the user, a token and a message; the token works for verify', async () => {
    const venue = await t.seed.venue({ name: 'Arena' });
    const admin = await t.seed.admin({ role: 'admin', venueId: venue.id, email: 'ops@example.com', password: 'correct horse' });
    const res = await login({ email: ' OPS@example.com ', password: 'correct horse' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as LoginResponse;
    expect(body).toMatchObject({
      user: { id: admin.id, email: 'ops@example.com', role: 'admin', venueId: venue.id, venues: [{ id: venue.id, name: 'Arena' }] },
      message: AUTH_MESSAGES.loggedIn,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('sessions').select('id').where('adminId', '=', admin.id).execute();
    expect(stored.map((s) => s.id)).not.toContain(body.token);

    const verify = await t.app.request('/api/admin/verify', { headers: { Authorization: `Bearer ${body.token}` } });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ valid: true, user: body.user });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    for (const body of [
      { email: 'ops@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'correct horse' },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid email or password' });
    }
    expect(await countRows(t.db, 'sessions')).toBe(1); // only the seeded admin's own session
  });

  it.each([
    [{ email: 'a@example.com' }, 'Please enter both email and password'],
    [{ password: 'x' }, 'Please enter both email and password'],
    [{ email: '   ', password: 'x' }, 'Please enter both email and password'],
    [{ email: 42, password: 'x' }, 'Please enter both email and password'],
    [{ email: 'a@example.com', password: 'x', admin: true }, 'Unknown field: admin'],
    [{ email: 'a'.repeat(300), password: 'x' }, 'email must be at most 254 characters'],
    [[1, 2], 'Request body must be a JSON object'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'login_attempts')).toBe(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.json('POST', '/api/admin/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('lets the right password from another address through after 11 wrong ones from address A', async () => {
    await t.seed.admin({ email: 'root@example.com', password: 'correct horse', role: 'super_admin' });
    for (let i = 0; i < 11; i += 1)
      expect([401, 429]).toContain((await login({ email: 'root@example.com', password: `guess ${i}` }, '10.0.0.66')).status);
    expect((await login({ email: 'root@example.com', password: 'correct horse' }, '10.0.0.2')).status).toBe(200);
  });

  it('lets 10 simultaneous correct logins all succeed (attempts in flight are not failures)', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    // Two typos first, from a colleague elsewhere: well under any limit.
    for (const address of ['10.0.5.1', '10.0.5.2'])
      expect((await login({ email: 'ops@example.com', password: 'typo' }, address)).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login({ email: 'ops@example.com', password: 'correct horse' })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('checks at most the limit of 30 simultaneous wrong passwords (the rest 429 unchecked), however they arrive', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email: 'ops@example.com', password: `guess ${i}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FREE_FAILURES);
    expect(await countRows(t.db, 'login_attempts')).toBe(FREE_FAILURES);
    // The right password waits its turn like any other: the pair is inside its wait.
    expect((await login({ email: 'ops@example.com', password: 'correct horse' })).status).toBe(429);
  });

  it('dates a failure when its check ends: a guess queued behind slow checks is refused, not let through because the wait ran out meanwhile', async () => {
    const now = () => t.clock.now();
    const slots = await Promise.all(Array.from({ length: FREE_FAILURES }, () => reserveAttempt(t.db, 'ops@example.com', '10.0.0.3', now)));
    // The checks take 3 s (a busy machine); the first wait after five failures is 1 s.
    t.clock.advance(3_000);
    for (const slot of slots) await endAttempt(t.db, slot, true, now);
    await expect(reserveAttempt(t.db, 'ops@example.com', '10.0.0.3', now)).rejects.toMatchObject({ code: 'too_many_requests' });
    t.clock.advance(1_000);
    await expect(reserveAttempt(t.db, 'ops@example.com', '10.0.0.3', now)).resolves.toHaveProperty('id');
  });

  it('a guess that would be the sixth waits for a check still running, however long that check takes, and is then refused', async () => {
    const now = () => t.clock.now();
    const reserve = () => reserveAttempt(t.db, 'ops@example.com', '10.0.0.4', now);
    for (let i = 0; i < FREE_FAILURES - 1; i += 1) await endAttempt(t.db, await reserve(), true, now);
    const fifth = await reserve();
    // The fifth check is slow: by now the wait after the four failures is long over.
    t.clock.advance(3_000);
    // The sixth reads the clock when it arrives and at each look: a fourth reading means it has
    // looked twice and not decided, and looks again, however slowly the machine runs.
    let readings = 0;
    const sixth = reserveAttempt(t.db, 'ops@example.com', '10.0.0.4', () => {
      readings += 1;
      return now();
    });
    let decided = false;
    void sixth.then(
      () => (decided = true),
      () => (decided = true),
    );
    await vi.waitUntil(() => readings >= 4 || decided, { timeout: 30_000, interval: 5 });
    expect(decided).toBe(false);
    await endAttempt(t.db, fifth, true, now);
    await expect(sixth).rejects.toMatchObject({ code: 'too_many_requests' });
  });

  it('a guess that arrived while four checks ran is checked once they fail: four failures call for no wait', async () => {
    const now = () => t.clock.now();
    const slots = await Promise.all(
      Array.from({ length: FREE_FAILURES - 1 }, () => reserveAttempt(t.db, 'ops@example.com', '10.0.0.5', now)),
    );
    const arrived = new Date(t.clock.now().getTime() + 1_000);
    t.clock.advance(3_000);
    for (const slot of slots) await endAttempt(t.db, slot, true, now);
    // Its arrival was before the failures were dated; it first looks now.
    const times = [arrived];
    const late = () => times.shift() ?? t.clock.now();
    await expect(reserveAttempt(t.db, 'ops@example.com', '10.0.0.5', late)).resolves.toHaveProperty('id');
  });

  it('checks at most the address limit of simultaneous guesses across e-mails', async () => {
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: MAX_FAILURES_PER_ADDRESS - 3 }, (_, i) => ({ email: `x${i}@example.com`, ip: '10.0.0.9', attemptedAt: at })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ email: `y${i}@example.com`, password: 'guess' }, '10.0.0.9')),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(3);
    expect(await countRows(t.db, 'login_attempts')).toBe(MAX_FAILURES_PER_ADDRESS);
  });

  it("answers the owner's correct login while 60 failed logins for unknown e-mails wait: those hold no hashing place", async () => {
    await t.seed.admin({ email: 'owner@example.com', password: 'correct horse' });
    // One real check first, so an imitated one knows how long to wait without timing a hash.
    expect((await login({ email: 'owner@example.com', password: 'typo' }, '10.0.7.1')).status).toBe(401);
    // Their waits are timers the test holds: none ends until it says so. Had they hashed instead,
    // they would be answered without the timers, ahead of the owner's login that queued behind them.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const answered: number[] = [];
      const flood = Array.from({ length: 60 }, (_, i) =>
        Promise.resolve(login({ email: `nobody-${i}@example.com`, password: 'a guess' }, `10.0.8.${i % 3}`)).then((res) =>
          answered.push(res.status),
        ),
      );
      expect((await login({ email: 'owner@example.com', password: 'correct horse' }, '10.0.9.1')).status).toBe(200);
      expect(answered).toEqual([]);
      while (answered.length < flood.length) {
        await vi.advanceTimersByTimeAsync(1_000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(new Set(answered)).toEqual(new Set([401]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes an e-mail and address wait 1 s, 2 s, 4 s ... after 5 failures, without checking the password inside the wait', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    const attempt = (password: string) => login({ email: 'ops@example.com', password });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`guess ${i}`)).status).toBe(401);
    const waiting = await attempt('correct horse');
    expect(waiting.status).toBe(429);
    expect(await waiting.json()).toMatchObject({ message: AUTH_MESSAGES.waitBeforeRetry(1) });
    t.clock.advance(1000);
    expect((await attempt('guess 5')).status).toBe(401);
    t.clock.advance(1999);
    const second = await attempt('correct horse');
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ message: AUTH_MESSAGES.waitBeforeRetry(1) });
    t.clock.advance(1);
    expect((await attempt('guess 6')).status).toBe(401);
    t.clock.advance(3000);
    expect((await attempt('correct horse')).status).toBe(429); // 4 s after the 7th failure
    t.clock.advance(1000);
    expect((await attempt('correct horse')).status).toBe(200);
    // The right password cleared the pair's failures: the next mistake costs no wait.
    expect((await attempt('typo')).status).toBe(401);
    expect((await attempt('correct horse')).status).toBe(200);
    // No failure is left on record for the pair.
    expect(await countRows(t.db, 'login_attempts')).toBe(0);
  });

  it('caps the wait at 15 minutes', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 40 }, () => ({ email: 'ops@example.com', ip: '10.0.0.1', attemptedAt: at })))
      .execute();
    const res = await login({ email: 'ops@example.com', password: 'correct horse' });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ message: AUTH_MESSAGES.waitBeforeRetry(15 * 60) });
    t.clock.advance(15 * 60_000);
    expect((await login({ email: 'ops@example.com', password: 'correct horse' })).status).toBe(200);
  });

  it('refuses a clearly abusive address (50 failures in 15 minutes across e-mails), even with the right password', async () => {
    await t.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `x${i}@example.com`, ip: '10.0.0.7', attemptedAt: at })))
      .execute();
    const res = await login({ email: 'ops@example.com', password: 'correct horse' }, '10.0.0.7');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect((await login({ email: 'ops@example.com', password: 'correct horse' }, '10.0.0.8')).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login({ email: 'ops@example.com', password: 'correct horse' }, '10.0.0.7')).status).toBe(200);
  });
});

describe('the login throttle behind a reverse proxy (TRUSTED_PROXIES)', () => {
  const viaProxy = (app: TestApp, password: string, forwardedFor: string, socket = '127.0.0.1') =>
    app.app.request(
      '/api/admin/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ email: 'ops@example.com', password }),
      },
      from(socket),
    );
  const strangerLocksOut = async (app: TestApp) => {
    await app.seed.admin({ email: 'ops@example.com', password: 'correct horse' });
    const at = app.clock.now().toISOString();
    // 50 failures from a stranger, as the proxy forwards them.
    await app.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `x${i}@example.com`, ip: '203.0.113.9', attemptedAt: at })))
      .execute();
    return app;
  };

  it('counts each client by the address the trusted proxy forwards, not the proxy', async () => {
    const proxied = await strangerLocksOut(await makeTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1, ::1' } }));
    try {
      expect((await viaProxy(proxied, 'correct horse', '203.0.113.9')).status).toBe(429);
      // The owner, through the same proxy from another address, still logs in.
      expect((await viaProxy(proxied, 'correct horse', '198.51.100.4')).status).toBe(200);
      // A client's own X-Forwarded-For entry (left of the proxy's) is not believed.
      expect((await viaProxy(proxied, 'correct horse', '198.51.100.4, 203.0.113.9')).status).toBe(429);
      // An IPv4 proxy on a dual-stack socket is the same proxy.
      expect((await viaProxy(proxied, 'correct horse', '198.51.100.4', '::ffff:127.0.0.1')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For from a socket that is not a trusted proxy', async () => {
    await strangerLocksOut(t);
    // Without TRUSTED_PROXIES the header cannot pin the failures on someone else, nor escape them.
    expect((await viaProxy(t, 'correct horse', '198.51.100.4', '203.0.113.9')).status).toBe(429);
    expect((await viaProxy(t, 'correct horse', '203.0.113.9', '198.51.100.4')).status).toBe(200);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an IP address, naming the variable', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: 'caddy.local' })).toThrow(/TRUSTED_PROXIES must be IP addresses/);
  });
});

describe('sessions', () => {
  it('expire after the configured time', async () => {
    const admin = await t.seed.admin();
    expect((await t.app.request('/api/admin/verify', { headers: admin.headers })).status).toBe(200);
    t.clock.advance(t.config.sessionTtlMs);
    const res = await t.app.request('/api/admin/verify', { headers: admin.headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'You are not logged in. Please log in again.' });
  });

  it('are revoked by logout', async () => {
    const admin = await t.seed.admin();
    const out = await t.app.request('/api/admin/logout', { method: 'POST', headers: admin.headers });
    expect(out.status).toBe(200);
    expect((await t.app.request('/api/admin/verify', { headers: admin.headers })).status).toBe(401);
    expect(await countRows(t.db, 'sessions')).toBe(0);
  });

  it('refuse a missing or made-up token', async () => {
    expect((await t.app.request('/api/admin/verify')).status).toBe(401);
    expect((await t.app.request('/api/admin/verify', { headers: { Authorization: 'Bearer not-a-real-token' } })).status).toBe(401);
  });
});

describe('a password hashed with earlier parameters', () => {
  it('still logs in, and its hash is remade with the current parameters at that login', async () => {
    const admin = await t.seed.admin({ role: 'super_admin', email: 'old@example.com', password: 'an old password' });
    // What a server before today stored: OWASP's N=2^17, r=8, p=1.
    const old = await hashPassword('an old password', { N: 2 ** 17, r: 8, p: 1 });
    await t.db.updateTable('admins').set({ passwordHash: old }).where('id', '=', admin.id).execute();

    expect((await login({ email: 'old@example.com', password: 'an old password' })).status).toBe(200);
    const { passwordHash } = await t.db.selectFrom('admins').select('passwordHash').where('id', '=', admin.id).executeTakeFirstOrThrow();
    const { N, r, p } = t.config.passwordHashing;
    expect(passwordHash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword('an old password', passwordHash)).toBe(true);
    expect((await login({ email: 'old@example.com', password: 'an old password' })).status).toBe(200);
    expect((await login({ email: 'old@example.com', password: 'a wrong password' })).status).toBe(401);
  });
});

describe('the first super admin', () => {
  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD with an OWASP scrypt hash, once', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first-secret-pw' });
    const deps = { db: t.db, config, clock: t.clock, logger: pino({ level: 'silent' }) };
    await ensureInitialAdmin(deps);
    await ensureInitialAdmin(deps);
    const admins = await t.db.selectFrom('admins').selectAll().execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'boss@example.com', role: 'super_admin', venueId: null });
    expect(admins[0]?.passwordHash).toMatch(/^scrypt\$8192\$8\$10\$/);
    expect(await verifyPassword('first-secret-pw', admins[0]?.passwordHash ?? '')).toBe(true);
  });

  it('gets a generated password, logged once (also when two instances start at once), when none is configured', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    // Two instances starting on one empty database at once: one creates the admin and prints its password.
    await Promise.all([0, 1].map(() => ensureInitialAdmin({ db: t.db, config: loadConfig({}), clock: t.clock, logger })));
    const printed = lines.filter((line) => line.includes('"password"'));
    expect(printed).toHaveLength(1);
    expect(await countRows(t.db, 'admins')).toBe(1);
    const { password, email } = JSON.parse(printed[0] ?? '{}') as { password: string; email: string };
    expect(email).toBe('admin@courtreplay.local');
    expect(password.length).toBeGreaterThanOrEqual(20);
    const res = await login({ email, password });
    expect(res.status).toBe(200);
  });
});
