// Bahasa Indonesia for every kiosk screen. The type makes each key of the
// English kiosk catalogue present here, with the same parameters; English stays the spec's words.
// Formal address ('Anda') throughout, as on a shop's own screen; rupiah amounts are formatted alike.
import type { EmailCopy } from './config-keys.ts';
import type { KioskLanguage } from './languages.ts';
import { MESSAGES, SERVER_MESSAGES } from './messages.ts';
import { STORE_MESSAGES_ID } from './messages-store-id.ts';

/**
 * The groups of MESSAGES only the back-office shows (translated in messages-admin-id.ts). Every
 * other group is a kiosk screen's (/box, /staging, /payment/*), so a new group must be translated
 * below unless it is listed here.
 */
export const ADMIN_MESSAGE_GROUPS = [
  'adminLogin',
  'dashboard',
  'setup',
  'transactions',
  'admins',
  'devices',
  'staffPin',
  'recorders',
  'promoForm',
  'product',
  'bundling',
  'venues',
  'cms',
  'emailConfig',
  'storage',
  'integrations',
  'errorsTab',
  'createAdmin',
  'adminScreens',
] as const;
type KioskGroup = Exclude<keyof typeof MESSAGES, (typeof ADMIN_MESSAGE_GROUPS)[number]>;

/** The kiosk's groups, in MESSAGES' order. */
export const KIOSK_MESSAGE_GROUPS = Object.keys(MESSAGES).filter(
  (group): group is KioskGroup => !(ADMIN_MESSAGE_GROUPS as readonly string[]).includes(group),
);

import type { Widen } from './widen.ts';
export type { Widen } from './widen.ts';

export type KioskMessages = Widen<Pick<typeof MESSAGES, KioskGroup>>;

const plural = (n: number, text: string) => `${n} ${text}`;

export const MESSAGES_ID: KioskMessages = {
  routing: {
    checkingDevice: 'Memeriksa otorisasi perangkat...',
    notTestDevice: 'Ini bukan perangkat uji',
    notTestDeviceHint: 'Pembelian staging hanya dapat dilakukan di perangkat uji. Silakan gunakan /box.',
    deviceStopped: 'Silakan hubungi staf kami',
    deviceStoppedHint: 'Kios ini tidak dapat menjual video saat ini. Staf kami dapat mengaktifkannya kembali.',
    testBanner: 'KIOS UJI: harga staging, bukan untuk pelanggan',
  },

  kioskHome: {
    seeYour: (productName) => `Lihat ${productName} Anda`,
    tagline: 'Saksikan kembali momen terbaik Anda di lapangan',
    promoTitle: 'Video promo',
  },

  folder: {
    browseVideos: 'Telusuri Video',
    home: 'Beranda',
    admin: 'Admin',
    help: 'Silakan hubungi staf kami untuk bantuan',
    // 'Select' and 'Allow' are the browser's own buttons: named as the browser may show them.
    instructionSteps: (productName) =>
      [
        "Klik tombol 'Telusuri Video'",
        `Buka folder ${productName} lalu klik 'Select' (Pilih)`,
        "Klik 'Allow' (Izinkan) jika diminta izin",
      ] as const,
    couldNotRead: 'Tidak dapat membaca isi folder',
    noVideoFiles: 'Tidak ada file video di folder yang dipilih',
    failedToLoad: 'Gagal memuat video dari folder yang dipilih',
    permissionNotGranted: 'Izin untuk folder yang dipilih tidak diberikan',
    cancelled: 'Pemilihan folder dibatalkan',
    failedToAccess: 'Gagal mengakses folder',
    browserUnsupported: 'Fitur ini memerlukan browser Chrome atau Edge',
    loadingTooLong: 'Pemuatan terlalu lama. Silakan coba lagi.',
  },

  loading: {
    title: 'Menyiapkan Video Anda',
    subtitle: 'Mohon tunggu sebentar',
  },

  selection: {
    title: 'Video Anda',
    recentVideos: 'Video Terbaru',
    olderVideos: 'Video Sebelumnya',
    checkout: 'Lanjut ke Pembayaran',
    clearCart: (count) => `Kosongkan keranjang (${plural(count, 'video')})`,
    showing: (from, to, total) => `Menampilkan ${from} - ${to} dari ${plural(total, 'video')}`,
    emptyTitle: 'Tidak Ada Video',
    emptyText: 'Folder yang dipilih tidak berisi file video',
    maxVideos: 'Maksimal 6 video dapat dipilih',
    select: 'Pilih',
    deselect: 'Batalkan pilihan',
    playClip: (title) => `Putar ${title}`,
    pages: 'Halaman',
    previousPage: 'Halaman sebelumnya',
    nextPage: 'Halaman berikutnya',
    closePlayer: 'Tutup',
    total: (amount) => `Total harga: ${amount}`,
    addsToTotal: (amount) => `+${amount}`,
    lowersTotal: (amount) => `hemat ${amount}`,
    bundleOffer: (more, each, save) => `Tambah ${more} lagi: ${each} per video, hemat ${save}`,
    cannotPlay: 'Video ini tidak dapat diputar',
  },

  guards: {
    stillThereTitle: 'Masih di sana?',
    stillThereCountdown: (seconds) => `Kembali ke layar utama dalam ${seconds} detik`,
    stillThereStay: 'Ya, saya masih di sini',
    holdForStaff: 'Staf: tekan dan tahan',
    clearCartTitle: (count) =>
      count === 1 ? 'Hapus video yang dipilih dari keranjang Anda?' : `Hapus semua ${count} video yang dipilih dari keranjang Anda?`,
    clearCartConfirm: 'Ya, kosongkan keranjang',
    leaveWithCartTitle: 'Keluar dan kosongkan keranjang Anda?',
    leaveWithCartText: (count) => `${plural(count, 'video')} yang Anda pilih akan dihapus.`,
    leaveConfirm: 'Ya, ke beranda',
    keepShopping: 'Tidak, simpan video saya',
    staffPinTitle: 'PIN Staf',
    staffPinSubmit: 'Buka',
    staffPinCancel: 'Batal',
    staffPinClear: 'Hapus',
    staffPinWrong: 'PIN salah. Silakan coba lagi.',
    staffPinOffline: 'PIN tidak dapat diperiksa saat kios tidak terhubung ke internet.',
  },

  player: {
    fullScreen: 'Layar penuh',
    exitFullScreen: 'Keluar dari layar penuh',
    select: 'Pilih',
    remove: 'Hapus',
  },

  checkout: {
    scanToWatch: 'Pindai dengan ponsel Anda untuk menonton dan mengunduh klip sekarang',
    pricesChanged: 'Harga telah berubah. Silakan periksa kembali total Anda.',
    waitingForPayment: 'Menunggu pembayaran',
    sendingTo: 'Klip Anda akan dikirim ke',
    didYouMean: (email) => `Maksud Anda ${email}?`,
    alsoSentTo: (email) => `Juga dikirim ke ${email}`,
    phoneQrLabel: 'Kode QR halaman klip Anda',
    done: 'Selesai',
    title: 'Selesaikan Pembelian Anda',
    subtotal: 'Subtotal',
    discount: 'Diskon',
    total: 'Total Pembayaran',
    email: 'Email',
    back: 'Kembali',
    payNow: 'Bayar Sekarang',
    selectPaymentMethod: 'Pilih Metode Pembayaran',
    purchaseCompleted: 'Pembelian Selesai!',
    checkSpam: 'Email tidak ditemukan? Silakan periksa folder spam atau junk Anda.',
    redirectCountdown: (seconds) => `Kembali ke layar utama dalam ${seconds} detik`,
    invalidEmail: 'Silakan masukkan alamat email yang valid',
    unexpectedError: 'Terjadi kesalahan yang tidak terduga',
    paymentNotConfigured: 'Sistem pembayaran belum diatur dengan benar. Silakan hubungi staf kami.',
    paymentSystemLoadFailed: 'Gagal memuat sistem pembayaran. Silakan coba lagi nanti.',
    paymentFormLoadFailed: 'Gagal memuat formulir pembayaran. Silakan coba lagi nanti.',
    paymentInitFailed: 'Gagal memulai pembayaran. Silakan coba lagi nanti.',
    paymentFailed: (message) => `Pembayaran gagal: ${message || 'Kesalahan tidak diketahui'}`,
    paymentCancelled: 'Pembayaran dibatalkan. Anda dapat mencoba lagi nanti.',
    paymentDeclined: 'Pembayaran ditolak oleh bank atau e-wallet Anda. Tidak ada biaya yang ditagihkan.',
    paymentExpired: 'Waktu pembayaran habis. Tidak ada biaya yang ditagihkan.',
    paymentNotCompleted: 'Pembayaran tidak berhasil. Tidak ada biaya yang ditagihkan.',
    connectionLostTitle: 'Koneksi terputus',
    connectionLost: 'Koneksi terputus. Belum ada biaya yang ditagihkan. Jika Anda membayar di ponsel, pembayaran tetap akan dikenali.',
    gatewaySkipped: 'Video Anda sedang disiapkan dan akan segera dikirim ke email Anda.',
    paymentSuccess: 'Pembayaran berhasil! Video Anda akan segera dikirim ke email Anda.',
    paymentPending: 'Pembayaran sedang diproses. Video Anda akan dikirim ke email Anda setelah pembayaran dikonfirmasi.',
    progress: {
      preparing: 'Menyiapkan video',
      uploading: 'Mengunggah video',
      finalizing: 'Menyelesaikan transaksi',
      completed: 'Selesai',
      completedWithoutUpload: 'Selesai (tanpa unggahan)',
      completedUpdateFailed: 'Selesai (pembaruan gagal)',
      error: 'Terjadi kesalahan saat memproses video',
      storageWaiting:
        'Klip Anda sudah dibayar dan tersimpan aman. Penyimpanan video sedang tidak dapat menerimanya; klip dikirim begitu penyimpanan siap kembali.',
    },
    orderSummary: 'Ringkasan pesanan',
    yourDetails: 'Data Anda',
    whatsappNumber: 'Nomor WhatsApp',
    whatsappConsent: 'Kirim klip saya ke nomor WhatsApp ini',
    whatsappPadClear: 'Hapus semua',
    whatsappPadDelete: 'Hapus',
    invalidPhone: 'Silakan masukkan nomor WhatsApp yang valid',
    phoneConsentRequired: 'Centang "Kirim klip saya ke nomor WhatsApp ini" untuk memakai nomor ini',
    whatsappOff: 'Pengiriman klip lewat WhatsApp tidak tersedia di sini. Silakan masukkan alamat email untuk menerima klip Anda.',
    contactRequired: 'Silakan masukkan alamat email atau nomor WhatsApp',
    sentToWhatsapp: (phone) => `Dikirim ke WhatsApp ${phone}`,
    sendingToWhatsapp: 'Klip Anda akan dikirim ke WhatsApp',
    gatewaySkippedWhatsapp: 'Video Anda sedang disiapkan; tautannya sedang dikirim ke WhatsApp Anda.',
    paymentSuccessWhatsapp: 'Pembayaran berhasil! Tautan video Anda sedang dikirim ke WhatsApp Anda.',
    paymentPendingWhatsapp: 'Pembayaran sedang diproses. Tautan video Anda akan dikirim ke WhatsApp Anda setelah pembayaran dikonfirmasi.',
  },

  promo: {
    apply: 'Terapkan',
    reapply: 'Terapkan Ulang',
    remove: 'Hapus',
    enterCode: 'Silakan masukkan kode promo',
    invalidOrExpired: 'Kode promo tidak valid atau sudah kedaluwarsa',
    requestFailed: 'Promo sudah berakhir atau kode yang Anda masukkan salah.',
    label: 'Kode promo',
  },

  paymentSuccess: {
    title: 'Pembayaran Berhasil',
    subtitle: 'Terima Kasih!',
    transactionId: 'ID Transaksi',
  },

  paymentFailure: {
    title: 'Pembayaran Gagal',
    subtitle: 'Pembayaran Belum Selesai',
    transactionId: 'ID Transaksi',
    errorCode: 'Kode Kesalahan',
    tryAgain: 'Coba Lagi',
    redirectCountdown: (seconds) => `Kembali ke video Anda dalam ${seconds} detik`,
  },

  offline: {
    online: 'Terhubung',
    offline: 'Tidak terhubung',
    purchasesWaiting: (n) => `${plural(n, 'pembelian')} menunggu`,
    clipsWaiting: (n) => `${plural(n, 'klip')} menunggu`,
    allSent: 'Semua terkirim',
    needsConnectionTitle: 'Pembayaran memerlukan koneksi internet',
    needsConnectionBody:
      'Kios sedang tidak terhubung ke internet, jadi pembayaran dengan kartu dan dompet digital belum bisa diterima. Tidak ada biaya yang ditagihkan. Silakan kembali beberapa menit lagi: video Anda tetap tersimpan di sini.',
    comeBackLater: 'Kembali nanti',
  },

  language: {
    switchLabel: 'Bahasa',
  },
  purchaseEmail: {
    watchButton: 'Tonton dan unduh klip Anda',
    folderLink: 'Atau buka folder penyimpanan:',
    receiptTitle: 'Kuitansi',
    purchaseId: 'ID Pembelian',
    venue: 'Tempat',
    court: 'Lapangan',
    dateTime: 'Tanggal dan waktu',
    clips: 'Klip',
    subtotal: 'Subtotal',
    promo: (code: string) => `Kode promo ${code}`,
    discount: 'Diskon',
    amountPaid: 'Jumlah dibayar',
    free: 'Gratis',
    keptUntil: (days: number, date: string) =>
      `Klip Anda disimpan selama ${days} hari, hingga ${date}. Silakan unduh sebelum tanggal tersebut.`,
  },
  phone: {
    title: 'Klip Anda',
    courtAt: (court: string, venue: string) => `${court} di ${venue}`,
    clip: (n: number) => `Klip ${n}`,
    download: 'Unduh',
    downloadAll: 'Unduh semua (ZIP)',
    shareWhatsApp: 'Bagikan ke WhatsApp',
    share: 'Bagikan',
    shareText: 'Klip saya dari lapangan',
    uploading: (ready: number, expected: number) =>
      `${ready} dari ${expected} klip siap. Sisanya masih diunggah dan akan muncul di sini dengan sendirinya.`,
    waitingForPayment: 'Menunggu pembayaran. Halaman ini menampilkan klip Anda setelah pembayaran dikonfirmasi.',
    notPaid: 'Pembelian ini tidak dibayar, jadi tidak ada klip.',
    removed: (date: string) => `Klip ini telah dihapus pada ${date}. Klip hanya disimpan untuk waktu terbatas.`,
    erased: 'Klip ini telah dihapus atas permintaan pemain.',
    keptUntil: (days: number, date: string) => `Klip disimpan selama ${days} hari, sampai ${date}. Unduh untuk menyimpannya.`,
    notFound: 'Tautan ini tidak valid. Periksa kode QR atau tautan di e-mail Anda.',
    tooManyDownloads: 'Klip ini sedang diunduh 3 kali sekaligus. Silakan tunggu hingga satu unduhan selesai, lalu coba lagi.',
    tooManyClipStreams: 'Klip ini sedang diputar atau diunduh 12 kali sekaligus. Silakan tutup salah satunya, lalu coba lagi.',
  },
  courts: {
    chips: 'Lapangan',
    ownCourt: 'Lapangan ini',
    all: 'Semua',
    timeJump: 'Waktu',
    anyTime: 'Kapan saja',
    last15: '15 menit terakhir',
    lastHour: '1 jam terakhir',
    newBadge: 'Baru',
    markedMoments: 'Momen yang ditandai',
    nothingHere: 'Belum ada video di sini. Coba lapangan atau waktu lain.',
  },
  mark: {
    button: 'Tandai momen ini',
    explain: 'Ketuk tombol tepat setelah reli yang ingin Anda simpan. Lalu temukan klipnya di kiosk pada Momen yang ditandai.',
    marked: (time: string, court: string) => `Ditandai ${time} di ${court}: temukan di kiosk pada Momen yang ditandai`,
    tooMany: 'Terlalu banyak tanda dari jaringan ini. Silakan coba lagi dalam satu menit.',
    noCamera: (court: string) =>
      `${court} tidak punya kamera, jadi tidak ada klip yang dipotong untuk momen ini. Cari rally Anda di kios berdasarkan waktunya.`,
    notRecording: (time: string, court: string) =>
      `Ditandai ${time} di ${court}, tetapi kameranya sedang tidak merekam, jadi tidak ada klip yang dapat dipotong untuk momen ini. Mohon beri tahu staf venue.`,
    notFound: 'Kode ini sudah tidak berlaku. Silakan pindai kode QR di lapangan.',
    otherLanguage: 'English',
    posterTitle: 'Reli hebat? Tandai!',
    posterScan: 'Pindai dengan kamera ponsel dan ketuk "Tandai momen ini". Klip Anda menunggu di kiosk pada Momen yang ditandai.',
  },
  store: STORE_MESSAGES_ID,
};

/**
 * The e-mail copy's defaults in Indonesian (CMS_EMAIL_COPY's English defaults are in
 * config-keys.ts): an Indonesian purchase's e-mail uses them for every field the admin left at
 * its default; text an admin wrote is sent as written, in either language.
 */
export const DEFAULT_EMAIL_COPY_ID: Readonly<EmailCopy> = {
  EMAIL_SUBJECT: '{productName} Anda Sudah Siap!',
  EMAIL_HEADING: 'Video Anda Sudah Siap!',
  EMAIL_THANK_YOU: 'Terima kasih atas pembelian Anda! Video {productName} Anda sudah diunggah.',
  EMAIL_INSTRUCTIONS:
    'Ketuk "{button}" di bawah untuk menonton video di ponsel Anda, mengunduhnya satu per satu atau sekaligus, dan membagikannya. ' +
    'Tautan ke folder penyimpanan ada di bawahnya. Siapa pun yang memiliki tautan dapat melihat video Anda, jadi bagikan hanya kepada orang yang Anda percayai.',
  EMAIL_CLOSING:
    'Jika ada pertanyaan atau kendala dengan video Anda, silakan hubungi staf di venue, yang dengan senang hati akan membantu. Selamat bermain!',
  EMAIL_FOOTER: 'Ini adalah email otomatis, mohon tidak membalas.',
};

/**
 * The server's answers a kiosk screen may show (a refused purchase, promo or device), in
 * Indonesian, keyed by their English text: the kiosk shows the server's message word for word in
 * English and translates the ones it knows. The keys of api/ are written out rather than imported,
 * so the kiosk's first download does not carry the schemas (zod) beside them; a test checks each
 * key is still one of the server's messages.
 */
export const SERVER_MESSAGES_ID: Readonly<Record<string, string>> = {
  'The total has changed. Please review your order.': 'Total harga telah berubah. Silakan periksa kembali pesanan Anda.',
  'Please select at least one video': 'Silakan pilih setidaknya satu video',
  'The same video is selected twice': 'Video yang sama terpilih dua kali',
  'This kiosk is registered to another venue.': 'Kios ini terdaftar di venue lain.',
  'This kiosk is registered to another court.': 'Kios ini terdaftar di lapangan lain.',
  'The promo code does not match the promo applied. Please apply it again.':
    'Kode promo tidak cocok dengan promo yang diterapkan. Silakan terapkan lagi.',
  'Please enter the promo code to use this promo.': 'Silakan masukkan kode promo untuk menggunakan promo ini.',
  'This kiosk is running an old version. Please reload the page and try again.':
    'Kios ini menjalankan versi lama. Silakan muat ulang halaman lalu coba lagi.',
  'A request with this Idempotency-Key is still being processed. Please retry shortly.':
    'Pembelian ini masih diproses. Silakan coba lagi sebentar lagi.',
  'Device not found': 'Perangkat tidak ditemukan',
  'This device is not a test device. Staging purchases can only be made on a test device.':
    'Perangkat ini bukan perangkat uji. Pembelian staging hanya dapat dilakukan di perangkat uji.',
  'Promo code may contain only letters, digits, "-" and "_"': 'Kode promo hanya boleh berisi huruf, angka, "-" dan "_"',
  [MESSAGES.promoForm.codeRequired]: 'Kode promo wajib diisi',
  'The PIN must be 4 to 8 digits': 'PIN harus terdiri dari 4 sampai 8 angka',
  'Too many wrong PINs. Please try again in 15 minutes.': 'Terlalu banyak PIN salah. Silakan coba lagi dalam 15 menit.',
  [SERVER_MESSAGES.access.deviceNotRegistered]: 'Perangkat ini belum terdaftar. Silakan minta staf untuk mendaftarkannya.',
  [SERVER_MESSAGES.access.deviceNotAuthorized]: 'Perangkat ini belum diotorisasi. Silakan minta staf untuk mengotorisasinya.',
  [SERVER_MESSAGES.payments.endFailed]: 'Pembayaran sebelumnya belum dapat diakhiri; silakan coba lagi.',
  [SERVER_MESSAGES.request.serverError]: 'Terjadi kesalahan di server. Silakan coba lagi.',
  [SERVER_MESSAGES.request.invalidBody]: 'Isi permintaan tidak valid',
  [SERVER_MESSAGES.storage.notConfigured]: 'Penyimpanan belum diatur.',
  [SERVER_MESSAGES.storage.full]: 'Penyimpanan penuh. Silakan minta staf untuk menghapus file lama.',
  [SERVER_MESSAGES.storage.purchaseErased]: 'Pembelian ini telah dihapus: tidak menerima video atau tautan lagi.',
  [SERVER_MESSAGES.storage.purchaseClipsRemoved]:
    'Video pembelian ini telah dihapus setelah masa simpan: tidak menerima video atau tautan lagi.',
  [SERVER_MESSAGES.storage.purchaseUnpaid]: 'Pembelian ini berakhir tanpa pembayaran: tidak menerima video atau tautan lagi.',
};

/** The English kiosk catalogue: MESSAGES' kiosk groups, unchanged. */
export const MESSAGES_EN: KioskMessages = {
  routing: MESSAGES.routing,
  kioskHome: MESSAGES.kioskHome,
  folder: MESSAGES.folder,
  loading: MESSAGES.loading,
  selection: MESSAGES.selection,
  guards: MESSAGES.guards,
  player: MESSAGES.player,
  checkout: MESSAGES.checkout,
  promo: MESSAGES.promo,
  paymentSuccess: MESSAGES.paymentSuccess,
  paymentFailure: MESSAGES.paymentFailure,
  offline: MESSAGES.offline,
  language: MESSAGES.language,
  purchaseEmail: MESSAGES.purchaseEmail,
  phone: MESSAGES.phone,
  courts: MESSAGES.courts,
  mark: MESSAGES.mark,
  store: MESSAGES.store,
};

export const KIOSK_MESSAGES: Record<KioskLanguage, KioskMessages> = { en: MESSAGES_EN, id: MESSAGES_ID };

/** Pairs of English and translated fixed texts, found by walking both catalogues side by side. */
function pairTexts(en: unknown, other: unknown, into: Map<string, string>): Map<string, string> {
  if (typeof en === 'string' && typeof other === 'string') into.set(en, other);
  else if (typeof en === 'object' && en !== null && typeof other === 'object' && other !== null) {
    for (const [key, value] of Object.entries(en)) pairTexts(value, (other as Record<string, unknown>)[key], into);
  }
  return into;
}

const TRANSLATIONS: Record<KioskLanguage, ReadonlyMap<string, string>> = {
  en: new Map(),
  id: pairTexts(MESSAGES_EN, MESSAGES_ID, new Map(Object.entries(SERVER_MESSAGES_ID))),
};

/**
 * A fixed English text the kiosk holds (a folder error, a progress step, a server's refusal) in
 * `language`; a text it does not know (a payment provider's own words) stays as it is.
 */
export const translateKioskText = (language: KioskLanguage, english: string): string => TRANSLATIONS[language].get(english) ?? english;
