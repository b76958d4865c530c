// Add recorder's instructions: for the recorder's PC (Windows first, where venues' PCs are; Linux;
// macOS), what to install and the exact commands, made by recorderSetup in shared/ with the new
// token and this server's address (docs/cameras.md, Running the recorder).
import { useState, type KeyboardEvent } from 'react';
import {
  isOwnComputerUrl,
  RECORDER_CLIPS_FOLDERS,
  RECORDER_DOWNLOAD_PATH,
  RECORDER_SCRIPT_NAME,
  RECORDER_SETUP_WORDS,
  RECORDER_SYSTEMS,
  recorderSetup,
  type RecorderSystem,
} from '@courtreplay/shared';
import { CopyBlock } from '../common/CopyBlock.tsx';
import { useAdminLanguage } from '../i18n/admin-language.ts';
import './RecorderSetup.css';

interface Step {
  say: string;
  name: string;
  text: string;
  download?: { name: string; label: string };
}

export function RecorderSetup({ serverUrl, token }: { serverUrl: string; token: string }) {
  const W = RECORDER_SETUP_WORDS[useAdminLanguage()];
  const [system, setSystem] = useState<RecorderSystem>('windows');
  const setup = recorderSetup({ serverUrl, token });
  const steps: Record<RecorderSystem, Step[]> = {
    windows: [
      { say: W.windows.install, name: 'install', text: setup.windows.install },
      {
        say: W.windows.script,
        name: 'script',
        text: setup.windows.script,
        download: { name: RECORDER_SCRIPT_NAME, label: W.downloadScript },
      },
      { say: W.windows.startup, name: 'startup', text: setup.windows.startup },
    ],
    linux: [
      { say: W.linux.install, name: 'install', text: setup.linux.install },
      { say: W.linux.run, name: 'run', text: setup.linux.run },
      { say: W.linux.service, name: 'service', text: setup.linux.service },
    ],
    macos: [
      { say: W.macos.install, name: 'install', text: setup.macos.install },
      { say: W.macos.run, name: 'run', text: setup.macos.run },
      { say: W.macos.service, name: 'service', text: setup.macos.service },
    ],
  };
  // Arrow keys move between the systems, as in any tab list.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = RECORDER_SYSTEMS[(RECORDER_SYSTEMS.indexOf(system) + step + RECORDER_SYSTEMS.length) % RECORDER_SYSTEMS.length]!;
    setSystem(next);
    document.getElementById(`recorder-system-${next}`)?.focus();
  };
  return (
    <div className="recorder-setup">
      {isOwnComputerUrl(serverUrl) && (
        <div className="notice notice-error" role="alert" data-testid="recorder-own-computer">
          {W.ownComputer(serverUrl)}
        </div>
      )}
      <div className="recorder-systems" role="tablist" aria-label={W.system} onKeyDown={onKeyDown}>
        {RECORDER_SYSTEMS.map((s) => (
          <button
            key={s}
            id={`recorder-system-${s}`}
            type="button"
            role="tab"
            aria-selected={s === system}
            aria-controls="recorder-system-steps"
            tabIndex={s === system ? 0 : -1}
            className={s === system ? 'btn btn-primary' : 'btn'}
            onClick={() => setSystem(s)}
          >
            {W.systems[s]}
          </button>
        ))}
      </div>
      <div id="recorder-system-steps" role="tabpanel" aria-labelledby={`recorder-system-${system}`} data-system={system}>
        <ol className="recorder-steps">
          {steps[system].map((step) => (
            <li key={step.name}>
              <p>{step.say}</p>
              <CopyBlock text={step.text} words={W} testId={`recorder-${system}-${step.name}`} download={step.download} />
            </li>
          ))}
        </ol>
        <p>{W.clipsFolder(RECORDER_CLIPS_FOLDERS[system])}</p>
        <a className="btn recorder-download" href={RECORDER_DOWNLOAD_PATH} download>
          {W.downloadRecorder}
        </a>
      </div>
    </div>
  );
}
