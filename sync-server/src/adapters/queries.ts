// SQL of the two adapters that keep state in the database (ports.ts says which): the install
// secret every instance shares, and the payment simulator's orders. Adapters import no feature
// code, so their SQL lives here rather than in a feature's queries.ts.
import type { Db } from '../db/database.ts';
import type { SimulatorOrderTable } from '../db/schema/index.ts';

/** Stores the secret unless one of that name exists; the stored one (whichever instance stored it first). */
export async function storeSecretOnce(db: Db, secret: { name: string; value: string; createdAt: string }): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values(secret)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', secret.name).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Moves the order to `outcome` unless it already stands at `unless` (a paid order cannot be ended, an
 * ended one cannot be paid), in one statement so a settlement and an end racing each other cannot
 * both win. Returns the outcome the order stands at afterwards.
 */
export async function moveSimulatedOutcome(
  db: Db,
  orderId: string,
  row: { outcome: SimulatorOrderTable['outcome']; updatedAt: string },
  unless: SimulatorOrderTable['outcome'],
): Promise<SimulatorOrderTable['outcome']> {
  await db
    .insertInto('simulator_orders')
    .values({ orderId, ...row })
    .onConflict((oc) => oc.column('orderId').doUpdateSet(row).where('simulator_orders.outcome', '<>', unless))
    .execute();
  return (await simulatedOutcome(db, orderId)) ?? row.outcome;
}

/** The outcome the simulator's panel chose for the order; undefined before any. */
export async function simulatedOutcome(db: Db, orderId: string): Promise<SimulatorOrderTable['outcome'] | undefined> {
  return (await db.selectFrom('simulator_orders').select('outcome').where('orderId', '=', orderId).executeTakeFirst())?.outcome;
}
