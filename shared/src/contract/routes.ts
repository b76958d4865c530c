// Every call of the API by name: method and path only. The PWA's client reads this table at run
// time (it holds no schema, so the kiosk bundle stays free of zod); ./endpoints.ts completes each
// entry with its access, schemas and answers, and the compiler insists that both name the same calls.
export const ROUTES = {
  // the server itself
  health: { method: 'GET', path: '/api/health' },
  openApi: { method: 'GET', path: '/api/openapi.json' },
  productInfo: { method: 'GET', path: '/api/product' },
  apiDocs: { method: 'GET', path: '/api/docs' },

  // admins: sessions and accounts
  login: { method: 'POST', path: '/api/admin/login' },
  verifySession: { method: 'GET', path: '/api/admin/verify' },
  logout: { method: 'POST', path: '/api/admin/logout' },
  listAdmins: { method: 'GET', path: '/api/admin/all' },
  createAdmin: { method: 'POST', path: '/api/admin/create' },
  listAdminVenues: { method: 'GET', path: '/api/admin/venues' },
  deleteAdmin: { method: 'DELETE', path: '/api/admin/:id' },
  changePassword: { method: 'PUT', path: '/api/admin/password' },
  setAdminLanguage: { method: 'PUT', path: '/api/admin/me/language' },
  resetAdminPassword: { method: 'POST', path: '/api/admin/:id/reset-password' },
  listAuditLog: { method: 'GET', path: '/api/audit-log' },

  // configuration: prices, bundle tiers, CMS texts
  getConfig: { method: 'GET', path: '/api/admin/config' },
  updateConfig: { method: 'PUT', path: '/api/admin/config' },

  // integrations panel
  integrationHealth: { method: 'GET', path: '/api/admin/integrations' },
  testIntegration: { method: 'POST', path: '/api/admin/integrations/:kind/test' },

  // venues and courts (fields)
  listVenues: { method: 'GET', path: '/api/venue' },
  createVenue: { method: 'POST', path: '/api/venue/create' },
  updateVenue: { method: 'PUT', path: '/api/venue/:id' },
  deleteVenue: { method: 'DELETE', path: '/api/venue/:id' },
  listFields: { method: 'GET', path: '/api/field/venue/:venueId' },
  createField: { method: 'POST', path: '/api/field/create' },
  assignDeviceField: { method: 'PUT', path: '/api/field/device' },
  updateField: { method: 'PUT', path: '/api/field/:id' },
  deleteField: { method: 'DELETE', path: '/api/field/:id' },
  renewCourtCode: { method: 'POST', path: '/api/field/:id/court-code' },
  setFieldCamera: { method: 'PUT', path: '/api/field/:id/camera' },

  // the venue's recorders: devices that turn its cameras into clips
  createRecorder: { method: 'POST', path: '/api/admin/recorders' },
  listRecorders: { method: 'GET', path: '/api/admin/recorders' },
  deleteRecorder: { method: 'DELETE', path: '/api/admin/recorders/:id' },
  recorderSetup: { method: 'GET', path: '/api/recorder/setup' },
  recorderStatus: { method: 'POST', path: '/api/recorder/status' },
  recorderMarks: { method: 'GET', path: '/api/recorder/marks' },
  beginMarkFile: { method: 'POST', path: '/api/recorder/marks/:id/files/:kind' },
  markFileParts: { method: 'POST', path: '/api/recorder/marks/:id/files/:kind/parts' },
  completeMarkFile: { method: 'POST', path: '/api/recorder/marks/:id/files/:kind/complete' },
  recorderMarkStates: { method: 'POST', path: '/api/recorder/mark-states' },

  // kiosk devices
  registerDevice: { method: 'POST', path: '/api/device/register' },
  authorizeDevice: { method: 'PUT', path: '/api/device/authorize' },
  setDeviceStaging: { method: 'PUT', path: '/api/device/staging' },
  listDevices: { method: 'GET', path: '/api/device/all' },
  getDevice: { method: 'GET', path: '/api/device/:deviceId' },
  deleteDevice: { method: 'DELETE', path: '/api/device/:deviceId' },
  replaceDevice: { method: 'POST', path: '/api/device/:deviceId/replace' },
  deviceHeartbeat: { method: 'POST', path: '/api/device/:deviceId/heartbeat' },
  nameDevice: { method: 'PUT', path: '/api/device/:deviceId/name' },
  issuePhoneTokens: { method: 'POST', path: '/api/device/phone-tokens' },

  // staff PIN: guards the kiosk's folder re-pick
  listStaffPins: { method: 'GET', path: '/api/admin/staff-pin' },
  setStaffPin: { method: 'PUT', path: '/api/admin/staff-pin' },
  staffPinStatus: { method: 'GET', path: '/api/staff-pin' },
  verifyStaffPin: { method: 'POST', path: '/api/staff-pin/verify' },

  // promo codes
  validatePromo: { method: 'POST', path: '/api/promo/validate' },
  listPromos: { method: 'GET', path: '/api/promo' },
  createPromo: { method: 'POST', path: '/api/promo' },
  updatePromo: { method: 'PUT', path: '/api/promo/:id' },
  deletePromo: { method: 'DELETE', path: '/api/promo/:id' },

  // purchases (transactions)
  createPurchase: { method: 'POST', path: '/api/transaction' },
  listPurchases: { method: 'GET', path: '/api/transaction' },
  updateZipUrl: { method: 'PUT', path: '/api/transaction/:id/zipUrl' },
  abandonPurchase: { method: 'POST', path: '/api/transaction/:id/abandon' },
  endPurchasePayment: { method: 'POST', path: '/api/transaction/:id/end-payment' },
  resendEmail: { method: 'POST', path: '/api/transaction/:id/resend-email' },
  purchaseStatus: { method: 'GET', path: '/api/transaction/:id/status' },
  updatePurchaseEmail: { method: 'PUT', path: '/api/transaction/:id/email' },
  updatePurchaseContact: { method: 'PUT', path: '/api/transaction/:id/contact' },
  erasePurchase: { method: 'POST', path: '/api/transaction/:id/erase' },
  purchaseTimeline: { method: 'GET', path: '/api/transaction/:id/timeline' },

  // WhatsApp Cloud API status webhooks
  whatsappWebhookVerify: { method: 'GET', path: '/api/whatsapp/webhook' },
  whatsappWebhook: { method: 'POST', path: '/api/whatsapp/webhook' },

  // reports
  salesReport: { method: 'GET', path: '/api/reports/sales' },
  setupChecklist: { method: 'GET', path: '/api/admin/setup' },

  // payments
  paymentClientConfig: { method: 'GET', path: '/api/payment/client-config' },
  paymentNotification: { method: 'POST', path: '/api/payment/notification' },
  // the payment simulator (PAYMENT_PROVIDER simulator only): its Snap script and panel's calls
  simulatorScript: { method: 'GET', path: '/api/payment/simulator/snap.js' },
  simulatorOrder: { method: 'GET', path: '/api/payment/simulator/:token' },
  simulatorPayPage: { method: 'GET', path: '/api/payment/simulator/:token/pay' },
  simulatorPayForm: { method: 'POST', path: '/api/payment/simulator/:token/pay' },
  simulatePayment: { method: 'POST', path: '/api/payment/simulator/:token/:outcome' },

  // cloud storage
  storageQuota: { method: 'GET', path: '/api/google-drive/storage-quota' },
  deleteOldFiles: { method: 'POST', path: '/api/google-drive/delete-old-files' },
  emptyDrive: { method: 'POST', path: '/api/google-drive/empty-drive' },
  storageCleanupPreview: { method: 'GET', path: '/api/google-drive/cleanup-preview' },
  createFolder: { method: 'POST', path: '/api/google-drive/create-folder' },
  getSignedUrl: { method: 'POST', path: '/api/google-drive/get-signed-url' },
  uploadStatus: { method: 'POST', path: '/api/storage/upload-status' },
  multipartParts: { method: 'POST', path: '/api/storage/multipart/parts' },
  completeMultipart: { method: 'POST', path: '/api/storage/multipart/complete' },
  uploadClip: { method: 'PUT', path: '/api/storage/upload/:uploadId' },

  // CMS media
  uploadPromoVideo: { method: 'POST', path: '/api/admin/cms/upload-promo-video' },
  uploadPortraitPromoVideo: { method: 'POST', path: '/api/admin/cms/upload-portrait-promo-video' },
  deletePortraitPromoVideo: { method: 'DELETE', path: '/api/admin/cms/portrait-promo-video' },
  uploadBackgroundImage: { method: 'POST', path: '/api/admin/cms/upload-bg-image' },
  uploadWatermark: { method: 'POST', path: '/api/admin/cms/upload-watermark' },
  emailPreview: { method: 'POST', path: '/api/admin/cms/email-preview' },

  // kiosk reports (delivery problems the kiosk could not solve alone)
  reportParked: { method: 'POST', path: '/api/kiosk-reports/parked' },
  reportProgress: { method: 'POST', path: '/api/kiosk-reports/progress' },
  listErrors: { method: 'GET', path: '/api/error-log' },
  resolveError: { method: 'PUT', path: '/api/error-log/:id/resolve' },
  listParked: { method: 'GET', path: '/api/kiosk-reports/parked' },
  listReversed: { method: 'GET', path: '/api/kiosk-reports/reversed' },
  dismissParked: { method: 'DELETE', path: '/api/kiosk-reports/parked/:id' },
  deliveryReport: { method: 'GET', path: '/api/kiosk-reports/delivery' },

  // the player's phone page polls its state (the page and its files are not JSON calls)
  phonePageState: { method: 'GET', path: '/p/:token/state' },
  phonePageContact: { method: 'POST', path: '/p/:token/contact' },

  // the store on the phone that marked the rallies (/c/{courtCode}): its script's calls
  phoneRallies: { method: 'GET', path: '/c/:courtCode/rallies' },
  phoneQuote: { method: 'POST', path: '/c/:courtCode/quote' },
  buyRallies: { method: 'POST', path: '/c/:courtCode/buy' },
  cancelPhoneOrder: { method: 'POST', path: '/c/:courtCode/order/cancel' },
  notifyWhenReady: { method: 'POST', path: '/c/:courtCode/notify' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: `/${string}` }>;

export type RouteName = keyof typeof ROUTES;

/** The route a request is for, matching `:param` segments; undefined for an unknown call. */
export function findRoute(method: string, pathname: string): RouteName | undefined {
  const names = Object.keys(ROUTES) as RouteName[];
  // Literal segments win over parameters (PUT /api/field/device is not PUT /api/field/:id).
  const matches = names.filter((name) => ROUTES[name].method === method.toUpperCase() && patternOf(ROUTES[name].path).test(pathname));
  return matches.sort((a, b) => paramCount(ROUTES[a].path) - paramCount(ROUTES[b].path))[0];
}

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`);
const paramCount = (path: string) => (path.match(/:/g) ?? []).length;
