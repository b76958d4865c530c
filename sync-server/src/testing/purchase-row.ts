// A paid purchase row written straight into the table, for tests about the table itself (the e-mail
// search indexes) that need many rows with chosen addresses, not the purchase flow.

export interface Place {
  venueId: number;
  fieldId: number;
  deviceId: string;
}

/** The purchase numbered `seq` (rank in every scope too), one minute after the one before. */
export function purchaseRow(place: Place, seq: number, email: string) {
  const at = new Date(Date.UTC(2026, 10, 1) + seq * 60_000).toISOString();
  return {
    ...place,
    id: `CR-TEST-${seq}`,
    seq,
    venueSeq: seq,
    fieldSeq: seq,
    email,
    videoCount: 1,
    videoIds: '["a.mp4"]',
    videoTitles: '["a"]',
    subtotal: 10_000,
    discount: 0,
    totalAmount: 10_000,
    isStaging: 0,
    paymentStatus: 'paid' as const,
    uploadError: 0,
    createdAt: at,
    updatedAt: at,
  };
}
