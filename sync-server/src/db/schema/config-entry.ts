export interface ConfigEntryTable {
  key: string;
  value: string;
  updatedAt: string;
}
