/**
 * Why a marked clip failed, in words a player's page can turn into a sentence: the court has no
 * camera, the camera was not recording then, the venue's recorder was offline then, the clip could
 * not be cut, or it could not be sent to the venue's storage. A leaf module: the messages word each
 * reason without reaching the API schemas.
 */
export const MARK_FAILURE_REASONS = ['no-camera', 'camera-offline', 'recorder-offline', 'cut-failed', 'upload-failed'] as const;
export type MarkFailureReason = (typeof MARK_FAILURE_REASONS)[number];
