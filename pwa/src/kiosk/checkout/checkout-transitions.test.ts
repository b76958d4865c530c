// Walks the checkout's transition table (checkout-table.ts): every phase with every event it takes, and where each
// leads, listed here once more by hand so a change to the flow is a change to this list too. An
// event a phase does not list, or one about another order, changes nothing.
import { describe, expect, it } from 'vitest';
import {
  TRANSITIONS,
  transition,
  WATCH_MS,
  type CheckoutEvent,
  type CheckoutPhase,
  type EventType,
  type MachineState,
  type PhaseName,
} from './checkout-table.ts';

const ID = 'CR-20261128-AAAAAAAAAA';
const URL_OF = 'http://kiosk.test/p/token';
const NOW = 1_000_000;
const said = () => 'x';

const PHASES: Record<PhaseName, CheckoutPhase> = {
  form: { name: 'form', error: said },
  ending: { name: 'ending', transactionId: ID, phoneUrl: URL_OF },
  submitting: { name: 'submitting' },
  paying: { name: 'paying', transactionId: ID, token: 'tok', phoneUrl: URL_OF, embedded: false },
  checking: { name: 'checking', transactionId: ID, phoneUrl: URL_OF, reason: said },
  offline: { name: 'offline', transactionId: ID, phoneUrl: URL_OF },
  pending: { name: 'pending', transactionId: ID, phoneUrl: URL_OF },
  done: { name: 'done', message: said, phoneUrl: URL_OF },
};

const EVENTS: Record<string, CheckoutEvent> = {
  PAY: { type: 'PAY' },
  ENDED: { type: 'ENDED', transactionId: ID },
  ACCEPTED: { type: 'ACCEPTED', transactionId: 'CR-20261128-BBBBBBBBBB', token: 'tok', phoneUrl: URL_OF },
  FREE: { type: 'FREE', phoneUrl: URL_OF },
  PAID: { type: 'PAID', transactionId: ID, phoneUrl: URL_OF },
  REFUSED: { type: 'REFUSED', error: said },
  EMBEDDED: { type: 'EMBEDDED', transactionId: ID },
  PROVIDER_PENDING: { type: 'PROVIDER_PENDING', transactionId: ID },
  CLOSED: { type: 'CLOSED', transactionId: ID },
  FORM_ERROR: { type: 'FORM_ERROR', transactionId: ID, reason: said },
  NETWORK_LOST: { type: 'NETWORK_LOST' },
  'STATUS paid': { type: 'STATUS', transactionId: ID, paymentStatus: 'paid', phoneUrl: URL_OF },
  'STATUS failed': { type: 'STATUS', transactionId: ID, paymentStatus: 'failed', phoneUrl: URL_OF },
  'STATUS expired': { type: 'STATUS', transactionId: ID, paymentStatus: 'expired', phoneUrl: URL_OF },
  'STATUS pending': { type: 'STATUS', transactionId: ID, paymentStatus: 'pending', phoneUrl: URL_OF },
  NO_ANSWER: { type: 'NO_ANSWER', transactionId: ID },
  DISMISS_ERROR: { type: 'DISMISS_ERROR' },
  WATCH_OVER: { type: 'WATCH_OVER' },
  RESET: { type: 'RESET' },
};

/** [from, event, to, the watched order afterwards: kept, set (to the phase's order), or cleared]; null: nothing changes. */
type Row = [PhaseName, keyof typeof EVENTS, PhaseName | null, ('kept' | 'set' | 'cleared')?];
const WALK: Row[] = [
  ['form', 'PAY', 'ending'],
  ['form', 'STATUS paid', 'done', 'cleared'],
  ['form', 'STATUS failed', null],
  ['form', 'STATUS pending', null],
  ['form', 'DISMISS_ERROR', 'form'],
  ['form', 'WATCH_OVER', 'form', 'cleared'],
  ['form', 'RESET', 'form', 'cleared'],
  ['ending', 'ENDED', 'submitting', 'cleared'],
  ['ending', 'PAID', 'done', 'cleared'],
  ['ending', 'REFUSED', 'form', 'kept'],
  ['ending', 'RESET', 'form', 'cleared'],
  ['submitting', 'ACCEPTED', 'paying'],
  ['submitting', 'FREE', 'done'],
  ['submitting', 'REFUSED', 'form'],
  ['submitting', 'RESET', 'form', 'cleared'],
  ['paying', 'EMBEDDED', 'paying'],
  ['paying', 'PAID', 'done'],
  ['paying', 'PROVIDER_PENDING', 'pending'],
  ['paying', 'CLOSED', 'form', 'set'],
  ['paying', 'FORM_ERROR', 'checking'],
  ['paying', 'NETWORK_LOST', 'offline'],
  ['paying', 'REFUSED', 'form'],
  ['paying', 'RESET', 'form', 'cleared'],
  ['checking', 'STATUS paid', 'done', 'cleared'],
  ['checking', 'STATUS failed', 'form', 'set'],
  ['checking', 'STATUS expired', 'form', 'set'],
  ['checking', 'STATUS pending', 'form', 'set'],
  ['checking', 'NO_ANSWER', 'offline'],
  ['checking', 'RESET', 'form', 'cleared'],
  ['offline', 'STATUS paid', 'done', 'cleared'],
  ['offline', 'STATUS failed', 'form', 'set'],
  ['offline', 'STATUS expired', 'form', 'set'],
  ['offline', 'STATUS pending', null],
  ['offline', 'PAID', 'done'],
  ['offline', 'PROVIDER_PENDING', 'pending'],
  ['offline', 'CLOSED', 'form', 'set'],
  ['offline', 'RESET', 'form', 'cleared'],
  ['pending', 'STATUS paid', 'done', 'cleared'],
  ['pending', 'STATUS failed', 'form', 'set'],
  ['pending', 'STATUS expired', 'form', 'set'],
  ['pending', 'STATUS pending', null],
  ['pending', 'RESET', 'form', 'cleared'],
  ['done', 'RESET', 'form', 'cleared'],
];

/** A form with a watched order (the one the other phases are about), else nothing watched. */
const stateIn = (name: PhaseName): MachineState => ({
  phase: PHASES[name],
  watching: name === 'form' ? { transactionId: ID, phoneUrl: URL_OF, until: NOW + 1 } : null,
});

describe('the checkout transition table', () => {
  it('lists exactly the phases and events walked here', () => {
    const inTable = Object.entries(TRANSITIONS).flatMap(([phase, events]) => Object.keys(events).map((e) => `${phase} ${e}`));
    const walked = [...new Set(WALK.map(([phase, event]) => `${phase} ${EVENTS[event]!.type}`))];
    expect(inTable.sort()).toEqual(walked.sort());
  });

  it.each(WALK)('%s --%s--> %s', (from, eventName, to, watched) => {
    const before = stateIn(from);
    const after = transition(before, EVENTS[eventName]!, NOW);
    if (to === null) return expect(after).toBeNull();
    expect(after?.phase.name).toBe(to);
    if (watched === 'cleared') expect(after?.watching).toBeNull();
    if (watched === 'kept') expect(after?.watching).toBe(before.watching);
    if (watched === 'set') expect(after?.watching).toEqual({ transactionId: ID, phoneUrl: URL_OF, until: NOW + WATCH_MS });
  });

  it('ignores every event a phase does not list', () => {
    const types = [...new Set(Object.values(EVENTS).map((e) => e.type))] as EventType[];
    for (const name of Object.keys(PHASES) as PhaseName[]) {
      for (const type of types) {
        if (TRANSITIONS[name][type]) continue;
        const event = Object.values(EVENTS).find((e) => e.type === type)!;
        expect(transition(stateIn(name), event, NOW), `${name} ${type}`).toBeNull();
      }
    }
  });

  it('ignores news about another order, and Pay Now with nothing watched goes straight to the new order', () => {
    const other = 'CR-20261128-CCCCCCCCCC';
    expect(
      transition(stateIn('pending'), { type: 'STATUS', transactionId: other, paymentStatus: 'paid', phoneUrl: URL_OF }, NOW),
    ).toBeNull();
    expect(transition(stateIn('paying'), { type: 'CLOSED', transactionId: other }, NOW)).toBeNull();
    expect(transition(stateIn('form'), { type: 'STATUS', transactionId: other, paymentStatus: 'paid', phoneUrl: URL_OF }, NOW)).toBeNull();
    expect(transition({ phase: PHASES.form, watching: null }, { type: 'PAY' }, NOW)?.phase.name).toBe('submitting');
    expect(
      transition(
        { phase: PHASES.form, watching: null },
        { type: 'STATUS', transactionId: ID, paymentStatus: 'paid', phoneUrl: URL_OF },
        NOW,
      ),
    ).toBeNull();
  });
});
