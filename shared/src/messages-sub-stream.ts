// The court camera form's texts about the sub-stream (the camera's second, small stream the phone's
// previews are cut from), in both languages; the Recorders group spreads them in.
import { SUB_STREAM_NEEDS_CAMERA } from './camera-url.ts';
import type { Widen } from './widen.ts';

export const SUB_STREAM_MESSAGES = {
  subStreamLabel: 'Sub-stream address (optional)',
  subStreamShown: (url: string) => `Sub-stream: ${url}`,
  subStreamHints:
    "The camera's second, small stream: the preview a phone plays of a marked rally is cut from it at no cost to the recorder's PC. It uses the same user name and password. Common addresses:",
  subStreamNeedsCamera: SUB_STREAM_NEEDS_CAMERA,
};

export const SUB_STREAM_MESSAGES_ID: Widen<typeof SUB_STREAM_MESSAGES> = {
  subStreamLabel: 'Alamat sub-stream (opsional)',
  subStreamShown: (url) => `Aliran kedua (sub-stream): ${url}`,
  subStreamHints:
    'Aliran kedua kamera yang kecil: pratinjau rally bertanda yang diputar ponsel dipotong darinya tanpa membebani PC perekam. Memakai nama pengguna dan kata sandi yang sama. Alamat umum:',
  subStreamNeedsCamera: 'Alamat sub-stream memerlukan alamat utama kamera juga.',
};
