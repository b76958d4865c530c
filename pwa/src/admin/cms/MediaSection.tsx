import { useState, type FormEvent } from 'react';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { useRemovePortraitVideoMutation, useUploadMediaMutation } from './mutations.ts';
import { MEDIA, type CmsMedia } from './upload.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './MediaSection.css';

interface Props {
  media: CmsMedia;
  /** The stored URL of the current file, if any. */
  current: string | undefined;
}

/** Current media, the recommendations, a file picker and the upload with its percentage. */
export function MediaSection({ media, current }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.cms;
  const S = MESSAGES.adminScreens.cms;
  const rule = MEDIA[media];
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const upload = useUploadMediaMutation(rule, setProgress);
  const removePortrait = useRemovePortraitVideoMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rule.check(file);
    if (problem || !file) return setNotice(failure(problem ?? ''));
    setNotice(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (answer) => {
        const message = (answer as { message?: unknown } | null)?.message;
        setNotice(success(typeof message === 'string' ? message : `${T.sections[media]} uploaded successfully`));
      },
      onError: (err) => {
        setProgress(null);
        setNotice(failure(err.message));
      },
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={T.sections[media]}>
      <p className="muted">{T.recommendations[media]}</p>
      {current ? (
        <div className="media-preview">
          {rule.field === 'video' ? (
            <video src={current} controls muted preload="metadata" aria-label={S.current(T.sections[media].toLowerCase())} />
          ) : (
            <img src={current} alt={S.current(T.sections[media].toLowerCase())} />
          )}
        </div>
      ) : (
        <p className="muted">{S.noFile}</p>
      )}
      <div className="inline-form">
        <input
          type="file"
          name={media}
          accept={rule.accept}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProgress(null);
            setNotice(null);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
          {S.upload}
        </button>
        {media === 'portraitPromoVideo' && current ? (
          <ConfirmButton
            label={T.removePortrait}
            className="btn btn-danger"
            disabled={removePortrait.isPending || upload.isPending}
            onConfirm={() =>
              removePortrait.mutate(undefined, {
                onSuccess: (answer) => setNotice(success(answer.message)),
                onError: (err) => setNotice(failure(err.message)),
              })
            }
          />
        ) : null}
      </div>
      {progress !== null && (
        <div className="upload-progress">
          <progress max={100} value={progress} aria-label={S.uploadProgress} />
          <span data-testid="upload-percent">{T.uploadProgress(progress)}</span>
        </div>
      )}
      <Notice notice={notice} />
    </form>
  );
}
