// CMS uploads go through XMLHttpRequest, not fetch, because only XHR reports upload progress
// (spec section 2: uploads show percentage progress). Errors carry the spec's wording (section 8).
import {
  MESSAGES,
  validateBackgroundImageFile,
  validatePromoVideoFile,
  validateWatermarkFile,
  type ValidationResult,
} from '@courtreplay/shared';
import { readSession } from '../session/session.ts';

const T = MESSAGES.cms;

export type CmsMedia = 'promoVideo' | 'backgroundImage' | 'watermark';

export interface MediaRule {
  path: string;
  field: 'video' | 'image';
  configKey: 'CMS_PROMO_VIDEO' | 'CMS_BG_IMAGE' | 'CMS_WATERMARK';
  accept: string;
  /** null when the file may be sent, else the message to show. */
  check: (file: File | null) => ValidationResult;
}


export const MEDIA: Record<CmsMedia, MediaRule> = {
  promoVideo: {
    path: '/api/admin/cms/upload-promo-video',
    field: 'video',
    configKey: 'CMS_PROMO_VIDEO',
    accept: 'video/*',
    check: validatePromoVideoFile,
  },
  backgroundImage: {
    path: '/api/admin/cms/upload-bg-image',
    field: 'image',
    configKey: 'CMS_BG_IMAGE',
    accept: 'image/jpeg,image/png,image/webp',
    check: validateBackgroundImageFile,
  },
  watermark: {
    path: '/api/admin/cms/upload-watermark',
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
export function uploadMedia(rule: MediaRule, file: File, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', rule.path);
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(xhr.responseText ? JSON.parse(xhr.responseText) : null);
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
