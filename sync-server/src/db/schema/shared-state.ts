/** Secrets every instance shares (migration 026): 'install' signs local upload URLs and simulator tokens. */
export interface ServerSecretTable {
  name: string;
  value: string;
  createdAt: string;
}

/** The payment simulator's record of each order's outcome, answered by its status check (migration 026). */
export interface SimulatorOrderTable {
  orderId: string;
  /** 'expired': ended by the merchant (endPayment); it can no longer be paid. */
  outcome: 'paid' | 'pending' | 'failed' | 'expired';
  updatedAt: string;
}
