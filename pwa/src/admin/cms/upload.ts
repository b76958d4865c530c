// CMS uploads go through XMLHttpRequest, not fetch, because only XHR reports upload progress
// (spec section 2: uploads show percentage progress). The path and the answer's type come from the
// shared contract. Errors carry the spec's wording (section 8).
import {
  MESSAGES,
  ROUTES,
  validateBackgroundImageFile,
  validatePromoVideoFile,
  validateWatermarkFile,
  type Answer,
  type Endpoints,
  type ValidationResult,
} from '@courtreplay/shared';
import { readSession } from '../session/session.ts';

const T = MESSAGES.cms;

export type CmsMedia = 'promoVideo' | 'portraitPromoVideo' | 'backgroundImage' | 'watermark';

type CmsUpload = 'uploadPromoVideo' | 'uploadPortraitPromoVideo' | 'uploadBackgroundImage' | 'uploadWatermark';
/** What the server answers an upload: its message, the key it set and the media's URL. */
export type MediaUploaded = Answer<Endpoints[CmsUpload]>;

export interface MediaRule {
  endpoint: CmsUpload;
  field: 'video' | 'image';
  configKey: 'CMS_PROMO_VIDEO' | 'CMS_PROMO_VIDEO_PORTRAIT' | 'CMS_BG_IMAGE' | 'CMS_WATERMARK';
  accept: string;
  /** null when the file may be sent, else the message to show. */
  check: (file: File | null) => ValidationResult;
}

export const MEDIA: Record<CmsMedia, MediaRule> = {
  promoVideo: {
    endpoint: 'uploadPromoVideo',
    field: 'video',
    configKey: 'CMS_PROMO_VIDEO',
    accept: 'video/*',
    check: validatePromoVideoFile,
  },
  portraitPromoVideo: {
    endpoint: 'uploadPortraitPromoVideo',
    field: 'video',
    configKey: 'CMS_PROMO_VIDEO_PORTRAIT',
    accept: 'video/*',
    check: validatePromoVideoFile,
  },
  backgroundImage: {
    endpoint: 'uploadBackgroundImage',
    field: 'image',
    configKey: 'CMS_BG_IMAGE',
    accept: 'image/jpeg,image/png,image/webp',
    check: validateBackgroundImageFile,
  },
  watermark: {
    endpoint: 'uploadWatermark',
    field: 'image',
    configKey: 'CMS_WATERMARK',
    accept: 'image/png',
    check: validateWatermarkFile,
  },
};

export class UploadFailure extends Error {}

function serverMessage(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/** Sends the file as multipart; `onProgress` gets 0..100. Rejects with an UploadFailure message. */
export function uploadMedia(rule: MediaRule, file: File, onProgress: (percent: number) => void): Promise<MediaUploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { method, path } = ROUTES[rule.endpoint];
    xhr.open(method, path);
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as MediaUploaded);
      } else {
        reject(new UploadFailure(serverMessage(xhr) ?? T.httpError(xhr.status, xhr.statusText)));
      }
    };
    xhr.onerror = () => reject(new UploadFailure(xhr.status === 0 ? T.noResponse : T.requestError('network error')));
    xhr.ontimeout = () => reject(new UploadFailure(T.noResponse));
    const form = new FormData();
    form.append(rule.field, file);
    try {
      xhr.send(form);
    } catch (e) {
      reject(new UploadFailure(T.requestError(e instanceof Error ? e.message : String(e))));
    }
  });
}
