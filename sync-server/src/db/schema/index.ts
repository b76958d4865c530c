// The Kysely database interface: one file per table beside this one, combined here.
// Tables are snake_case, columns camelCase.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
