/**
 * Why a marked clip failed, as a code the phone words for the player: the court has no camera, the
 * camera was offline at the time, the venue's recorder was offline at the time (its buffer no longer
 * holds the moment), the clip could not be cut, or it could not be uploaded (storage refused it).
 * A leaf module: the messages word each code without reaching the API schemas.
 */
export const MARK_FAILURES = ['no-camera', 'camera-offline', 'recorder-offline', 'cut-failed', 'upload-failed'] as const;
export type MarkFailure = (typeof MARK_FAILURES)[number];
