// What a recorder needs to record: its venue and the venue's courts with their full camera
// addresses, passwords included. Only a recorder's own bearer token reaches this.
import { VENUE_TIME_ZONE } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import { findVenue } from '../venues/service.ts';
import { venueCourtCameras, type RecorderRow } from './queries.ts';

export async function recorderSetup(db: Db, recorder: RecorderRow) {
  const venue = await findVenue(db, recorder.venueId);
  const courts = await venueCourtCameras(db, recorder.venueId);
  return {
    recorder: { id: recorder.id, name: recorder.name, venueId: recorder.venueId },
    venue: { id: recorder.venueId, name: venue?.name ?? '', timeZone: VENUE_TIME_ZONE },
    courts: courts.map((c) => ({
      fieldId: c.id,
      name: c.name,
      camera: c.cameraUrl ? { url: c.cameraUrl, subUrl: c.cameraSubUrl } : null,
    })),
  };
}
