import { describe, expect, it } from 'vitest';
import { deliveryLabel } from './kiosk-reports.ts';

describe('the delivery state shown under a purchase', () => {
  it('says what delivery waits for, never repeating the payment badge', () => {
    expect(deliveryLabel({ state: 'paid', uploaded: 0, total: 3, reason: null })).toBe('Waiting for upload');
    expect(deliveryLabel({ state: 'awaiting_payment', uploaded: 0, total: 3, reason: null })).toBe('Awaiting payment');
  });
  it('counts the clips while uploading and gives the reason of a failure', () => {
    expect(deliveryLabel({ state: 'uploading', uploaded: 2, total: 3, reason: null })).toBe('Uploading 2 of 3');
    expect(deliveryLabel({ state: 'failed', uploaded: 1, total: 3, reason: 'No clip could be uploaded' })).toBe(
      'Failed: No clip could be uploaded',
    );
    expect(deliveryLabel({ state: 'emailed', uploaded: 3, total: 3, reason: null })).toBe('E-mailed');
  });
});
