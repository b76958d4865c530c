// What the selection screen shows before today's clips are listed (spec section 4):
// the spec's folder panel for staff setting up the day's folder (instructions, Browse Videos, the
// staff help line), or, once a folder was chosen today and only its permission must be asked again,
// "Please call our staff for assistance" (the re-allow is behind the staff control in the top bar).
import { useMessages, useTranslate } from '../i18n/language.ts';
import './FolderPanel.css';

interface Props {
  needsStaff: boolean;
  productName: string;
  error: string | null;
  onBrowse: () => void;
}

export function FolderPanel({ needsStaff, productName, error, onBrowse }: Props) {
  const m = useMessages();
  const F = m.folder;
  const tr = useTranslate();
  const alert = error ? (
    <p className="alert alert-error" role="alert">
      {tr(error)}
    </p>
  ) : null;
  if (needsStaff) {
    return (
      <section className="folder-panel kiosk-panel" data-testid="needs-staff">
        <h1 className="folder-title">{F.help}</h1>
        {alert}
      </section>
    );
  }
  return (
    <section className="folder-panel kiosk-panel" aria-labelledby="folder-title">
      <h1 id="folder-title" className="folder-title">
        {m.selection.title}
      </h1>
      <ol className="folder-steps">
        {F.instructionSteps(productName).map((step, i) => (
          <li key={step}>
            <span className="step-number">{i + 1}</span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary btn-xl" onClick={onBrowse}>
        {F.browseVideos}
      </button>
      {alert}
      <p className="folder-help">{F.help}</p>
    </section>
  );
}
