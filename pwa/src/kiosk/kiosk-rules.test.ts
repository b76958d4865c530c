import { describe, expect, it } from 'vitest';
import { toggleInCart } from './cart.ts';
import { STOCK_KEY } from './phone-token-stock.ts';
import { clearExceptKept } from './storage-rule.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  keys() {
    return [...this.items.keys()].sort();
  }
}

describe('the home screen storage rule', () => {
  it('clears everything but the kept keys', () => {
    const s = new MemoryStorage();
    for (const k of ['deviceId', 'userEmail', 'hasSeenPromo', 'token', 'user', 'testAdminToken', 'adminUser', 'cart', 'videos', 'x'])
      s.setItem(k, '1');
    clearExceptKept(s);
    expect(s.keys()).toEqual(['adminUser', 'deviceId', 'hasSeenPromo', 'testAdminToken', 'token', 'user', 'userEmail']);
  });

  it("keeps the kiosk's stock of server-issued phone tokens, which an offline sale needs", () => {
    const s = new MemoryStorage();
    s.setItem(STOCK_KEY, '["t1","t2"]');
    s.setItem('kioskCart', '["a"]');
    clearExceptKept(s);
    expect(s.keys()).toEqual([STOCK_KEY]);
  });
});

describe('the cart', () => {
  it('toggles a video in and out', () => {
    expect(toggleInCart([], 'a').selected).toEqual(['a']);
    expect(toggleInCart(['a', 'b'], 'a').selected).toEqual(['b']);
  });
  it('refuses a 7th video and keeps the 6', () => {
    const six = ['1', '2', '3', '4', '5', '6'];
    const r = toggleInCart(six, '7');
    expect(r.refused).toBe(true);
    expect(r.selected).toEqual(six);
    expect(toggleInCart(six, '3')).toEqual({ selected: ['1', '2', '4', '5', '6'], refused: false });
  });
});
