// The venue's recorder: cameras on courts, recorders as devices of a venue, and the recorder's own
// calls (bearer token). A camera's password is never answered to a person (masked as ****).
import {
  cameraFieldResponse,
  createdRecorderResponse,
  createRecorderRequest,
  FIELD_MESSAGES,
  messageResponse,
  RECORDER_MESSAGES,
  recorderListResponse,
  recorderMarksQuery,
  recorderMarksResponse,
  recorderMarkStatesRequest,
  recorderOkResponse,
  recorderSetupResponse,
  recorderStatusRequest,
  setCameraRequest,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './params.ts';
import { ROUTES } from './routes.ts';

const tag = 'Recorders and cameras';

export const recorderEndpoints = {
  setFieldCamera: defineEndpoint({
    ...ROUTES.setFieldCamera,
    tag,
    summary: "Set or remove a court's IP camera (rtsp:// or rtsps://)",
    description:
      "For a super admin or the venue's admin. The password is write-only: the answer, the court list, " +
      "logs and the audit log show it as ****; only the venue's recorder receives it (GET /api/recorder/setup).",
    access: 'admin',
    params: idParams,
    unknownMessage: FIELD_MESSAGES.notFound,
    body: setCameraRequest,
    responses: { 200: cameraFieldResponse },
    errors: [403, 404],
  }),
  createRecorder: defineEndpoint({
    ...ROUTES.createRecorder,
    tag,
    summary: 'Add a recorder to a venue; answers its token, once',
    description: 'The token is shown only in this answer (the server keeps its hash). The recorder sends it as Authorization: Bearer.',
    access: 'admin',
    body: createRecorderRequest,
    responses: { 201: createdRecorderResponse },
    errors: [403, 404],
  }),
  listRecorders: defineEndpoint({
    ...ROUTES.listRecorders,
    tag,
    summary: "The recorders an admin may see, with each camera's state (a venue admin: their own venue's)",
    description: 'A camera whose recorder has not reported for more than 30 s is offline, whatever it reported last.',
    access: 'admin',
    responses: { 200: recorderListResponse },
  }),
  deleteRecorder: defineEndpoint({
    ...ROUTES.deleteRecorder,
    tag,
    summary: 'Remove a recorder: its token answers 401 from now on',
    access: 'admin',
    params: idParams,
    unknownMessage: RECORDER_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [403, 404],
  }),
  recorderSetup: defineEndpoint({
    ...ROUTES.recorderSetup,
    tag,
    summary: "The recorder's venue and its courts with their full camera addresses",
    description: 'The recorder asks every 10 s, so a camera change applies without a restart.',
    access: 'recorder',
    responses: { 200: recorderSetupResponse },
  }),
  recorderStatus: defineEndpoint({
    ...ROUTES.recorderStatus,
    tag,
    summary: "The recorder's report of each camera's state (every 10 s; also its heartbeat)",
    description:
      "A report names only courts of the recorder's own venue (403 otherwise, nothing stored). Ten reports at once, then " +
      'one every 3 s per recorder: beyond, 429 with Retry-After. An outage never begins before the previous report of its camera.',
    access: 'recorder',
    body: recorderStatusRequest,
    responses: { 200: recorderOkResponse },
    errors: [403, 429],
  }),
  recorderMarks: defineEndpoint({
    ...ROUTES.recorderMarks,
    tag,
    summary: "Long-poll: marks on the venue's courts with a camera after the cursor",
    description:
      'Answers at once when there are marks after `after`; otherwise holds up to 25 s and answers as soon as one ' +
      'is posted. Without `after`: no marks, only the current cursor.',
    access: 'recorder',
    query: recorderMarksQuery,
    responses: { 200: recorderMarksResponse },
  }),
  recorderMarkStates: defineEndpoint({
    ...ROUTES.recorderMarkStates,
    tag,
    summary: "Where the recorder's marked clips stand: cutting, then ready or failed with a reason",
    description:
      "Marks of other venues' courts are ignored. A clip's `ready` is final against a late `cutting`; the phone's answer and " +
      "the kiosk's Marked moments leave out a mark whose clip failed. While the clip and its preview go up to the venue's storage " +
      '(the marked clips calls), report `uploading` with `bytesSent` and `bytesTotal` every second or so (the phone shows how far ' +
      'it is), `ready` once both are complete, or `failed` with `upload-failed` when the storage will not take them. The phone ' +
      'calls a rally ready once its clip is whole in storage, whatever the recorder says.',
    access: 'recorder',
    body: recorderMarkStatesRequest,
    responses: { 200: recorderOkResponse },
  }),
};
