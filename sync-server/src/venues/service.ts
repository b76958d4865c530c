// What the other features read of the venues (the SQL stays in queries.ts, which only this feature imports).
export { findVenue, listVenues } from './queries.ts';
