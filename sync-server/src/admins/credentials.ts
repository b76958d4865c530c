// What signing in (auth/service.ts) reads and records of an admin's account: the password hash, the
// admin by id, the last login and a hash remade with today's parameters. The SQL stays in queries.ts.
export { findAdminById, findAdminCredentials, setLastLogin, upgradePasswordHash } from './queries.ts';
