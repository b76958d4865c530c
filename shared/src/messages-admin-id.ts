// Bahasa Indonesia for every back-office screen (issue 24 point 7). The type makes each key of the
// English back-office groups present here, with the same parameters; English stays the spec's
// words. Formal address ('Anda') throughout, as on the kiosk. Rupiah amounts and dates arrive
// formatted (Rp 27.000, 22/11/2026 14:05), which reads the same in both languages.
import type { AdminLanguage } from './languages.ts';
import { MESSAGES } from './messages.ts';
import type { ADMIN_MESSAGE_GROUPS } from './messages-id.ts';
import { type Widen } from './messages-id.ts';

type AdminGroup = (typeof ADMIN_MESSAGE_GROUPS)[number];

/** The back-office's catalogue: MESSAGES' admin groups, in either language. */
export type AdminMessages = Widen<Pick<typeof MESSAGES, AdminGroup>>;

const plural = (n: number, text: string) => `${n} ${text}`;

/** How the provider took back a paid purchase, as the Errors tab's verb. */
const REVERSED_VERBS_ID: Record<string, string> = {
  refund: 'dikembalikan dananya',
  partial_refund: 'dikembalikan sebagian dananya',
  chargeback: 'ditarik kembali (chargeback)',
  partial_chargeback: 'ditarik kembali sebagian (chargeback)',
  deny: 'ditolak',
  cancel: 'dibatalkan',
  expire: 'kedaluwarsa',
};

/** The back-office's words for a payment reversal the provider reports. */
const REVERSAL_WORDS_ID: Record<string, string> = {
  refund: 'Dana dikembalikan',
  partial_refund: 'Dana dikembalikan sebagian',
  chargeback: 'Chargeback',
  partial_chargeback: 'Chargeback sebagian',
  deny: 'Ditolak setelah pembayaran',
  cancel: 'Dibatalkan setelah pembayaran',
  expire: 'Kedaluwarsa setelah pembayaran',
};

/** The Product - Staging tab's notices carry this prefix, as in English. */
const staging = (message: string, isStaging: boolean) => (isStaging ? `Staging: ${message}` : message);

export const ADMIN_MESSAGES_ID: AdminMessages = {
  adminLogin: {
    title: 'Portal Admin',
    login: 'Masuk',
    loggingIn: 'Sedang masuk...',
    bothRequired: 'Silakan masukkan email dan kata sandi',
    failed: 'Gagal masuk',
    failedCheckCredentials: 'Gagal masuk. Silakan periksa email dan kata sandi Anda.',
  },

  setup: {
    title: 'Bersiap untuk berjualan',
    intro: 'Beberapa langkah sebelum kios pertama dapat menerima pembayaran:',
    steps: {
      venue: 'Tambahkan venue',
      court: 'Tambahkan lapangan ke venue tersebut',
      price: 'Tetapkan harga per video',
      kiosk: 'Daftarkan dan otorisasi kios',
      integrations: 'Uji pembayaran, penyimpanan, dan email (Integrasi, di Kuota Penyimpanan)',
    },
    open: 'Buka',
    done: 'Selesai',
    progress: (done, total) => `${done} dari ${total} selesai`,
  },

  dashboard: {
    title: 'Dasbor Admin',
    welcome: (email) => `Selamat datang, ${email}`,
    logout: 'Keluar',
    tabs: {
      transactions: 'Transaksi',
      admins: 'Admin',
      devices: 'Perangkat',
      productManagement: 'Produk',
      productDevManagement: 'Produk - Staging',
      venueManagement: 'Venue',
      cmsManagement: 'CMS',
      errors: 'Kesalahan',
      storageQuota: 'Kuota Penyimpanan',
    },
    noPermission: 'Anda tidak memiliki izin untuk melihat halaman ini.',
    confirm: 'Apakah Anda yakin?',
    yes: 'Ya',
    no: 'Tidak',
  },

  transactions: {
    resetFilters: 'Atur Ulang Filter',
    exportToExcel: 'Ekspor ke Excel',
    allVenues: 'Semua Venue',
    columns: [
      'ID',
      'Email',
      'Video',
      'Judul Video',
      'Jumlah',
      'Tanggal',
      'Status Pembayaran',
      'Status Email',
      'Venue',
      'Lapangan',
      'Kode Promo',
      'Tindakan',
    ],
    empty: 'Tidak ada transaksi. Coba ubah filter Anda.',
    emailNotSet: 'Belum diisi',
    unknownVenue: 'Venue tidak dikenal',
    paymentReversed: 'Pembayaran dibatalkan',
    resend: 'Kirim Ulang',
    sending: 'Mengirim...',
    resent: 'Email berhasil dikirim ulang',
    exported: (count) => `${plural(count, 'transaksi')} berhasil diekspor`,
    notLoggedIn: 'Anda belum masuk. Silakan masuk kembali.',
    loadFailed: 'Gagal memuat transaksi. Silakan coba lagi.',
    exportFetchFailed: 'Gagal mengambil transaksi untuk diekspor. Silakan coba lagi.',
    nothingToExport: 'Tidak ada transaksi untuk diekspor.',
    exportFailed: 'Gagal mengekspor transaksi. Silakan coba lagi.',
    resendFailed: 'Gagal mengirim ulang email',
    resendLimit: 'Email ini sudah dikirim ulang 3 kali dalam satu jam terakhir. Silakan coba lagi nanti.',
    noStoredFolder: 'Belum ada folder tersimpan. Silakan pilih folder terlebih dahulu di halaman Pemilihan Video.',
    noVideoInformation: 'Tidak ada informasi video untuk transaksi ini',
    noMatchingVideos: 'Tidak ada video yang cocok di folder yang dipilih',
    uploadFailed: 'Gagal mengunggah video. Silakan coba lagi.',
    foundUploadedSent: 'Video ditemukan, diunggah, dan email berhasil dikirim',
    processingFailed: 'Gagal memproses video. Silakan coba lagi.',
    dateAfterToday: 'Tanggal tidak boleh melewati hari ini',
    endBeforeStart: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
    exportToCsv: 'Ekspor ke CSV',
    exportedCsv: (count) => `${plural(count, 'transaksi')} berhasil diekspor ke CSV`,
    paymentStatusWord: { pending: 'Menunggu', paid: 'Lunas', free: 'Gratis', failed: 'Gagal', expired: 'Kedaluwarsa' },
    emailStatusWord: { sent: 'Terkirim', failed: 'Gagal' },
    yes: 'Ya',
    no: 'Tidak',
    stagingBadge: 'Staging',
    showStaging: 'Tampilkan pembelian staging',
    report: {
      title: 'Ringkasan penjualan',
      revenue: 'Pendapatan',
      revenueHint: 'Hanya pembelian yang lunas',
      purchases: 'Pembelian',
      clips: 'Klip terjual',
      averageOrder: 'Rata-rata pesanan',
      free: 'Pembelian gratis',
      staging: 'Pembelian staging',
      stagingHidden: 'Tidak dihitung: pembelian staging disembunyikan',
      discounts: 'Diskon promo',
      undelivered: 'Lunas, belum terkirim',
      undeliveredHint: 'Lebih dari 10 menit setelah pembayaran: lihat Kesalahan',
      chartTitle: 'Pendapatan harian',
      chartLabel: (from, to) => `Pendapatan harian dari ${from} sampai ${to}`,
      bestDay: (revenue) => `Hari terbaik: ${revenue}`,
      dayTitle: (date, revenue, purchases) => `${date}: ${revenue} dari ${plural(purchases, 'pembelian')}`,
      byCourtTitle: 'Pendapatan per lapangan',
      courtColumns: ['Lapangan', 'Pembelian', 'Pendapatan'],
      noCourt: 'Tanpa lapangan',
      unknownCourt: 'Lapangan tidak dikenal',
      loading: 'Memuat penjualan...',
      empty: 'Tidak ada penjualan untuk filter ini.',
      loadFailed: 'Gagal memuat ringkasan penjualan. Silakan coba lagi.',
    },
    editEmail: 'Ubah email',
    newEmail: 'Alamat email baru',
    save: 'Simpan',
    saving: 'Menyimpan...',
    cancel: 'Batal',
    emailCorrected: (email) => `Email diubah menjadi ${email}. Gunakan Kirim Ulang untuk mengirim klip ke alamat tersebut.`,
    emailUnchanged: 'Ini sudah alamat email pembelian tersebut.',
    erase: 'Hapus Data',
    erasing: 'Menghapus...',
    eraseConfirm:
      'Hapus data pemain ini? Klipnya dihapus dari penyimpanan dan alamat emailnya dihapus untuk selamanya. ' +
      'Jumlah, status pembayaran, kode promo, dan ID pembelian tetap disimpan untuk pembukuan. Tindakan ini tidak dapat dibatalkan.',
    eraseYes: 'Ya, hapus',
    erasedDone: 'Alamat email dan klip pembelian ini telah dihapus.',
    erased: 'Dihapus',
    erasedNoChange: 'Pembelian ini dihapus atas permintaan; alamat emailnya tidak dapat diubah atau digunakan lagi.',
    clipsExpired: 'Klip dihapus',
    clipsExpiredNoResend: 'Klip pembelian ini dihapus di akhir masa simpan, jadi tidak ada yang dapat dikirim.',
    details: 'Detail',
    drawer: {
      title: (id) => `Pembelian ${id}`,
      close: 'Tutup',
      loadFailed: 'Gagal memuat riwayat pembelian ini. Silakan coba lagi.',
      summary: ['Email', 'Venue', 'Lapangan', 'Klip', 'Jumlah', 'Kode Promo', 'Status Pembayaran'],
      timelineTitle: 'Riwayat',
      links: 'Tautan',
      phonePage: 'Buka halaman ponsel',
      folder: 'Buka folder penyimpanan',
      noLinks: 'Tidak ada tautan: klip tidak (atau belum, atau tidak lagi) tersimpan.',
      by: (admin) => `oleh ${admin}`,
    },
    timeline: {
      created: (amount) => `Pembelian dilakukan di kios (${amount})`,
      paid: (amount) => `Dibayar ${amount}`,
      free: 'Pembelian gratis: tidak perlu pembayaran',
      payment_failed: 'Pembayaran gagal',
      payment_expired: 'Pembayaran kedaluwarsa tanpa dibayar',
      payment_reversed: (reversal, amount) =>
        `Pembayaran dibatalkan oleh penyedia pembayaran${reversal ? `: ${REVERSAL_WORDS_ID[reversal] ?? reversal}` : ''}${amount ? ` (${amount})` : ''}`,
      late_settlement: (previous, afterWindow) =>
        `Pembayaran terlambat diterima${previous === 'failed' ? ', setelah pembayaran gagal' : previous === 'expired' ? ', setelah pembelian kedaluwarsa atau ditutup' : ''}${afterWindow ? ', setelah batas waktu pembayaran' : ''}`,
      clip_uploaded: (clip, clips) => `Klip ${clip} dari ${clips} diunggah`,
      upload_failed: (uploaded, clips) => `Unggahan berakhir dengan ${uploaded} dari ${clips} klip`,
      email_sent: (to) => (to ? `Email dikirim ke ${to}` : 'Email dikirim'),
      email_failed: (to) => (to ? `Email ke ${to} gagal` : 'Email gagal'),
      resend: 'Pengiriman ulang email diminta',
      email_corrected: (from, to) => (from && to ? `Alamat email diubah dari ${from} menjadi ${to}` : 'Alamat email diubah'),
      clips_expired: (files) => `Klip dihapus di akhir masa simpan (${plural(files, 'file')})`,
      erased: (files) => `Data pemain dihapus atas permintaan (${plural(files, 'file')} dihapus)`,
    },
  },

  admins: {
    columns: ['ID', 'Email', 'Peran', 'Dibuat', 'Venue yang Ditugaskan', 'Terakhir Masuk', 'Tindakan'],
    noVenuesAssigned: 'Belum ada venue',
    neverLoggedIn: 'Belum pernah',
    resetPassword: 'Atur ulang kata sandi',
    resetFailed: 'Gagal mengatur ulang kata sandi',
    oneTimePassword: (email, password) => `Kata sandi sekali pakai untuk ${email}: ${password} (hanya ditampilkan sekali)`,
    changePassword: 'Ubah kata sandi',
    currentPassword: 'Kata sandi saat ini',
    newPassword: 'Kata sandi baru',
    savePassword: 'Simpan kata sandi',
    chooseOwnPassword: 'Pilih kata sandi Anda sendiri',
    chooseOwnPasswordWhy:
      'Kata sandi Anda diatur ulang menjadi kata sandi sekali pakai. Masukkan kata sandi tersebut sebagai kata sandi saat ini dan pilih kata sandi baru untuk membuka dasbor.',
    changeFailed: 'Gagal mengubah kata sandi',
    auditTitle: 'Log audit',
    auditSentence: (change, admin, when) => `${change}, oleh ${admin}, pada ${when}`,
    auditNotSet: '(belum diatur)',
    auditOn: 'aktif',
    auditOff: 'nonaktif',
    auditYes: 'ya',
    auditNo: 'tidak',
    auditNoTiers: 'tanpa paket',
    auditTier: (quantity, price, enabled) => `${quantity} seharga ${price} per video${enabled ? '' : ' (nonaktif)'}`,
    auditConfigLabels: {
      CMS_PROMO_VIDEO: 'Video promo',
      CMS_PROMO_VIDEO_PORTRAIT: 'Video promo potret',
      CMS_BG_IMAGE: 'Gambar latar',
      CMS_WATERMARK: 'Watermark',
      DEFAULT_PRICE: 'Harga',
      PROMO_TABLE: 'Paket bundling',
      ENABLE_PAYMENT_GATEWAY: 'Gerbang pembayaran',
      CMS_EMAIL_COPY: 'Teks email',
    },
    auditStaging: (label) => `${label} (staging)`,
    auditActions: {
      'admin.create': 'Admin dibuat',
      'admin.delete': 'Admin dihapus',
      'admin.password_change': 'Kata sandi diubah',
      'admin.password_reset': 'Kata sandi diatur ulang',
      'cms.remove': 'Media dihapus',
      'cms.upload': 'Media diunggah',
      'device.authorize': 'Otorisasi perangkat',
      'device.delete': 'Perangkat dihapus',
      'device.field': 'Lapangan perangkat',
      'device.name': 'Nama perangkat diubah',
      'device.register': 'Perangkat didaftarkan',
      'device.replace': 'ID perangkat diatur ulang',
      'device.staging': 'Perangkat uji',
      'error.resolve': 'Kesalahan diselesaikan',
      'field.create': 'Lapangan dibuat',
      'field.delete': 'Lapangan dihapus',
      'field.update': 'Lapangan diubah',
      'promo.create': 'Kode promo dibuat',
      'promo.delete': 'Kode promo dihapus',
      'promo.update': 'Kode promo diubah',
      'staff_pin.set': 'PIN staf diatur',
      'storage.delete_old': 'File lama dihapus',
      'storage.empty': 'Penyimpanan dikosongkan',
      'transaction.email': 'Email pembelian diperbaiki',
      'transaction.erase': 'Pembelian dihapus',
      'transaction.resend': 'Email pembelian dikirim ulang',
      'venue.create': 'Venue dibuat',
      'venue.delete': 'Venue dihapus',
      'venue.update': 'Venue diubah',
    },
    auditEmpty: 'Belum ada perubahan yang tercatat',
    auditLoadFailed: 'Gagal memuat log audit',
    auditFilter: 'Tindakan atau item',
    auditPrevious: 'Sebelumnya',
    auditNext: 'Berikutnya',
    createAdmin: 'Buat Admin',
    empty: 'Tidak ada admin',
    loadFailed: 'Gagal memuat admin',
    deleteFailed: 'Gagal menghapus admin',
  },

  devices: {
    resetAndSync: 'Atur Ulang dan Sinkronkan ID Perangkat',
    idMismatch:
      'ID perangkat yang tersimpan di browser ini berbeda dengan sidik jari komputer ini. Atur ulang dan sinkronkan sebelum mendaftarkan atau mengotorisasi perangkat ini.',
    currentDevice: 'Perangkat ini',
    allVenues: 'Semua Venue',
    authorized: 'Terotorisasi',
    unauthorized: 'Belum terotorisasi',
    authorize: 'Otorisasi',
    deauthorize: 'Cabut otorisasi',
    delete: 'Hapus',
    columns: ['ID', 'ID Perangkat', 'Venue', 'Lapangan', 'Status', 'Perangkat uji', 'Nama', 'Kondisi', 'Dibuat', 'Tindakan'],
    yes: 'Ya',
    no: 'Tidak',
    makeTestDevice: 'Jadikan perangkat uji',
    makeLiveDevice: 'Jadikan perangkat live',
    stagingFailed: 'Gagal memperbarui pengaturan perangkat uji',
    empty: 'Tidak ada perangkat',
    venueRequired: 'Venue wajib dipilih',
    loadFailed: 'Gagal memuat perangkat',
    deleteFailed: 'Gagal menghapus perangkat',
    authorizationFailed: 'Gagal memperbarui otorisasi perangkat',
    registerFailed: 'Gagal mendaftarkan perangkat',
    fieldsLoadFailed: 'Gagal memuat lapangan',
    getIdFailed: 'Gagal mendapatkan ID perangkat. Silakan coba lagi.',
    syncIdFailed: 'Gagal menyinkronkan ID perangkat. Silakan coba lagi.',
    online: 'Online',
    offline: 'Offline',
    neverSeen: 'Belum pernah terlihat',
    lastSeen: (when) => `Terakhir terlihat ${when}`,
    onlineSince: (when) => `online sejak ${when}`,
    version: (version) => `Versi ${version}`,
    queue: (purchases, clips) =>
      purchases === 0 && clips === 0
        ? 'Tidak ada yang menunggu diunggah'
        : `Menunggu: ${plural(purchases, 'pembelian')}, ${plural(clips, 'klip')}`,
    screen: (screen) => `Di layar ${screen}`,
    warnings: {
      no_new_clips: 'Tidak ada klip baru di folder selama satu jam: periksa kamera dan folder',
      storage_nearly_full: 'Penyimpanan browser hampir penuh: hapus klip lama atau kosongkan ruang disk',
    },
    nameLabel: (deviceId) => `Nama kios ${deviceId}`,
    namePlaceholder: 'mis. Kios Lapangan 1',
    saveName: 'Simpan nama',
    nameFailed: 'Gagal menyimpan nama perangkat',
  },

  staffPin: {
    title: 'PIN Staf',
    help: 'Staf menahan tombol Admin di kios selama 2 detik untuk memilih folder lain. Jika PIN diatur, kios juga memintanya.',
    venue: 'Venue',
    pin: 'PIN baru (4 sampai 8 angka)',
    save: 'Simpan PIN',
    remove: 'Hapus PIN',
    isSet: 'PIN sudah diatur untuk venue ini',
    notSet: 'Tanpa PIN: menekan lama saja sudah membuka pilihan folder',
    saveFailed: 'Gagal menyimpan PIN staf',
    loadFailed: 'Gagal memuat PIN staf',
  },

  promoForm: {
    columns: ['Nama', 'Kode', 'Diskon', 'Kuota', 'Dibuat', 'Tindakan'],
    nameRequired: 'Nama promo wajib diisi',
    codeRequired: 'Kode promo wajib diisi',
    amountPositive: 'Jumlah harus lebih dari 0',
    percentPositive: 'Persentase harus lebih dari 0',
    percentMax: 'Persentase tidak boleh lebih dari 100%',
    quotaInvalid: 'Kuota harus bilangan bulat 0 atau lebih (0 = tanpa batas)',
    duplicateCode: 'Kode promo ini sudah ada',
    created: (code) => `Kode promo ${code} berhasil dibuat`,
    updated: (code) => `Kode promo ${code} berhasil diperbarui`,
    deleted: 'Kode promo berhasil dihapus',
    loadFailed: 'Gagal memuat kode promo',
    deleteFailed: 'Gagal menghapus kode promo',
    saveFailed: 'Gagal menyimpan kode promo',
    firstDay: 'Hari pertama (opsional)',
    lastDay: 'Hari terakhir (opsional)',
    daysHint: 'Hari mengikuti waktu venue (Asia/Jakarta); keduanya termasuk.',
    activeLabel: 'Aktif: pemain dapat menggunakan kode ini',
    statusOff: 'Nonaktif',
    statusStarts: (day) => `Mulai ${day}`,
    statusEnded: (day) => `Berakhir ${day}`,
    statusUntil: (day) => `Sampai ${day}`,
    uses: (used, quota) => `${used} / ${quota === 0 ? 'Tanpa batas' : quota}`,
  },

  product: {
    invalidPrice: 'Silakan masukkan harga yang valid',
    invalidPriceNegative: 'Silakan masukkan harga yang valid (0 atau lebih)',
    gatewayNeedsPrice: 'Gerbang pembayaran tidak dapat diaktifkan jika harga 0. Silakan tetapkan harga lebih dari 0 terlebih dahulu.',
    priceUpdated: (isStaging) => staging('Harga berhasil diperbarui', isStaging),
    priceZeroGatewayDisabled: (isStaging) => staging('Harga diubah menjadi 0. Gerbang pembayaran otomatis dinonaktifkan.', isStaging),
    gatewayToggled: (enabled, isStaging) => staging(`Gerbang pembayaran berhasil ${enabled ? 'diaktifkan' : 'dinonaktifkan'}`, isStaging),
    configLoadFailed: 'Gagal memuat konfigurasi',
    priceUpdateFailed: 'Gagal memperbarui harga',
    gatewayUpdateFailed: 'Gagal memperbarui status gerbang pembayaran',
    stagingOnly: 'Pengaturan ini hanya mengubah kios staging (/staging). Kios live (/box) tetap memakai pengaturan tab Produk.',
  },

  bundling: {
    atLeastOne: 'Silakan atur setidaknya satu promo bundling',
    updated: (isStaging) => staging('Promo bundling berhasil diperbarui', isStaging),
    updateFailed: 'Gagal memperbarui promo bundling',
  },

  venues: {
    title: 'Venue',
    addVenue: '+ Tambah Venue',
    venueName: 'Nama Venue',
    location: 'Lokasi',
    addCourt: '+ Tambah Lapangan',
    fieldName: 'Nama Lapangan',
    edit: 'Ubah',
    save: 'Simpan',
    cancel: 'Batal',
    delete: 'Hapus',
    courtsFor: (venue) => `Lapangan di ${venue}`,
    courtColumns: ['Nama', 'Dibuat', 'Tindakan'],
    noVenues: 'Belum ada venue.',
    selectVenue: 'Silakan pilih venue untuk mengelola lapangannya.',
    noFields: 'Belum ada lapangan di venue ini.',
    requiredFields: 'Silakan isi semua kolom wajib.',
    venueNameEmpty: 'Nama venue tidak boleh kosong',
    selectVenueFirst: 'Silakan pilih venue terlebih dahulu.',
    enterFieldName: 'Silakan masukkan nama lapangan.',
    fieldNameEmpty: 'Nama lapangan tidak boleh kosong',
    confirmDeleteVenue: (venue) => `Hapus venue ${venue}? Semua lapangannya juga akan dihapus.`,
    confirmDeleteCourt: (court) => `Hapus lapangan ${court}?`,
    loadFailed: 'Gagal memuat venue. Silakan coba lagi.',
    fieldsLoadFailed: 'Gagal memuat lapangan. Silakan coba lagi.',
    fieldDeleteFailed: 'Gagal menghapus lapangan. Silakan coba lagi.',
    venueUpdateFailed: 'Gagal memperbarui venue. Silakan coba lagi.',
    venueDeleteFailed: 'Gagal menghapus venue. Silakan coba lagi.',
    fieldUpdateFailed: 'Gagal memperbarui lapangan. Silakan coba lagi.',
    venueCreateFailed: 'Gagal membuat venue. Silakan coba lagi.',
    fieldCreateFailed: 'Gagal membuat lapangan. Silakan coba lagi.',
    kioskLanguage: 'Bahasa kios',
  },

  cms: {
    sections: {
      promoVideo: 'Video Promo',
      portraitPromoVideo: 'Video Promo Potret',
      backgroundImage: 'Gambar Latar',
      watermark: 'Gambar Watermark',
      emailTemplate: 'Pengaturan Template Email',
    },
    recommendations: {
      promoVideo: 'Disarankan: MP4, 1920x1080, kurang dari 2 menit dan kurang dari 25 MB.',
      portraitPromoVideo:
        'Opsional, untuk layar potret: MP4, 1080x1920, kurang dari 2 menit dan kurang dari 25 MB. Tanpa video ini, layar potret menampilkan video promo di atas dengan bingkai hitam.',
      backgroundImage: 'Disarankan: 1920x1080 atau lebih besar, kurang dari 5 MB.',
      watermark: 'Disarankan: PNG transparan, sekitar 800x600, kurang dari 5 MB.',
    },
    uploadProgress: (percent) => `${Math.round(percent)}%`,
    portraitUploaded: 'Video promo potret berhasil diunggah',
    removePortrait: 'Hapus Video Potret',
    portraitRemoved: 'Video promo potret dihapus: layar potret kembali menampilkan video lanskap',
    noPortraitVideo: 'Belum ada video promo potret',
    portraitRemoveFailed: 'Gagal menghapus video promo potret',
    invalidVideo: 'Silakan pilih file video yang valid',
    videoTooLarge: 'Ukuran file video harus kurang dari 100MB',
    noVideo: 'Silakan pilih file video untuk diunggah',
    malformedUpload: 'Unggahan tidak lengkap atau formulirnya tidak valid. Silakan pilih file dan coba lagi.',
    invalidImage: 'Silakan pilih file gambar yang valid (JPEG, PNG, atau WebP)',
    imageTooLarge: 'Ukuran file gambar harus kurang dari 10MB',
    noImage: 'Silakan pilih file gambar untuk diunggah',
    invalidWatermark: 'Silakan pilih gambar PNG untuk watermark agar mendukung transparansi',
    watermarkTooLarge: 'Ukuran file watermark harus kurang dari 5MB',
    noWatermark: 'Silakan pilih gambar PNG untuk diunggah sebagai watermark',
    httpError: (status, statusText) => `Kesalahan ${status}: ${statusText}`,
    noResponse: 'Tidak ada jawaban dari server. Silakan periksa koneksi Anda dan coba lagi.',
    requestError: (message) => `Kesalahan permintaan: ${message}`,
  },

  emailConfig: {
    invalidStored: 'Konfigurasi email yang tersimpan tidak valid. Nilai bawaan akan digunakan.',
    loadFailed: 'Gagal memuat konfigurasi email. Silakan coba lagi.',
    saveFailed: 'Gagal menyimpan konfigurasi email. Silakan coba lagi.',
    placeholders:
      "Gunakan {productName} untuk nama produk, {button} untuk label tombol utama email ('Watch and download your clips', yang membuka halaman ponsel pemain) dan {retentionDays} untuk lamanya klip disimpan (dalam hari). Tautan folder, tanda terima, dan tanggal klip dihapus ditambahkan di bawah tombol.",
    previewLanguage: 'Pratinjau dalam',
    previewFailed: 'Pratinjau tidak dapat dimuat. Silakan coba lagi.',
  },

  storage: {
    refresh: 'Muat Ulang',
    deleteOld: 'Hapus File > 2 Hari',
    emptyDrive: 'Kosongkan Drive',
    confirmDeleteOld: (files, size) =>
      `Hapus ${plural(files, 'file')} (${size}) yang lebih lama dari 2 hari dari drive? Tindakan ini tidak dapat dibatalkan.`,
    confirmEmpty: (files, size) =>
      `Hapus semua ${plural(files, 'file')} (${size}) yang disimpan produk ini di drive? Tindakan ini tidak dapat dibatalkan.`,
    nothingOld: 'Tidak ada file yang lebih lama dari 2 hari: tidak ada yang perlu dihapus.',
    nothingStored: 'Produk ini belum menyimpan file di drive: tidak ada yang perlu dihapus.',
    counting: 'Menghitung file...',
    countFailed: 'Gagal menghitung file. Silakan coba lagi.',
    typeDelete: 'Ketik DELETE untuk mengonfirmasi',
    // The word to type stays DELETE in both languages, so the operator's manual names one word.
    typeDeleteWord: 'DELETE',
    cancel: 'Batal',
    deleteNow: 'Hapus',
    quotaInfoFailed: 'Gagal mengambil informasi kuota penyimpanan',
    quotaFailed: 'Gagal mengambil kuota penyimpanan. Silakan coba lagi.',
    deleteOldFailed: 'Gagal menghapus file lama. Silakan coba lagi.',
    emptyFailed: 'Gagal mengosongkan Google Drive. Silakan coba lagi.',
  },

  integrations: {
    title: 'Integrasi',
    kinds: { payments: 'Pembayaran', storage: 'Penyimpanan', mail: 'Email' },
    adapter: 'Adaptor',
    lastSuccess: 'Terakhir berhasil',
    lastError: 'Kesalahan terakhir',
    never: 'Belum pernah',
    none: 'Tidak ada',
    test: 'Uji koneksi',
    testing: 'Menguji...',
    loadFailed: 'Gagal memuat integrasi. Silakan coba lagi.',
    testRequestFailed: 'Pengujian tidak dapat dijalankan. Silakan coba lagi.',
    browserUploadOk: 'Browser ini berhasil mengunggah potongan uji 256 KiB langsung ke penyimpanan: unggahan kios dapat menjangkaunya.',
    browserUploadFailed: (reason) =>
      `Browser ini tidak dapat mengunggah potongan uji ke penyimpanan (${reason}): unggahan kios akan gagal dengan cara yang sama. Pastikan penyimpanan menerima origin situs ini (CORS).`,
  },

  errorsTab: {
    title: 'Log Kesalahan',
    empty: 'Tidak ada kesalahan terbuka. Setiap kios melapor dan setiap pemain sudah menerima klipnya.',
    emptyFiltered: 'Tidak ada kesalahan yang cocok dengan filter ini.',
    loadFailed: 'Gagal memuat log kesalahan. Silakan coba lagi.',
    table: 'Log kesalahan',
    columns: ['Waktu', 'Jenis', 'Venue', 'Kios', 'Yang terjadi', 'Yang perlu dilakukan', 'Status'],
    kindFilter: 'Jenis',
    allKinds: 'Semua jenis',
    statusFilter: 'Status',
    statuses: { open: 'Terbuka', resolved: 'Selesai', all: 'Semua' },
    showStaging: 'Sertakan pembelian staging',
    kinds: {
      parked_purchase: 'Pembelian ditolak',
      upload_failed: 'Unggahan gagal',
      email_failed: 'Email gagal',
      payment_reversed: 'Pembayaran dibatalkan',
      late_settlement: 'Pembayaran terlambat',
      undelivered: 'Lunas, belum terkirim',
      credential_alert: 'Kredensial',
      integration_failure: 'Layanan gagal',
      kiosk_offline: 'Kios offline',
    },
    resolve: 'Tandai selesai',
    resolving: 'Menyimpan...',
    resolveFailed: 'Gagal menandai kesalahan sebagai selesai. Silakan coba lagi.',
    resolvedBy: (who, when) => `Diselesaikan oleh ${who}, ${when}`,
    resolvedItself: (when) => `Selesai dengan sendirinya, ${when}`,
    wholeInstall: 'Semua venue',
    parkedWhat: (reason, status, email, videos, amount) =>
      `Server menolak pembelian yang diantrekan kios saat offline: ${reason} (${status}). ${email}, ${plural(videos, 'klip')}, ${amount}.`,
    parkedTodo: 'Hubungi pemain di alamat tersebut: jika sudah membayar, berikan klipnya dengan cara lain atau kembalikan uangnya.',
    uploadWhat: (uploaded, clips, reason) => `Kios mengunggah ${uploaded} dari ${plural(clips, 'klip')}${reason ? `: ${reason}` : ''}.`,
    uploadTodo:
      'Gunakan Kirim Ulang pada pembelian ini di Transaksi, di komputer yang memiliki folder klip: klip yang belum terunggah akan diunggah dan email dikirim.',
    emailWhat: (to, reason) => `Email${to ? ` ke ${to}` : ''} tidak terkirim${reason ? `: ${reason}` : ''}.`,
    emailTodo: 'Periksa alamatnya (Transaksi, Detail atau Ubah email), lalu Kirim Ulang.',
    reversedWhat: (amount, reversal, detail) =>
      `Pembelian lunas sebesar ${amount} kemudian ${
        detail
          ? `${REVERSED_VERBS_ID[detail.kind] ?? detail.kind}${detail.amount ? ` (${detail.amount})` : ''}`
          : { failed: 'ditolak atau dibatalkan', expired: 'kedaluwarsa', refunded: 'dikembalikan dananya' }[reversal]
      } oleh penyedia pembayaran.`,
    reversedTodo:
      'Periksa pembayaran di dasbor Midtrans. Pembelian tetap lunas sampai Anda memutuskan; pemain mungkin sudah menerima klipnya.',
    lateWhat: (amount, previous, afterWindow, promoOverQuota) =>
      `Penyedia pembayaran menerima ${amount}${previous === 'failed' ? ' setelah pembayaran gagal' : previous === 'expired' ? ' setelah pembelian kedaluwarsa atau ditutup di kios' : ''}${afterWindow ? ', setelah batas waktu pembayaran dan masa tenggangnya lewat' : ''}. Pembelian kini lunas dan klipnya sudah dikirim.${promoOverQuota ? ` Kode promo ${promoOverQuota} kini dipakai melebihi kuotanya.` : ''}`,
    lateTodo:
      'Tidak ada yang perlu dilakukan untuk pemain. Periksa pembayaran di dasbor Midtrans jika waktunya tampak janggal; naikkan kuota promo jika sudah habis.',
    undeliveredWhat: (amount, minutes, missing) =>
      `${amount === 'Rp 0' ? 'Pembelian gratis' : `Pembelian yang dibayar ${amount}`} belum terkirim setelah ${minutes} menit: ${missing === 'clips' ? 'tidak ada klip yang diunggah (tidak ada tautan tersimpan)' : 'email belum dikirim'}.`,
    undeliveredTodo:
      'Pastikan kios online (klipnya diunggah dari sana), lalu Tandai selesai: pengiriman akan dijalankan lagi. Jika klip tidak pernah tiba, gunakan Kirim Ulang di Transaksi pada komputer yang memiliki folder klip.',
    integrationWhat: (service, message) => `${service} gagal: ${message}`,
    integrationTodo: 'Buka Integrasi dan tekan Uji koneksi; jika tetap gagal, periksa kredensial dan status layanan tersebut.',
    offlineWhat: 'Kios berhenti melapor (offline lebih dari 10 menit)',
    offlineAdvice: 'Pastikan PC kios menyala, halaman kios terbuka, dan jaringan venue berfungsi.',
  },

  createAdmin: {
    email: 'Email',
    password: 'Kata Sandi',
    confirmPassword: 'Konfirmasi Kata Sandi',
    role: 'Peran',
    roleAdmin: 'Admin',
    roleSuperAdmin: 'Super Admin',
    venue: 'Venue',
    superAdminNote: 'Super Admin memiliki akses ke semua venue',
    backToDashboard: 'Kembali ke Dasbor',
    credentialsRequired: 'Email dan kata sandi wajib diisi',
    venueRequired: 'Silakan pilih venue untuk admin ini',
    passwordsMismatch: 'Kata sandi tidak cocok',
    venuesLoadFailed: 'Gagal memuat venue. Silakan coba lagi.',
    createFailed: 'Gagal membuat akun admin',
  },

  adminScreens: {
    language: 'Bahasa',
    languageFailed: 'Gagal menyimpan bahasa. Silakan coba lagi.',
    loading: 'Memuat...',
    venue: 'Venue',
    selectVenue: 'Pilih venue',
    login: { email: 'Email', password: 'Kata Sandi' },
    transactions: {
      title: 'Transaksi',
      searchByEmail: 'Cari berdasarkan email',
      startDate: 'Tanggal mulai',
      endDate: 'Tanggal akhir',
      dateShortcuts: 'Pintasan tanggal',
      shortcuts: { Today: 'Hari ini', Yesterday: 'Kemarin', 'Last 7 days': '7 hari terakhir', 'This month': 'Bulan ini' },
      court: 'Lapangan',
      allCourts: 'Semua Lapangan',
      pagination: 'Halaman',
      previous: 'Sebelumnya',
      next: 'Berikutnya',
      page: (page, pages) => `Halaman ${page} dari ${pages}`,
      delivery: {
        awaiting_payment: 'Menunggu pembayaran',
        not_paid: 'Belum dibayar',
        paid: 'Menunggu unggahan',
        uploading: (uploaded, total) => `Mengunggah ${uploaded} dari ${total}`,
        link_saved: 'Tautan tersimpan',
        emailed: 'Email terkirim',
        failed: (reason) => (reason ? `Gagal: ${reason}` : 'Gagal'),
      },
    },
  },
};

/** The English back-office catalogue: MESSAGES' admin groups, unchanged. */
export const ADMIN_MESSAGES_EN: AdminMessages = {
  adminLogin: MESSAGES.adminLogin,
  dashboard: MESSAGES.dashboard,
  setup: MESSAGES.setup,
  transactions: MESSAGES.transactions,
  admins: MESSAGES.admins,
  devices: MESSAGES.devices,
  staffPin: MESSAGES.staffPin,
  promoForm: MESSAGES.promoForm,
  product: MESSAGES.product,
  bundling: MESSAGES.bundling,
  venues: MESSAGES.venues,
  cms: MESSAGES.cms,
  emailConfig: MESSAGES.emailConfig,
  storage: MESSAGES.storage,
  integrations: MESSAGES.integrations,
  errorsTab: MESSAGES.errorsTab,
  createAdmin: MESSAGES.createAdmin,
  adminScreens: MESSAGES.adminScreens,
};

export const ADMIN_CATALOGUES: Record<AdminLanguage, AdminMessages> = { en: ADMIN_MESSAGES_EN, id: ADMIN_MESSAGES_ID };

let englishToIndonesian: Map<string, string> | undefined;

/** Each fixed English text of the back-office catalogue with its Indonesian twin (the first, where one repeats). */
function textPairs(en: unknown, id: unknown, pairs: Map<string, string>): Map<string, string> {
  if (typeof en === 'string' && typeof id === 'string') {
    if (!pairs.has(en)) pairs.set(en, id);
  } else if (typeof en === 'object' && en !== null && typeof id === 'object' && id !== null) {
    for (const [key, value] of Object.entries(en)) textPairs(value, (id as Record<string, unknown>)[key], pairs);
  }
  return pairs;
}

/**
 * A fixed English back-office text held in state (a validation result from shared, a server answer
 * worded by MESSAGES) in the admin's language; any other text is left as it is.
 */
export function translateAdminText(language: AdminLanguage, english: string): string {
  if (language === 'en') return english;
  englishToIndonesian ??= textPairs(ADMIN_MESSAGES_EN, ADMIN_MESSAGES_ID, new Map());
  return englishToIndonesian.get(english) ?? english;
}
