// The words around the Devices tab's recorder commands (recorder-setup.ts), in both back-office
// languages. Our wording: the spec has no recorder. Kept apart from the catalogue so the
// instructions for three systems do not crowd messages.ts.
import type { AdminLanguage } from './languages.ts';
import type { RecorderSystem } from './recorder-setup.ts';

export interface RecorderSetupWords {
  /** The picker's name and each system's tab. */
  system: string;
  systems: Record<RecorderSystem, string>;
  copy: string;
  copied: string;
  /** Over plain HTTP a browser may refuse the clipboard: the text is selected instead. */
  copySelected: string;
  downloadRecorder: string;
  downloadScript: string;
  clipsFolder: (folder: string) => string;
  /** This page was opened on the server's own computer: another PC cannot reach that address. */
  ownComputer: (url: string) => string;
  windows: { install: string; script: string; startup: string };
  linux: { install: string; run: string; service: string };
  macos: { install: string; run: string; service: string };
}

const EN: RecorderSetupWords = {
  system: "The recorder's PC runs",
  systems: { windows: 'Windows', linux: 'Linux', macos: 'macOS' },
  copy: 'Copy',
  copied: 'Copied',
  copySelected: 'Selected: press Ctrl+C to copy',
  downloadRecorder: 'Download recorder.mjs',
  downloadScript: 'Download recorder.cmd',
  clipsFolder: (folder) => `The clips land in ${folder}: choose that folder at the kiosk ("Browse Videos").`,
  ownComputer: (url) =>
    `These commands name ${url}, an address only this computer can open: unless the recorder runs on this same computer, open the back-office at the address the recorder's PC reaches the server at (its network address or domain), then add the recorder again.`,
  windows: {
    install:
      'Install Node.js 22 and ffmpeg: run these two lines in a Command Prompt, then open a new one. (Or install Node.js 22 LTS from nodejs.org, and unzip ffmpeg from gyan.dev or the BtbN builds and add its bin folder to the PATH.)',
    script:
      'Make the folder C:\\CourtReplay and save this file in it as recorder.cmd (Download, or paste it into Notepad and save it as "All files"). Double-click it: it downloads the recorder the first time, shows its log and starts it again if it stops. It holds the token: keep it private.',
    startup:
      "Start it with the PC: run this line once in a Command Prompt. It puts a launcher in this Windows user's Startup folder, so the recorder starts, minimised, each time this user signs in (no administrator rights needed). Let the PC sign in by itself after a restart, and leave the window open: closing it stops the recording.",
  },
  linux: {
    install:
      "Install ffmpeg and curl from your distribution (Debian and Ubuntu below). node --version must show v22 or newer: if not, install Node.js 22 LTS from nodejs.org (distributions' own are often older).",
    run: 'Download the recorder and start it in a terminal (Ctrl+C stops it):',
    service:
      'Keep it running and start it with the PC: this writes a systemd service that runs it as you, starts it again if it stops, and logs to journalctl -u courtreplay-recorder.',
  },
  macos: {
    install: 'Install Node.js 22 LTS with the macOS installer from nodejs.org, and ffmpeg with Homebrew:',
    run: 'Download the recorder and start it in Terminal (Ctrl+C stops it):',
    service:
      'Keep it running and start it with the Mac: this writes a launchd agent that starts it when you log in, starts it again if it fails, and writes its log to ~/courtreplay/recorder.log.',
  },
};

const ID: RecorderSetupWords = {
  system: 'PC perekam memakai',
  systems: { windows: 'Windows', linux: 'Linux', macos: 'macOS' },
  copy: 'Salin',
  copied: 'Tersalin',
  copySelected: 'Terpilih: tekan Ctrl+C untuk menyalin',
  downloadRecorder: 'Unduh recorder.mjs',
  downloadScript: 'Unduh recorder.cmd',
  clipsFolder: (folder) => `Klip tersimpan di ${folder}: pilih folder itu di kios ("Browse Videos").`,
  ownComputer: (url) =>
    `Perintah ini memakai ${url}, alamat yang hanya dapat dibuka komputer ini: kecuali perekam berjalan di komputer yang sama, buka back-office di alamat tempat PC perekam menjangkau server (alamat jaringan atau domainnya), lalu tambahkan perekam lagi.`,
  windows: {
    install:
      'Pasang Node.js 22 dan ffmpeg: jalankan dua baris ini di Command Prompt, lalu buka Command Prompt baru. (Atau pasang Node.js 22 LTS dari nodejs.org, dan ekstrak ffmpeg dari gyan.dev atau build BtbN lalu tambahkan folder bin-nya ke PATH.)',
    script:
      'Buat folder C:\\CourtReplay dan simpan file ini di dalamnya sebagai recorder.cmd (Unduh, atau tempel ke Notepad lalu simpan sebagai "All files"). Klik dua kali: file ini mengunduh perekam pada kali pertama, menampilkan log-nya, dan menjalankannya lagi bila berhenti. File ini memuat token: jaga kerahasiaannya.',
    startup:
      'Jalankan bersama PC: jalankan baris ini sekali di Command Prompt. Baris ini menaruh peluncur di folder Startup pengguna Windows ini, sehingga perekam berjalan (diminimalkan) setiap kali pengguna ini masuk (tanpa hak administrator). Atur PC agar masuk sendiri setelah dinyalakan ulang, dan biarkan jendelanya terbuka: menutupnya menghentikan perekaman.',
  },
  linux: {
    install:
      'Pasang ffmpeg dan curl dari distribusi Anda (Debian dan Ubuntu di bawah). node --version harus menampilkan v22 atau lebih baru: jika tidak, pasang Node.js 22 LTS dari nodejs.org (versi bawaan distribusi sering lebih lama).',
    run: 'Unduh perekam dan jalankan di terminal (Ctrl+C menghentikannya):',
    service:
      'Agar tetap berjalan dan ikut menyala bersama PC: ini menulis layanan systemd yang menjalankannya sebagai Anda, menjalankannya lagi bila berhenti, dan mencatat log ke journalctl -u courtreplay-recorder.',
  },
  macos: {
    install: 'Pasang Node.js 22 LTS dengan penginstal macOS dari nodejs.org, dan ffmpeg dengan Homebrew:',
    run: 'Unduh perekam dan jalankan di Terminal (Ctrl+C menghentikannya):',
    service:
      'Agar tetap berjalan dan ikut menyala bersama Mac: ini menulis agen launchd yang menjalankannya saat Anda masuk, menjalankannya lagi bila gagal, dan menulis log-nya ke ~/courtreplay/recorder.log.',
  },
};

export const RECORDER_SETUP_WORDS: Record<AdminLanguage, RecorderSetupWords> = { en: EN, id: ID };
