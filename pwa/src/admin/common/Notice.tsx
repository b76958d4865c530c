// One line of feedback: success in green, error in red, announced to screen readers.
import { useEffect, useState } from 'react';
import { useAdminTranslate } from '../i18n/admin-language.ts';

export type NoticeValue = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** A fixed English text (a fallback, a validation result) shows in the admin's language. */
export function Notice({ notice }: { notice: NoticeValue }) {
  const translate = useAdminTranslate();
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {translate(notice.text)}
    </div>
  );
}

/** A notice that clears itself after `ms` (the spec's 3 s export and 5 s resend messages). */
export function useTimedNotice(ms?: number): [NoticeValue, (n: NoticeValue) => void] {
  const [notice, setNotice] = useState<NoticeValue>(null);
  useEffect(() => {
    if (!notice || ms === undefined) return;
    const timer = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(timer);
  }, [notice, ms]);
  return [notice, setNotice];
}

export const success = (text: string): NoticeValue => ({ kind: 'success', text });
export const failure = (text: string): NoticeValue => ({ kind: 'error', text });
