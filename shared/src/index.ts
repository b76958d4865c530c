// The domain both sides obey. Pure TypeScript: no I/O, no Node or browser APIs.
export const PRODUCT_NAME_DEFAULT = 'CourtReplay';
