// What the other features read of the courts (the SQL stays in queries.ts, which only this feature imports).
export { courtsOfVenue, findField, listFields, venueOfCourt } from './queries.ts';
