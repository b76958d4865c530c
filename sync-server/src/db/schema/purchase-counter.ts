/** How many purchases exist per scope ('all', 'venue:7', 'field:12'); the source of the seq columns. */
export interface PurchaseCounterTable {
  scope: string;
  value: number;
}
