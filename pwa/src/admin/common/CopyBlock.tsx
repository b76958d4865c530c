// A command or a file to copy as it is, with a Copy button (and a download, for a file). Over plain
// HTTP (a server on the venue's LAN) browsers give no clipboard to a page: the text is then selected,
// so Ctrl+C copies it.
import { useRef, useState } from 'react';
import './CopyBlock.css';

interface Props {
  text: string;
  words: { copy: string; copied: string; copySelected: string };
  testId: string;
  /** Offers the text as a file too. */
  download?: { name: string; label: string };
}

export function CopyBlock({ text, words, testId, download }: Props) {
  const code = useRef<HTMLPreElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      const selection = window.getSelection();
      if (code.current && selection) selection.selectAllChildren(code.current);
      setOutcome('selected');
    }
  };
  return (
    <div className="copy-block">
      <pre className="mono" data-testid={testId} ref={code}>
        {text}
      </pre>
      <div className="copy-actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          {words.copy}
        </button>
        {download ? (
          <a className="btn" download={download.name} href={`data:application/octet-stream;charset=utf-8,${encodeURIComponent(text)}`}>
            {download.label}
          </a>
        ) : null}
        <span role="status" className="muted">
          {outcome === 'copied' ? words.copied : outcome === 'selected' ? words.copySelected : ''}
        </span>
      </div>
    </div>
  );
}
