// Bahasa Indonesia for why a camera does not record (messages-camera-reasons.ts) and for what to do
// about each credential alert of Integrations: the back-office catalogue's two longest lists.
import type { CredentialAlertCode } from './api/integrations.ts';
import type { CAMERA_REASON_MESSAGES } from './messages-camera-reasons.ts';

export const CAMERA_REASON_MESSAGES_ID: Record<keyof typeof CAMERA_REASON_MESSAGES, { what: string; todo: string }> = {
  'connection-refused': {
    what: 'Kamera menolak sambungan.',
    todo: 'Periksa alamat dan port RTSP (biasanya 554) pada alamat kamera, dan pastikan RTSP aktif di pengaturan kamera itu sendiri.',
  },
  'no-answer': { what: 'Kamera tidak menjawab.', todo: 'Periksa daya, kabel jaringan, dan alamat IP pada alamat kamera.' },
  'unknown-host': { what: 'Nama host kamera tidak dikenal.', todo: 'Tulis alamat IP kamera pada alamat kamera sebagai gantinya.' },
  'no-stream': {
    what: 'Kamera tidak memiliki aliran video pada jalur ini.',
    todo: 'Betulkan jalur setelah port pada alamat kamera: kolom Kamera menampilkan jalur merek-merek umum, dan manual kamera menyebut jalurnya sendiri.',
  },
  'stream-dropped': {
    what: 'Kamera berhenti mengirim video: sambungan terputus atau kamera memulai ulang.',
    todo: 'Periksa daya dan kabel jaringan kamera; perekam menyambung lagi dengan sendirinya.',
  },
  stopped: { what: 'Kamera berhenti mengirim video.', todo: 'Periksa daya dan kabel jaringan kamera, serta alamatnya di Venue (Kamera).' },
  'ffmpeg-missing': {
    what: 'ffmpeg tidak dapat berjalan di PC perekam.',
    todo: 'Pasang ffmpeg di PC itu seperti yang ditunjukkan Tambah perekam (Perangkat), lalu jalankan perekam lagi.',
  },
  'password-refused': {
    what: 'Perekam kini hanya mencoba lagi setiap beberapa menit, agar kamera tidak mengunci pengguna tersebut.',
    todo: 'Masuk ke halaman web kamera dengan nama pengguna dan kata sandi pada alamat kamera lapangan ini (Venue, Kamera). Simpan alamat yang sudah dibetulkan: perekam langsung mencobanya.',
  },
  'address-refused': {
    what: 'Perekam menolak alamat kamera.',
    todo: 'Betulkan alamat kamera di Venue (Kamera): perekam langsung mencoba alamat yang baru.',
  },
  'folder-not-writable': {
    what: 'Perekam tidak boleh menulis di folder kliknya.',
    todo: 'Izinkan pengguna yang menjalankan perekam menulis di folder klip (Windows: Properties folder itu, Security), lalu tunggu satu menit.',
  },
  'disk-full': {
    what: 'Disk folder klip perekam penuh.',
    todo: 'Kosongkan ruang di PC perekam: hapus klip lama atau pindahkan ke disk lain.',
  },
  'clips-failing': {
    what: 'Video masuk, tetapi tidak ada klip yang dapat dipotong darinya.',
    todo: 'Kosongkan ruang disk di PC perekam dan izinkan perekam menulis di folder kliknya; jika klip tetap gagal, jalankan ulang perekam.',
  },
  h265: {
    what: 'Kamera mengirim H.265, yang tidak dapat diputar Chrome di banyak PC.',
    todo: 'Atur aliran utama kamera ke H.264 di pengaturan kamera itu sendiri.',
  },
  'recorder-silent': {
    what: 'Perekam berhenti melapor.',
    todo: 'Pastikan PC perekam menyala dan tersambung, dan perekam berjalan (di Windows, jendelanya terbuka).',
  },
};

export const ALERT_ADVICE_ID: Record<CredentialAlertCode, string> = {
  google_invalid_grant:
    'Terbitkan aplikasi OAuth ke Production di Google Cloud (aplikasi Testing kehilangan refresh token-nya setelah 7 hari), lalu jalankan `npm run drive:connect` lagi dan atur GOOGLE_REFRESH_TOKEN yang baru.',
  midtrans_unauthorized:
    'Cocokkan MIDTRANS_SERVER_KEY (production) atau MIDTRANS_SERVER_KEY_SANDBOX (sandbox) dengan Settings > Access Keys di dasbor Midtrans, lalu mulai ulang server.',
  smtp_auth_failed:
    'Periksa nama pengguna dan kata sandi di SMTP_URL (karakter khusus ditulis dengan percent-encoding; Gmail memerlukan app password dengan verifikasi 2 langkah aktif), lalu mulai ulang server. Email pembelian tidak dicoba ulang selama itu (server bisa mengunci akun setelah login salah berulang): kirim ulang yang tercantum di Kesalahan setelah berfungsi.',
  smtp_tls_failed:
    'Betulkan SMTP_URL (host, port, dan smtp:// atau smtps://) lalu mulai ulang server. Email pembelian tidak dicoba ulang selama itu: kirim ulang yang tercantum di Kesalahan setelah berfungsi.',
  google_sharing_restricted:
    'Pengiriman tidak memerlukan apa pun. Untuk memberi pemain tautan folder Drive juga, izinkan akun ini berbagi di luar organisasi (Google Admin console, Apps > Google Workspace > Drive and Docs > Sharing settings).',
  google_storage_full:
    'Kosongkan ruang di tab Kuota Penyimpanan (hapus file lama) atau beli penyimpanan Google tambahan; unggahan langsung berfungsi lagi, dan kios mencoba ulang unggahannya.',
  s3_access_denied:
    'Periksa S3_ACCESS_KEY_ID dan S3_SECRET_ACCESS_KEY, dan bahwa kunci itu boleh put, get, list, dan delete objek di bawah S3_PREFIX dalam S3_BUCKET; lalu mulai ulang server. Kios menyimpan kliknya dan mencoba ulang.',
  whatsapp_unauthorized:
    'Buat token System User permanen dengan whatsapp_business_messaging dan whatsapp_business_management (Meta Business Settings > System users), masukkan ke WHATSAPP_ACCESS_TOKEN lalu mulai ulang. Pesan yang gagal selama itu tercantum di Kesalahan: kirim ulang setelah berfungsi.',
  whatsapp_configuration:
    'Periksa WHATSAPP_PHONE_NUMBER_ID (id nomor telepon di WhatsApp Manager > Phone numbers, bukan nomornya) dan WHATSAPP_TEMPLATE, lalu mulai ulang server dan tekan Uji koneksi. Pesan yang gagal selama itu tercantum di Kesalahan: kirim ulang setelah berfungsi.',
  whatsapp_payment:
    'Tambahkan atau betulkan metode pembayaran di Meta Business Settings > WhatsApp accounts > (akun ini) > Payment settings, atau di WhatsApp Manager > Overview; lalu kirim ulang pesan yang tercantum di Kesalahan.',
};
