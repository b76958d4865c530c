import { MESSAGES } from '@courtreplay/shared';

/** A placeholder the spec keeps empty (section 2). */
export function ErrorsTab() {
  return (
    <div className="panel">
      <h2>{MESSAGES.errorsTab.title}</h2>
    </div>
  );
}
