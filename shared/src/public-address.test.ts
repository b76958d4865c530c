import { describe, expect, it } from 'vitest';
import { isOwnComputerUrl } from './public-address.ts';

describe('an address a phone can open', () => {
  it('is not one naming the computer itself', () => {
    for (const url of [
      'http://localhost:8080/c/x',
      'http://LOCALHOST/c/x',
      'http://kiosk.localhost/c/x',
      'http://127.0.0.1:8080/c/x',
      'http://127.4.5.6/c/x',
      'http://[::1]:8080/c/x',
      'http://0.0.0.0:8080/c/x',
      'not a url',
    ])
      expect(isOwnComputerUrl(url), url).toBe(true);
    for (const url of [
      'https://replay.example.com/c/x',
      'http://192.168.1.20:8080/c/x',
      'https://127.example.com/c/x',
      'http://[2001:db8::1]/c/x',
    ])
      expect(isOwnComputerUrl(url), url).toBe(false);
  });
});
