// Why a camera does not record (camera-reasons.ts), in words: what happened and what to do, beside
// its state in Devices and in its Errors entry. Said here in full, never by pointing at a document:
// an owner has the back-office, not the repository. Bahasa Indonesia is in
// messages-camera-reasons-id.ts, typed to hold every reason.
import type { CameraReason } from './camera-reasons.ts';

export const CAMERA_REASON_MESSAGES = {
  'connection-refused': {
    what: 'The camera refused the connection.',
    todo: "Check the address and the RTSP port (usually 554) in the camera address, and that RTSP is switched on in the camera's own settings.",
  },
  'no-answer': {
    what: 'The camera does not answer.',
    todo: 'Check its power, its network cable and the IP address in the camera address.',
  },
  'unknown-host': { what: "The camera's host name is unknown.", todo: "Write the camera's IP address in the camera address instead." },
  'no-stream': {
    what: 'The camera has no video stream at this path.',
    todo: "Correct the path after the port in the camera address: the Camera field shows the paths of common brands, and the camera's manual gives its own.",
  },
  'stream-dropped': {
    what: 'The camera stopped sending video: the connection dropped or the camera restarted.',
    todo: "Check the camera's power and network cable; the recorder connects again by itself.",
  },
  stopped: {
    what: 'The camera stopped sending video.',
    todo: "Check the camera's power and network cable, and its address in Venues (Camera).",
  },
  'ffmpeg-missing': {
    what: "ffmpeg could not start on the recorder's PC.",
    todo: 'Install ffmpeg on that PC as Add recorder shows (Devices), then start the recorder again.',
  },
  'password-refused': {
    what: 'The recorder now tries again only every few minutes, so the camera does not lock that user out.',
    todo: "Log in to the camera's own web page with the user name and password of this court's camera address (Venues, Camera). Save the corrected address: the recorder tries it at once.",
  },
  'address-refused': {
    what: 'The recorder refused the camera address.',
    todo: 'Correct the camera address in Venues (Camera): the recorder tries the new one at once.',
  },
  'folder-not-writable': {
    what: 'The recorder may not write in its clips folder.',
    todo: "Let the user the recorder runs as write in the clips folder (Windows: the folder's Properties, Security), then wait a minute.",
  },
  'disk-full': {
    what: "The disk of the recorder's clips folder is full.",
    todo: "Free space on the recorder's PC: delete old clips or move them to another disk.",
  },
  'clips-failing': {
    what: 'Video arrives, but no clip could be cut from it.',
    todo: "Free disk space on the recorder's PC and let the recorder write in its clips folder; if clips still fail, restart the recorder.",
  },
  h265: {
    what: 'The camera sends H.265, which Chrome on many PCs cannot play.',
    todo: "Set the camera's main stream to H.264 in its own settings.",
  },
  'recorder-silent': {
    what: 'The recorder has stopped reporting.',
    todo: "Check that the recorder's PC is on and connected, and that the recorder runs (on Windows, its window is open).",
  },
} satisfies Record<CameraReason, { what: string; todo: string }>;
